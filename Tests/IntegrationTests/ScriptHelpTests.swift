// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TestSupport

/// Every script in scripts/ answers --help and -h with its usage on standard
/// output and exit 0, and an unknown option with one line and exit 2, before
/// it does any work: the programs the scripts' work runs (swift, cc, apt-get,
/// dpkg, python3 …) are replaced on PATH by stubs that record being called,
/// and none may be.
@Suite struct ScriptHelpTests {
    static let scripts: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: Plugins.root + "/scripts")) ?? [])
        .filter { $0.hasSuffix(".sh") }.sorted()
    /// run.sh passes every argument but a first --help to fxhost, so it has no unknown option of its own.
    static let passThrough: Set<String> = ["run.sh"]
    static let stubbed = ["swift", "cc", "gcc", "apt-get", "sudo", "dpkg-query", "dpkg-deb", "dpkg-shlibdeps", "python3",
                          "ffmpeg", "valgrind", "git", "patchelf", "strip", "lintian", "chromium"]

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// Runs a script with the stubs first on PATH; the result and what the stubs recorded.
    static func run(_ script: String, _ arguments: [String]) throws -> (ProcessResult, called: String) {
        let dir = try TestSupport.temporaryFolder()
        let log = dir + "/called"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        for tool in stubbed {
            let stub = dir + "/" + tool
            try "#!/bin/sh\necho \"\(tool) $*\" >> '\(log)'\nexit 1\n".write(toFile: stub, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub)
        }
        let path = dir + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        // A bound on the time: help must not wait for anything.
        let r = try runProcess("/usr/bin/timeout", ["20", "/bin/bash", Plugins.root + "/scripts/" + script] + arguments,
                               environment: ["PATH": path], cwd: dir)
        return (r, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    @Test func thereAreScriptsToCheck() {
        #expect(Self.scripts.count >= 19 && Self.scripts.contains("fuzz.sh"), "\(Self.scripts)")
    }

    @Test(arguments: scripts) func helpPrintsTheUsageAndDoesNothingElse(script: String) throws {
        for flag in ["--help", "-h"] {
            let (r, called) = try Self.run(script, [flag])
            #expect(r.status == 0, "\(script) \(flag): status \(r.status), \(r.stderr)")
            #expect(r.stdout.hasPrefix("Usage: scripts/\(script)"), "\(script) \(flag): \(r.stdout.prefix(200))")
            // The usage line and a description from the header comment.
            #expect(r.stdout.split(separator: "\n").count >= 2, "\(script) \(flag): \(r.stdout)")
            #expect(r.stderr.isEmpty, "\(script) \(flag): \(r.stderr)")
            #expect(called.isEmpty, "\(script) \(flag) ran \(called)")
        }
    }

    @Test(arguments: scripts.filter { !passThrough.contains($0) })
    func anUnknownOptionIsOneLineAndExitTwo(script: String) throws {
        let (r, called) = try Self.run(script, ["--no-such-option"])
        #expect(r.status == 2, "\(script): status \(r.status)")
        #expect(r.stdout.isEmpty, "\(script): \(r.stdout)")
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty && lines[0].contains("unknown option --no-such-option")
                && lines[0].contains("usage: scripts/\(script)"), "\(script): \(r.stderr)")
        #expect(called.isEmpty, "\(script) --no-such-option ran \(called)")
    }
}
