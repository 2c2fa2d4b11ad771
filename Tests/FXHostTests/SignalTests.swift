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

    /// fxhost on a build that sleeps 20 s, writing to `out`, started and waited for until the build has begun.
    func sleeper(_ out: String, kase: Int = 16, newGroup: Bool = false) throws -> BackgroundRun {
        let run = try BackgroundRun(["--plugin", try Rogue.plugin(kase, in: dir), "--end", "0.2", "--timeout", "60",
                                     "--out", out], in: dir, newGroup: newGroup)
        #expect(BackgroundRun.waitFor("sleeping", in: run.stderrPath))
        #expect(Rogue.temporaries(in: dir).count == 1, "the output's temporary file exists while the build runs")
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
