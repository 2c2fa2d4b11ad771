// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TestSupport

/// The licence is stated where it must be (LICENSE, README): every source file
/// the repository tracks names its licence on its first line (after a shebang or
/// SwiftPM's tools-version line, which must come first), so a file added later
/// without one fails here by name. The project is MIT; fx.h and the examples plugin
/// authors copy are MIT-0, so a plugin under any licence may copy them.
@Suite struct LicenceTests {
    /// What the repository tracks, as git lists it.
    static func trackedFiles() throws -> [String] {
        let r = try runProcess("/usr/bin/env", ["git", "-C", Plugins.root, "ls-files", "-z"])
        guard r.status == 0 else { throw Failure("git ls-files: \(r.stderr)") }
        return r.stdout.split(separator: "\0").map(String.init)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    static let sourceExtensions: Set<String> = ["swift", "c", "h", "modulemap", "sh", "py", "yaml", "sbatch", "html", "js", "css"]

    /// A source file: one of the languages the project writes in, a Containerfile, or any script (a shebang).
    static func isSource(_ path: String, firstLine: String) -> Bool {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return sourceExtensions.contains(URL(fileURLWithPath: path).pathExtension) || name == "Containerfile" || firstLine.hasPrefix("#!")
    }

    /// MIT-0 for what a plugin copies (the header, its frozen earlier versions the ABI tests compile, the examples); MIT elsewhere.
    static func expectedLicence(_ path: String) -> String {
        let header = path == "Sources/CFX/include/fx.h" || (path.hasPrefix("Tests/FXHostTests/Fixtures/abi-") && path.hasSuffix("/fx.h"))
        return header || path.hasPrefix("Plugins/examples/") ? "MIT-0" : "MIT"
    }

    /// The licence a file's SPDX line names, if that line is where it belongs.
    static func declaredLicence(_ lines: [Substring]) -> String? {
        let skip = lines.first.map { $0.hasPrefix("#!") || $0.hasPrefix("// swift-tools-version") } ?? false
        let at = skip ? 1 : 0
        guard lines.count > at, let range = lines[at].range(of: "SPDX-License-Identifier: ") else { return nil }
        let rest = lines[at][range.upperBound...]
        return String(rest.prefix { !$0.isWhitespace })
    }

    @Test func everySourceFileNamesItsLicence() throws {
        var missing: [String] = [], wrong: [String] = []
        var checked = 0
        for path in try Self.trackedFiles() {
            guard let data = FileManager.default.contents(atPath: Plugins.root + "/" + path),
                  let text = String(data: data, encoding: .utf8) else { continue }  // images and other binaries
            let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
            guard Self.isSource(path, firstLine: String(lines.first ?? "")) else { continue }
            checked += 1
            switch Self.declaredLicence(lines) {
            case nil: missing.append(path)
            case let found? where found != Self.expectedLicence(path): wrong.append("\(path) (\(found), expected \(Self.expectedLicence(path)))")
            default: break
            }
        }
        #expect(checked > 400, "only \(checked) source files found: is this a git checkout?")
        #expect(missing.isEmpty, "no SPDX-License-Identifier line at the top of: \(missing.joined(separator: ", "))")
        #expect(wrong.isEmpty, "wrong licence in: \(wrong.joined(separator: ", "))")
    }

    /// fx.h says in plain words that a plugin may copy it under any licence, and carries MIT-0's grant whole.
    @Test func theHeaderIsMITZero() throws {
        let header = try String(contentsOfFile: Plugins.root + "/Sources/CFX/include/fx.h", encoding: .utf8)
        #expect(header.hasPrefix("/* SPDX-License-Identifier: MIT-0 */\n"))
        #expect(header.contains("under\n * any licence, open or closed, without keeping this or any other notice."))
        // MIT-0's grant ends at "furnished to do so." with no condition after it (spdx.org/licenses/MIT-0).
        #expect(header.contains("to permit persons to whom the Software is\n * furnished to do so.\n"))
        #expect(!header.contains("subject to the following conditions"))
    }

    @Test func theRootLicenceIsMIT() throws {
        let licence = try String(contentsOfFile: Plugins.root + "/LICENSE", encoding: .utf8)
        #expect(licence.hasPrefix("MIT License\n\nCopyright 2026 The fxhost authors\n"))
        #expect(licence.contains("The above copyright notice and this permission notice shall be included in all\ncopies or substantial portions of the Software."))
    }

    /// The conformance fixtures ported from MIT libraries keep their authors' notices.
    @Test(arguments: [("Tests/Conformance/Fixtures/spinkit.c", "Copyright (c) 2014 Ramon Torres"),
                      ("Tests/Conformance/Fixtures/dgactivity.c", "Copyright (c) 2015 Danil Gontovnik")])
    func portsKeepTheirUpstreamNotice(path: String, notice: String) throws {
        let text = try String(contentsOfFile: Plugins.root + "/" + path, encoding: .utf8)
        #expect(text.contains(notice))
    }
}
