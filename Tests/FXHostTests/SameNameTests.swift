// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// Two plugin files that share a name: fxhost names both, in --list, when --plugin resolves the
/// name, and in check.
@Suite struct SameNameTests {
    let dir: String
    let first: String, second: String

    /// One fixture, twice, under two file names that both answer to `--plugin golden`
    /// (X.so, then libX.so, in one folder: docs and PluginLocator give that order).
    init() throws {
        dir = try Harness.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/plugins", withIntermediateDirectories: true)
        first = try Harness.compilePlugin(Harness.fixture("golden.c"), into: dir + "/plugins", name: "golden.so")
        second = dir + "/plugins/libgolden.so"
        try FileManager.default.copyItem(atPath: first, toPath: second)
    }

    var path: [String: String] { ["FX_PLUGIN_PATH": dir + "/plugins"] }

    @Test func listNamesBothFiles() throws {
        let r = try Harness.fxhost(["--list"], environment: path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("fxhost: warning: 2 plugins are named 'golden': \(first) and \(second)"), "\(r.stderr)")
        // Both are still listed.
        #expect(r.stdout.contains("file: \(first)") && r.stdout.contains("file: \(second)"))
    }

    @Test func resolvingTheNameNamesBothAndTakesTheFirst() throws {
        let r = try Harness.fxhost(["--plugin", "golden", "--time", "0"], environment: path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("fxhost: warning: 2 plugin files answer to the name 'golden': \(first) and \(second); using the first"),
                "\(r.stderr)")
        // A path is not a name: no warning.
        let direct = try Harness.fxhost(["--plugin", first, "--time", "0"], environment: path)
        #expect(direct.status == 0 && !direct.stderr.contains("warning"), "\(direct.stderr)")
    }

    @Test func checkNamesBoth() throws {
        let all = try Harness.fxhost(["check"], environment: path)
        #expect(all.status == 0, "\(all.stdout)\(all.stderr)")
        #expect(all.stderr.contains("2 plugins are named 'golden': \(first) and \(second)"), "\(all.stderr)")
        let named = try Harness.fxhost(["check", "golden"], environment: path)
        #expect(named.stderr.contains("2 plugin files answer to the name 'golden'"), "\(named.stderr)")
    }

    @Test func oneCopyGivesNoWarningAndAHiddenOneIsNamed() throws {
        try FileManager.default.removeItem(atPath: second)
        let alone = try Harness.fxhost(["--list"], environment: path)
        #expect(alone.status == 0 && !alone.stderr.contains("warning"), "\(alone.stderr)")
        // The same file name in a later folder is hidden by the first.
        try FileManager.default.createDirectory(atPath: dir + "/later", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: first, toPath: dir + "/later/golden.so")
        let hidden = try Harness.fxhost(["--list"], environment: ["FX_PLUGIN_PATH": dir + "/plugins:" + dir + "/later"])
        #expect(hidden.stderr.contains("warning: \(dir)/later/golden.so is hidden by \(first)"), "\(hidden.stderr)")
    }
}
