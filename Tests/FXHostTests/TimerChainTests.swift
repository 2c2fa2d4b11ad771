// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// A repeating timer chain (each tick schedules the next, as iOS code does with
/// `DispatchQueue.main.asyncAfter`) through the real fxhost: the natural end is
/// "when every finite animation and timer is done", so a chain that never ends
/// runs to the 60 s cap at any tick and fps, and a finite one to its last tick.
@Suite struct TimerChainTests {
    let dir: String
    let plugin: String

    init() throws {
        dir = try Harness.temporaryFolder()
        plugin = try Harness.compilePlugin(Harness.fixture("ticker.c"), into: dir)
    }

    /// The samples of a run: (t, the dot's x position), the dot being moved 1 point right per tick from x = 2.
    func samples(_ words: [String]) throws -> [(t: Double, x: Double)] {
        let r = try Harness.fxhost(["--plugin", plugin, "--sink", "jsonl"] + words)
        #expect(r.status == 0, "\(r.stderr)")
        return try r.stdout.split(separator: "\n").map { line in
            let o = try jsonObject(line)
            let dot = (o["layers"] as! [[String: Any]]).first { $0["path"] as? String == "stage/dot" }!
            let position = (dot["props"] as! [String: Any])["position"] as! [Double]
            return (o["t"] as! Double, position[0])
        }
    }

    /// (tick, fps, a frame time, the ticks done by then): 1.5 / 0.2 → 7, 1.0 / 0.3 → 3, 1.0 / 0.5 → 2
    /// (the second tick due at exactly 1.0, which a sample there follows).
    @Test(arguments: [(0.2, 30.0, 1.5, 7.0), (0.2, 24.0, 1.5, 7.0), (0.3, 30.0, 1.0, 3.0), (0.5, 30.0, 1.0, 2.0)])
    func aChainThatNeverEndsRunsToTheCap(tick: Double, fps: Double, at: Double, ticks: Double) throws {
        let s = try samples(["--tick", "\(tick)", "--fps", "\(fps)"])
        // Frames k / fps for k = 0 … 60·fps: the cap is a whole number of frames at both rates.
        #expect(s.count == Int(60 * fps) + 1)
        #expect(s.last?.t == 60)
        let frame = try #require(s.first { abs($0.t - at) < 1e-9 })
        #expect(frame.x == 2 + ticks)
    }

    @Test func anEndGivenStopsTheChainThere() throws {
        let s = try samples(["--tick", "0.2", "--fps", "24", "--end", "2"])
        #expect(s.count == 49 && s.last?.t == 2)
    }

    @Test func aFiniteChainEndsAtItsLastTick() throws {
        // Ticks at 0.25, 0.5, 0.75 (exact in binary): at 24 fps the frame at 0.75 shows all three.
        let at24 = try samples(["--tick", "0.25", "--ticks", "3", "--fps", "24"])
        #expect(at24.count == 19 && at24.last?.t == 0.75 && at24.last?.x == 5)
        // At 30 fps 0.75 falls between frames 22 and 23: the last sample is taken at the end itself.
        let at30 = try samples(["--tick", "0.25", "--ticks", "3", "--fps", "30"])
        #expect(at30.count == 24 && at30.last?.t == 0.75 && at30.last?.x == 5)
        #expect(at30[22].x == 4)  // 22/30 = 0.733 s: two ticks so far
    }

    @Test func loopRefusesAChainThatNeverEnds() throws {
        let r = try Harness.fxhost(["--plugin", plugin, "--tick", "0.2", "--loop", "--out", dir + "/l.jsonl"])
        #expect(r.status == 2)
        #expect(r.stderr == "fxhost: error: --loop: the effect is still changing at 60 s (an animation or timer keeps coming); give --end T to loop 0 to T\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/l.jsonl"))
    }

    @Test func loopOfAFiniteChainIsZeroToItsEnd() throws {
        // Nothing repeats forever: the loop is the samples from 0 up to 0.75 s, 0.75 left out.
        let r = try Harness.fxhost(["--plugin", plugin, "--tick", "0.25", "--ticks", "3", "--fps", "24", "--loop", "--sink", "jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 18)
    }

    @Test func aGoldenSnapshotSpreadsOverTheChainsWholeRun() throws {
        // A new snapshot's five instants go from 0 to the natural end: for a chain that never ends,
        // the 60 s cap (0, 15, 30, 45, 60), not the first tick.
        let r = try Harness.fxhost(["check", "--golden", dir + "/g", "--update", plugin])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let lines = try String(contentsOfFile: dir + "/g/ticker/ticker/samples.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(try lines.map { try jsonObject($0)["t"] as! Double } == [0, 15, 30, 45, 60])
    }

    @Test func checkSamplesOverTheChainsRun() throws {
        let r = try Harness.fxhost(["check", plugin])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("over 3.000 s"), "\(r.stdout)")
        // A finite chain: over its last tick.
        let dot = dir + "/three.c"
        try String(contentsOfFile: Harness.fixture("ticker.c"), encoding: .utf8)
            .replacingOccurrences(of: "\"how many ticks (0: forever)\", \"0\"", with: "\"how many ticks (0: forever)\", \"3\"")
            .write(toFile: dot, atomically: true, encoding: .utf8)
        let three = try Harness.compilePlugin(dot, into: dir)
        let c = try Harness.fxhost(["check", three])
        #expect(c.stdout.contains("over 0.600 s"), "\(c.stdout)")
    }
}
