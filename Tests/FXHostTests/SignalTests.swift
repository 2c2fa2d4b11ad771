// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import TestSupport
import Testing

/// SIGINT, SIGTERM and SIGHUP to fxhost, or to its process group, mid-run:
/// the child is stopped, temporary files are removed, the status is 128 + the
/// signal; an output is never put in place after fxhost is gone.
@Suite struct SignalTests {
    let dir: String
    init() throws { dir = try Harness.temporaryFolder() }

    /// fxhost on a build that sleeps 20 s, writing to `out`, started and waited for until the build has begun;
    /// `ignoring` names signals the test process ignores while it starts fxhost (then restores).
    func sleeper(_ out: String, kase: Int = 16, newGroup: Bool = false, ignoring: [Int32] = []) throws -> BackgroundRun {
        let arguments = ["--plugin", try Rogue.plugin(kase, in: dir), "--end", "0.2", "--timeout", "60", "--out", out]
        let run = try Self.withIgnored(ignoring) { try BackgroundRun(arguments, in: dir, newGroup: newGroup) }
        #expect(BackgroundRun.waitFor("sleeping", in: run.stderrPath))
        #expect(Rogue.temporaries(in: dir).isEmpty, "the output has no name while the build runs")
        return run
    }

    @Test(arguments: [(SIGTERM, 143), (SIGINT, 130), (SIGHUP, 129)] as [(Int32, Int32)])
    func aSignalToFxhostStopsTheChildAndCleansUp(_ signal: Int32, _ status: Int32) throws {
        let out = dir + "/x\(signal).jsonl"
        let run = try sleeper(out)
        var took = 0.0
        took = Rogue.seconds {
            kill(run.pid, signal)
            #expect(run.wait() == status)
        }
        #expect(took < 5, "took \(took) s")
        #expect(run.stderr.hasSuffix("before the run ended; no output file was put in place\n"), "\(run.stderr)")
        #expect(Rogue.temporaries(in: dir).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A test process that inherited SIGINT and SIGHUP ignored (started in the background of a
    /// non-interactive shell, or under nohup) still starts fxhost with both at their default action:
    /// fxhost keeps a signal ignored at start ignored, so without the reset it ran on to the end.
    @Test(arguments: [(SIGINT, 130), (SIGHUP, 129)] as [(Int32, Int32)])
    func signalsTheTestProcessIgnoresStillReachFxhost(_ signal: Int32, _ status: Int32) throws {
        let out = dir + "/ignored\(signal).jsonl"
        let run = try sleeper(out, ignoring: [SIGINT, SIGHUP])
        kill(run.pid, signal)
        #expect(run.wait() == status)
        #expect(Rogue.temporaries(in: dir).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// One test at a time changes the process's dispositions, so that each restores what it found.
    static let dispositions = NSLock()

    static func withIgnored<T>(_ signals: [Int32], _ body: () throws -> T) rethrows -> T {
        guard !signals.isEmpty else { return try body() }
        dispositions.lock()
        defer { dispositions.unlock() }
        let before = signals.map { Glibc.signal($0, SIG_IGN) }
        defer { for (s, handler) in zip(signals, before) { _ = Glibc.signal(s, handler) } }
        return try body()
    }

    @Test func ctrlCToTheProcessGroupStopsEverything() throws {
        let out = dir + "/group.jsonl"
        let run = try sleeper(out, newGroup: true)
        // fxhost leads a group of its own: its pid is the group's id.
        kill(-run.pid, SIGINT)
        #expect(run.wait() == 130)
        #expect(Rogue.temporaries(in: dir).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func nothingIsPublishedAfterFxhostIsKilled() throws {
        let out = dir + "/late.jsonl"
        // The build sleeps 2 s; fxhost is killed during it, and the child must not finish the job.
        let run = try sleeper(out, kase: 19)
        kill(run.pid, SIGKILL)
        _ = run.wait()
        sleep(3)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
