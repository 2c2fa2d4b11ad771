// SPDX-License-Identifier: MIT
import Foundation
import TestSupport

/// Every plugin the project has, found the way a test suite of a third party
/// would: the Swift plugins beside fxhost, and the C examples compiled with cc.
enum Plugins {
    static var binFolder: String { TestSupport.binFolder }
    static var fxhost: String { binFolder + "/fxhost" }
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The Swift plugins: one `Plugins/<name>/` folder each, built as lib<name>.so beside fxhost.
    static func swiftPlugins() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root + "/Plugins").filter { $0 != "examples" }.sorted()
            .map { binFolder + "/lib\($0).so" }
    }

    /// How many factories `check` runs for these plugins: one each, but the
    /// seeds plugin has the five hand ports' (spinner, shimmer, cube, fade, pulse).
    static func factoryCount(_ plugins: [String]) -> Int {
        plugins.map { ["libseeds.so", "seeds.so"].contains(URL(fileURLWithPath: $0).lastPathComponent) ? 5 : 1 }.reduce(0, +)
    }

    /// The C examples, compiled exactly as docs/PLUGINS.md says.
    static func cExamples(into dir: String) throws -> [String] {
        let sources = try FileManager.default.contentsOfDirectory(atPath: root + "/Plugins/examples").filter { $0.hasSuffix(".c") }.sorted()
        return try sources.map { name in
            let out = dir + "/" + name.replacingOccurrences(of: ".c", with: ".so")
            let r = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC",
                                                    "-I", root + "/Sources/CFX/include", root + "/Plugins/examples/" + name, "-o", out])
            guard r.status == 0 else { throw FFmpeg.DecodeError(message: "cc \(name): \(r.stderr)") }
            return out
        }
    }

    static func run(_ args: [String]) throws -> ProcessResult { try runProcess(fxhost, args) }

    /// JSON lines output: one sample per element.
    static func samples(_ args: [String]) throws -> [[String: Any]] {
        let r = try run(args + ["--sink", "jsonl"])
        guard r.status == 0 else { throw FFmpeg.DecodeError(message: "fxhost \(args): \(r.stderr)") }
        return try JSONLinesReader.read(r.stdout)
    }
}

extension Dictionary where Key == String, Value == Any {
    var layers: [[String: Any]] { self["layers"] as! [[String: Any]] }
    func layer(_ path: String) -> [String: Any]? { layers.first { $0["path"] as? String == path } }
}

extension Dictionary where Key == String, Value == Any {
    var props: [String: Any] { self["props"] as! [String: Any] }
    /// The presented transform, identity when the layer has none.
    var transform: [Double] { props["transform"] as? [Double] ?? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }
}
