// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// Runs things the way a user or a third party would: the real fxhost
/// binary, plugins compiled with `cc` against fx.h.
enum Harness {
    /// The folder holding the test bundle, fxhost and the built plugins.
    static var binFolder: String { TestSupport.binFolder }

    static var fxhost: String { binFolder + "/fxhost" }

    /// The repository root, found from this file's path.
    static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static let header = root + "/Sources/CFX/include"

    static func temporaryFolder() throws -> String { try TestSupport.temporaryFolder() }

    static func fxhost(_ arguments: [String], environment: [String: String] = [:], cwd: String? = nil) throws -> ProcessResult {
        try runProcess(fxhost, arguments, environment: environment, cwd: cwd)
    }

    /// Compiles a C plugin exactly as docs/PLUGINS.md tells a third party to.
    static func compilePlugin(_ source: String, into folder: String, name: String? = nil,
                              defines: [String] = []) throws -> String {
        let out = folder + "/" + (name ?? (URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent + ".so"))
        let r = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic",
                                         "-shared", "-fPIC", "-I", header] + defines.map { "-D" + $0 } + [source, "-o", out])
        guard r.status == 0 else { throw CompileError(message: "cc \(source) failed:\n\(r.stderr)") }
        return out
    }

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    struct CompileError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// Parses one JSON line on its own (a first line, or one whose shared values are defined in it).
func jsonObject(_ line: Substring) throws -> [String: Any] {
    var reader = JSONLinesReader()
    return try reader.read(line)
}
