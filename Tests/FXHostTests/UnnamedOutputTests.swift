// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import TestSupport
import Testing

/// An output file has no name while it is written (O_TMPFILE): its folder shows nothing until
/// the run ends, a killed run leaves nothing, and where unnamed files are not to be had
/// (`FXHOST_TEST_NAMED_TEMPORARY`, the fallback's test switch) the named temporary file of old
/// is used. The rogue plugin of case 19 sleeps 2 s in its build, with the output open.
@Suite struct UnnamedOutputTests {
    let dir: String
    let outs: String
    init() throws {
        dir = try Harness.temporaryFolder()
        outs = dir + "/outs"
        try FileManager.default.createDirectory(atPath: outs, withIntermediateDirectories: false)
    }

    func listing() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: outs)) ?? []).sorted() }

    /// fxhost on the sleeping build writing `out`, started in the background with `environment`
    /// added, and waited for until the build has begun.
    func sleeper(_ out: String, environment: [String: String] = [:]) throws -> (Process, String) {
        let plugin = try Rogue.plugin(19, in: dir)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Harness.fxhost)
        p.arguments = ["--plugin", plugin, "--sink", "jsonl", "--timeout", "60", "--out", out] + Rogue.shortRun
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "FX_PLUGIN_PATH")
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let err = dir + "/sleeper-\(UUID().uuidString).err"
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        p.standardError = FileHandle(forWritingAtPath: err)
        p.standardOutput = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        #expect(BackgroundRun.waitFor("sleeping", in: err))
        return (p, err)
    }

    /// What the same run writes to standard output, which no temporary file is involved in.
    func expected() throws -> Data {
        let r = try Harness.fxhost(["--plugin", try Rogue.plugin(19, in: dir), "--sink", "jsonl"] + Rogue.shortRun)
        #expect(r.status == 0, "\(r.stderr)")
        return r.data
    }

    @Test func theOutputHasNoNameWhileItIsWritten() throws {
        let out = outs + "/x.jsonl"
        let (run, err) = try sleeper(out)
        #expect(listing().isEmpty, "while the build runs the output's folder holds \(listing())")
        run.waitUntilExit()
        #expect(run.terminationStatus == 0, "\((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
        #expect(listing() == ["x.jsonl"])
        let written = try Data(contentsOf: URL(fileURLWithPath: out))
        let plain = try expected()
        #expect(!written.isEmpty && written == plain)
        var st = stat()
        let found = stat(out, &st) == 0
        let mode = st.st_mode & 0o777, links = st.st_nlink
        #expect(found && mode == 0o644 && links == 1, "mode \(String(mode, radix: 8)), \(links) links")
    }

    /// SIGKILL to fxhost: nothing runs after it, and nothing is left, since nothing had a name.
    @Test func aKilledRunLeavesNothing() throws {
        let (run, _) = try sleeper(outs + "/killed.jsonl")
        kill(run.processIdentifier, SIGKILL)
        run.waitUntilExit()
        #expect(run.terminationReason == .uncaughtSignal)
        #expect(listing().isEmpty, "\(listing())")
    }

    /// The fallback: a named temporary file in the folder while the output is written, renamed into place at the end.
    @Test func withoutUnnamedFilesATemporaryNameIsUsed() throws {
        let out = outs + "/named.jsonl"
        let (run, err) = try sleeper(out, environment: ["FXHOST_TEST_NAMED_TEMPORARY": "1"])
        let during = listing()
        #expect(during.count == 1 && during[0].hasPrefix(".fxhost-"), "\(during)")
        run.waitUntilExit()
        #expect(run.terminationStatus == 0, "\((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
        #expect(listing() == ["named.jsonl"])
        let plain = try expected()
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == plain)
    }

    /// The attack unnamed files stop: Fixtures/namehunter.c lists the output's folder in its build
    /// and in a timer while the frames are written, and writes into every `.fxhost-*` it finds. It
    /// finds none, and the file is what the same run writes to standard output. With the named
    /// fallback it finds the temporary file each time and the output comes out corrupted (1 MiB
    /// long): the limit docs/isolation.md states for filesystems without unnamed files.
    @Test func aPluginFindsNoOutputByName() throws {
        let hunter = try Harness.compilePlugin(Harness.fixture("namehunter.c"), into: dir, defines: ["_GNU_SOURCE"])
        let run = ["--plugin", hunter, "--folder", outs, "--end", "0.3", "--fps", "10", "--sink", "jsonl"]
        let plain = try Harness.fxhost(run)
        #expect(plain.status == 0 && !plain.data.isEmpty, "\(plain.stderr)")
        let out = outs + "/hunted.jsonl"
        let r = try Harness.fxhost(run + ["--out", out])
        #expect(r.status == 0)
        #expect(r.stderr == "fxhost: namehunter: hunted 0 in the build\nfxhost: namehunter: hunted 0 in a timer\n", "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == plain.data)
        let named = outs + "/named.jsonl"
        let n = try runProcess(Harness.fxhost, run + ["--out", named], environment: ["FXHOST_TEST_NAMED_TEMPORARY": "1"])
        #expect(n.status == 0)
        #expect(n.stderr == "fxhost: namehunter: hunted 1 in the build\nfxhost: namehunter: hunted 1 in a timer\n", "\(n.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: named)).count == (1 << 20) + 6)
    }

    /// A good file already in place is replaced whole, by both schemes, and the bytes are the same.
    @Test func anExistingFileIsReplacedWhole() throws {
        for environment in [[:], ["FXHOST_TEST_NAMED_TEMPORARY": "1"]] {
            let out = outs + "/replaced.jsonl"
            try Data("old\n".utf8).write(to: URL(fileURLWithPath: out))
            let r = try runProcess(Harness.fxhost, ["--plugin", "cube", "--sink", "jsonl", "--end", "0.2", "--out", out],
                                   environment: environment)
            #expect(r.status == 0, "\(r.stderr)")
            let plain = try Harness.fxhost(["--plugin", "cube", "--sink", "jsonl", "--end", "0.2"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == plain.data)
            #expect(listing() == ["replaced.jsonl"])
        }
    }
}
