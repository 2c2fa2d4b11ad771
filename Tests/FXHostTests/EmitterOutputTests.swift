// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// An emitter-only effect through the real binary: Core Animation keeps
/// emitting, so it runs for the natural end of anything that goes on forever
/// (5 s), and its JSON lines and golden snapshots carry each cell's statistics.
/// The fixture's "spark" cell emits 10 a second, each living 1 s at 50 points
/// a second with scale CELL_SCALE; its unnamed cell 2 a second for 1 s,
/// standing still. At t, the sparks alive are those born at k/10 in (t − 1, t]:
/// 10 of them once t ≥ 1; the unnamed cell's are born at k/2 in (t − 1, t].
@Suite struct EmitterOutputTests {
    let dir: String

    init() throws { dir = try Harness.temporaryFolder() }

    func plugin(scale: Double) throws -> String {
        try Harness.compilePlugin(Harness.fixture("emitter.c"), into: dir, name: "emitter.so", defines: ["CELL_SCALE=\(scale)"])
    }

    @Test func anEmitterOnlyEffectRunsFiveSeconds() throws {
        let so = try plugin(scale: 0.5)
        let r = try Harness.fxhost(["--plugin", so, "--fps", "2", "--out", dir + "/s.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try String(contentsOfFile: dir + "/s.jsonl", encoding: .utf8).split(separator: "\n").map { try jsonObject($0) }
        // 0, 0.5, …, 5 s: eleven frames.
        let halves: [Double] = (0...10).map { Double($0) / 2 }
        #expect(lines.map { $0["t"] as! Double } == halves)
        // --loop: 0 to 5 s, end-exclusive.
        let loop = try Harness.fxhost(["--plugin", so, "--fps", "2", "--loop", "--out", dir + "/l.jsonl"])
        #expect(loop.status == 0, "\(loop.stderr)")
        let looped = try String(contentsOfFile: dir + "/l.jsonl", encoding: .utf8).split(separator: "\n").map { try jsonObject($0) }
        #expect(looped.map { $0["t"] as! Double } == Array(halves.dropLast()))
        let check = try Harness.fxhost(["check", so])
        #expect(check.stdout.contains("over 3.000 s") || check.stderr.contains("over 3.000 s"), "\(check.stdout)\(check.stderr)")
        let gif = try Harness.fxhost(["--plugin", so, "--fps", "10", "--out", dir + "/s.gif"])
        #expect(gif.status == 0, "\(gif.stderr)")
        // A GIF of 5 s at 10 fps: 50 frames (the last, at 5 s, repeats the first's layers and is left out).
        #expect(try FFmpeg.probe(dir + "/s.gif").durations.count == 50)
    }

    /// At t = 2.5 the sparks alive were born at 1.6, 1.7, …, 2.5: ten, all of scale 0.5 and speed 50,
    /// opaque white; the unnamed cell's at 2 and 2.5 (named cell1, its place among the cells).
    @Test func jsonLinesCarryEachCellsStatistics() throws {
        let so = try plugin(scale: 0.5)
        let r = try Harness.fxhost(["--plugin", so, "--fps", "2", "--end", "2.5", "--particles", "--out", dir + "/p.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        let last = try jsonObject(try String(contentsOfFile: dir + "/p.jsonl", encoding: .utf8).split(separator: "\n").last!)
        let layers = last["layers"] as! [[String: Any]]
        let particles = layers.first { ($0["path"] as? String) == "stage/e" }!["particles"] as! [String: Any]
        #expect(particles["count"] as? Int == 12)
        let cells = particles["cells"] as! [[String: Any]]
        #expect(cells.map { $0["name"] as! String } == ["spark", "cell1"])
        #expect(cells[0]["count"] as? Int == 10 && cells[1]["count"] as? Int == 2)
        #expect(cells[0]["scale"] as! [Double] == [0.5, 0.5, 0.5])
        #expect(cells[0]["speed"] as! [Double] == [50, 50, 50])
        #expect(cells[1]["speed"] as! [Double] == [0, 0, 0])
        #expect(cells[0]["alpha"] as! [Double] == [1, 1, 1])
        #expect(cells[0]["color"] as! [Double] == [1, 1, 1, 1])
        let list = particles["list"] as! [[Any]]
        #expect(list.filter { ($0[0] as! String) == "cell1" }.count == 2)
        #expect(!list.contains { ($0[0] as! String).isEmpty })
    }

    /// A golden snapshot of the emitter records 0 to 5 s; changing the spark's scale from 0.5 to 0.6
    /// fails it, naming the cell and the statistic, though no pixel changes (the cells have no contents).
    @Test func aCellChangeFailsAGoldenSnapshot() throws {
        var so = try plugin(scale: 0.5)
        let recorded = try Harness.fxhost(["check", "--golden", "g", "--update", so], cwd: dir)
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        #expect(recorded.stdout.contains("recorded 5 instants (0, 1.25, 2.5, 3.75, 5 s)"), "\(recorded.stdout)")
        so = try plugin(scale: 0.6)
        let changed = try Harness.fxhost(["check", "--golden", "g", so], cwd: dir)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("t = 2.500  stage/e  particles cell \"spark\" scale  [0.5, 0.5, 0.5] → [0.6, 0.6, 0.6] (by 0.1)"),
                "\(changed.stdout)")
        #expect(!changed.stdout.contains("pixels differ"))
    }
}
