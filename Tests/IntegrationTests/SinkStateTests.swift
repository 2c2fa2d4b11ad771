// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TestSupport

/// The sink modules hold no mutable state of their own beyond each sink's: what an output
/// needs to be published (standard output's writer, a supervisor that holds the files) is a
/// `Publication` value given to it when it is made (docs/ARCHITECTURE.md). A static or global
/// `var` in FXSinks or FXImageSinks is a setting some other part could change behind the sinks'
/// backs, as five statics on `OutputFile` once wired the supervisor into the sinks; this scan
/// fails on one, by file and line.
@Suite struct SinkStateTests {
    static let sinkModules = ["Sources/FXSinks", "Sources/FXImageSinks"]

    /// Attributes and modifiers a declaration may carry before its keyword.
    static let prefix = #"(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|private|fileprivate|open|final|nonisolated(?:\(unsafe\))?)\s+)*"#
    /// `static var` or `class var`, at any depth, stored or computed (a computed one is a `static func`).
    static let staticVar = try! NSRegularExpression(pattern: #"^\s*"# + prefix + #"(?:static|class)\s+var\b"#)
    /// A `var` at file scope (no indentation) that is stored: not `var name: Type { … }`.
    static let globalVar = try! NSRegularExpression(pattern: #"^"# + prefix + #"var\b(?![^=]*\{)"#)

    /// The lines of `text` that declare mutable state outliving any value, numbered from 1;
    /// comments are skipped.
    static func offendingLines(_ text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            let s = String(line)
            if s.trimmingCharacters(in: .whitespaces).hasPrefix("//") { return nil }
            let range = NSRange(s.startIndex..., in: s)
            let found = staticVar.firstMatch(in: s, range: range) != nil || globalVar.firstMatch(in: s, range: range) != nil
            return found ? i + 1 : nil
        }
    }

    /// The scan itself, on declarations written out here: it would see each way back in.
    @Test func theScanFindsEveryKindOfMutableStatic() {
        let caught = [
            "    nonisolated(unsafe) public static var relay: OutputRelay?",
            "    static var count = 0",
            "    public static var terminal: Terminal { .of(1) }",
            "    class var shared: Sink? { nil }",
            "    @MainActor static var pending: [Int] = []",
            "nonisolated(unsafe) var writer: (UnsafeRawBufferPointer) -> Bool = { _ in true }",
            "var frames = 0",
            "private var hooks: [() -> Void] = []",
        ]
        for line in caught { #expect(Self.offendingLines(line) == [1], "\(line)") }
        let allowed = [
            "    static let temporaryPrefix = \".fxhost-\"",
            "    private var buffer: [UInt8] = []",
            "    public var isFile: Bool { true }",
            "        var offset = 0",
            "    // static var in a comment",
            "    public static func direct() -> Publication { fatalError() }",
            "private var av: fx_av { fx_av_load()!.pointee }",
        ]
        for line in allowed { #expect(Self.offendingLines(line).isEmpty, "\(line)") }
    }

    @Test func sinkModulesHoldNoMutableStatics() throws {
        var found: [String] = []
        var scanned = 0
        for module in Self.sinkModules {
            let folder = Plugins.root + "/" + module
            guard let walk = FileManager.default.enumerator(atPath: folder) else { throw SinkStateFailure("cannot read \(folder)") }
            for case let file as String in walk where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                scanned += 1
                found += Self.offendingLines(text).map { "\(module)/\(file):\($0)" }
            }
        }
        #expect(scanned >= 20, "only \(scanned) Swift files under \(Self.sinkModules)")
        #expect(found.isEmpty, "mutable static or global state in a sink module (pass it to the sink as a value): \(found.joined(separator: ", "))")
    }
}

struct SinkStateFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
