// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// The supervisor's channel, and the supervisor itself, against plugin code
/// that writes into it, closes it, forks, jumps, signals, or closes standard error.
@Suite struct SupervisorTests {
    let dir: String
    init() throws { dir = try Harness.temporaryFolder() }

    func run(_ kase: Int, _ extra: [String] = [], out: String? = nil) throws -> ProcessResult {
        try Harness.fxhost(["--plugin", try Rogue.plugin(kase, in: dir)] + Rogue.shortRun + ["--timeout", "3"] +
                           (out.map { ["--out", $0] } ?? ["--sink", "jsonl"]) + extra)
    }

    @Test func aFakeIdleLineCannotStopTheClock() throws {
        var r: ProcessResult!
        let took = try Rogue.seconds { r = try run(5) }
        #expect(r.status == 1 && r.stderr.contains("wrote into fxhost's private pipe to its supervisor during the build of factory 'rogue'"), "\(r.stderr)")
        #expect(took < 3 + 5, "took \(took) s")
    }

    @Test func aFakeFinishedLineCannotEndARunAsASuccess() throws {
        let out = dir + "/fake.jsonl"
        let r = try run(6, out: out)
        #expect(r.status == 1 && r.stderr.contains("wrote into fxhost's private pipe"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(Rogue.temporaries(in: dir).isEmpty)
        let check = try Harness.fxhost(["check", try Rogue.plugin(6, in: dir), "--timeout", "3"])
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("FAIL  rogue/rogue") && check.stdout.contains("0 passed, 1 failed"), "\(check.stdout)")
    }

    @Test func closingEveryDescriptorThenHangingEndsTheRun() throws {
        var r: ProcessResult!
        let took = try Rogue.seconds { r = try run(7, ["--timeout", "30"]) }
        #expect(r.status == 1 && r.stderr.contains("closed or replaced descriptors it did not open"), "\(r.stderr)")
        #expect(r.stderr.contains("during the build of factory 'rogue'"))
        #expect(took < 10, "took \(took) s with a 30 s time limit")
    }

    @Test func closingEveryDescriptorThenGoingOnIsNotAnExit() throws {
        let r = try run(8)
        #expect(r.status == 1 && r.stderr.contains("closed or replaced descriptors it did not open"), "\(r.stderr)")
        #expect(!r.stderr.contains("exit(0)"))
    }

    @Test func sigpipeInPluginCodeIsOneLine() throws {
        let r = try run(9)
        #expect(r.status == 1, "status \(r.status)")
        #expect(r.stderr == "fxhost: error: plugin 'rogue' crashed (SIGPIPE, it wrote to a pipe that nobody reads) during the build of factory 'rogue'\n", "\(r.stderr)")
    }

    @Test func aHelperThatLivesOnDoesNotKeepFxhostWaiting() throws {
        var r: ProcessResult!
        // The helper sleeps 15 s holding copies of the child's pipes.
        let took = try Rogue.seconds { r = try run(10) }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 3)
        #expect(took < 10, "took \(took) s")
    }

    /// `--render-timeout` bounds the whole run, rendering included, where `--timeout` bounds each
    /// call into the plugin: a minute of 1080p video (1,801 frames, far more than a second's work)
    /// with a one-second limit stops after about a second, with one line and no output file.
    @Test func aRenderPastItsTimeLimitStopsWithOneLine() throws {
        let out = dir + "/long.y4m"
        var r: ProcessResult!
        let took = try Rogue.seconds {
            r = try Harness.fxhost(["--plugin", "spinner", "--size", "1920x1080", "--end", "60", "--out", out,
                                    "--render-timeout", "1"], environment: ["FX_PLUGIN_PATH": Harness.binFolder])
        }
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr == "fxhost: error: the run did not end within the render time limit of 1 s and was stopped outside plugin code; no output file was put in place (--render-timeout SECONDS to change it)\n", "\(r.stderr)")
        #expect(took < 8, "took \(took) s")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(Rogue.temporaries(in: dir).isEmpty)
    }

    /// Every process plugin code starts ends with the run, killed and reaped: a helper it
    /// forked and an orphan a double fork left behind (its parent exited at once) are gone
    /// from the process table by the time fxhost has exited (kill(pid, 0) finds no process).
    @Test func theProcessesAPluginStartsEndWithTheRun() throws {
        let r = try run(20)
        #expect(r.status == 0, "\(r.stderr)")
        let words = r.stderr.split(separator: "\n").first { $0.contains("helpers ") }?.split(separator: " ") ?? []
        let pids = words.suffix(2).compactMap { pid_t($0) }
        #expect(pids.count == 2, "\(r.stderr)")
        for pid in pids {
            #expect(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) outlived the run")
        }
    }

    @Test func longjmpOutOfANestedCallbackIsNamed() throws {
        let r = try run(11, ["--timeout", "30"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("left the did-stop callback of the 'opacity' BasicAnimation at t = 0.0 with longjmp"), "\(r.stderr)")
        #expect(r.stderr.contains("during the build of factory 'rogue'") && !r.stderr.contains("time limit"))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func fxhostsMessagesSurviveAClosedStandardError() throws {
        let r = try run(12)
        #expect(r.status == 1)
        #expect(r.stderr == "fxhost: error: plugin 'rogue': the build of factory 'rogue' failed: the build gave up after closing its standard error\n", "\(r.stderr)")
    }

    @Test func hostCallsFromASignalHandlerAreRefusedNotFatal() throws {
        // A SIGALRM every 0.2 ms calls layer_create while the build loops on layer_set.
        let r = try run(17)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("Simultaneous accesses") && r.stderr.isEmpty, "\(r.stderr.prefix(400))")
        #expect(r.stdout.split(separator: "\n").count == 3)
    }

    @Test(arguments: [(13, "kill(getppid(), SIGKILL)"), (14, "kill(getppid(), SIGSTOP)"), (18, "kill(0, SIGKILL)")])
    func pluginCodeCannotSignalTheSupervisor(_ kase: Int, _ call: String) throws {
        let out = dir + "/signal\(kase).jsonl"
        var r: ProcessResult!
        let took = try Rogue.seconds { r = try run(kase, out: out) }
        if Rogue.unguarded(r.stderr) { return }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("\(call) -> -1 Operation not permitted"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out) && Rogue.temporaries(in: dir).isEmpty)
        #expect(took < 10, "took \(took) s")
    }
}
