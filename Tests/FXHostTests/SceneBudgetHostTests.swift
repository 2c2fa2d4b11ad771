// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// The scene budget through the real fxhost (docs/isolation.md, "Scene budget"):
/// Fixtures/budget.c asks for too many particles, or too many pixels, with a
/// handful of calls. Each run stops at once with exit status 1 and one line
/// naming the budget and the layer, and a good output already in place stays
/// as it was. The counts in the messages are worked out in the fixture's comment.
@Suite struct SceneBudgetHostTests {
    let dir: String

    init() throws { dir = try Harness.temporaryFolder() }

    /// Runs case `kase` at `time` into an output that already holds a good file; the error line.
    func refusal(_ kase: Int, time: String, output: String, extra: [String] = []) throws -> String {
        let plugin = try Harness.compilePlugin(Harness.fixture("budget.c"), into: dir, name: "budget\(kase).so",
                                               defines: ["CASE=\(kase)"])
        let out = dir + "/" + output
        try Data("good\n".utf8).write(to: URL(fileURLWithPath: out))
        let start = Date()
        let r = try Harness.fxhost(["--plugin", plugin, "--time", time, "--out", out] + extra)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "good\n", "the output in place was replaced")
        #expect(Rogue.temporaries(in: dir).isEmpty)
        return r.stderr
    }

    /// 10⁹ particles: rate 10⁹, lifetime 1, at 1 s, ⌈10⁹ × 1⌉ + 1.
    @Test func aBillionParticlesAreOneLine() throws {
        let line = try refusal(1, time: "1", output: "billion.jsonl", extra: ["--sink", "jsonl"])
        #expect(line.hasPrefix("fxhost: error: scene budget: the particles of emitter 'stage/spray' would make 1,000,000,001 live particles in one frame"), "\(line)")
        #expect(line.contains("the budget is 1,000,000 particles a frame"))
    }

    /// An emitter in a replicator of 100 copies counts 100 times: (⌈5,000 × 2⌉ + 1) × 100 at 2 s.
    @Test func copiesOfAnEmitterCountEach() throws {
        let line = try refusal(2, time: "2", output: "copies.png")
        #expect(line.hasPrefix("fxhost: error: scene budget: the particles of emitter 'stage/copies/spray' would make 1,000,100 live particles in one frame"), "\(line)")
    }

    /// A replicator of 1,000 stage-sized layers with shadows on a 320×240 stage: each copy is a
    /// group over the stage, the shadow's blur over it and the layer itself, 3 × 76,800 pixels;
    /// 230,400,000 in all against 2²⁶ = 67,108,864 (256 × 76,800 is less), passed at the 292nd
    /// copy (291 × 230,400 = 67,046,400 is not over it), `sheet#291`.
    @Test func pixelsOverTheBudgetAreOneLine() throws {
        let line = try refusal(3, time: "0", output: "sheets.png", extra: ["--size", "320x240"])
        #expect(line.hasPrefix("fxhost: error: scene budget: drawing layer 'stage/copies/sheet#291' would take the frame to 230,400,000 pixels"), "\(line)")
        #expect(line.contains("the budget is 67,108,864 pixels a frame"))
    }
}
