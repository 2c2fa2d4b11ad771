// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// Two published CAReplicatorLayer indicators (Fixtures/replicators.c). Apple's page for
/// `instanceDelay`: copy i runs its animations i × instanceDelay later; before that it shows
/// the model value (the default fill). Apple's page for `instanceTransform`: copy i is the
/// source transformed i times, relative to the replicator's centre. A copy's presented
/// centre is its position plus the translation of its presented transform (docs/jsonl.md).
@Suite struct ReplicatorConformanceTests {
    /// A CABasicAnimation from → to over 1 s, repeating forever from 0, seen `delay` s late.
    func fade(from: Double, to: Double, delay: Double) -> (Double) -> Double {
        { t in
            guard let f = CoreAnimation.cycleFraction(at: t - delay, beginTime: 0, duration: 1) else { return 1 }
            return from + (to - from) * f
        }
    }

    func copyName(_ source: String, _ i: Int) -> String { i == 0 ? source : "\(source)#\(i)" }

    /// Programming iOS, Replicator: five bars 20 points apart, each 0.2 s behind.
    @Test func neuburgBars() throws {
        let samples = try Corpus.replicators.samples("bars")
        for s in samples {
            for i in 0..<5 {
                let bar = "lay/" + copyName("bar", i)
                expectValue(try s.number(bar, "opacity", default: 1), fade(from: 1, to: 0.2, delay: 0.2 * Double(i)), at: s.t,
                            "\(bar) opacity")
                // The source's centre (5, 10) moved by 20·i.
                let p = try s.point(bar, "position"), m = try s.transform(bar)
                expectValue(p.x + m[4, 1], { _ in 5 + 20 * Double(i) }, at: s.t, "\(bar) centre x")
                expectValue(p.y + m[4, 2], { _ in 10 }, at: s.t, "\(bar) centre y")
            }
        }
        // Hand check: at 0.5 s the source is half-way (0.6) and bar 3, 0.6 s behind, has not begun (1).
        let half = try #require(samples.first { $0.t == 0.5 })
        #expect(abs(try half.number("lay/bar", "opacity", default: 1) - 0.6) < 1e-12)
        #expect(try half.number("lay/bar#3", "opacity", default: 1) == 1)
    }

    /// Apple's instanceDelay example: thirty dots, radius 50, each 1/30 s behind and −2π/30 round.
    @Test func appleInstanceDelayRing() throws {
        let samples = try Corpus.replicators.samples("ring", end: 2)
        let angle = -Double.pi * 2 / 30
        for s in samples {
            for i in 0..<30 {
                let dot = "replicatorLayer/" + copyName("circle", i)
                expectValue(try s.number(dot, "opacity", default: 1), fade(from: 1, to: 0, delay: Double(i) * (1.0 / 30)), at: s.t,
                            "\(dot) opacity")
                // (0, 50) turned i times by `angle` about the replicator's centre (0, 0): Apple's
                // rotation matrix on a row vector, (x cos a − y sin a, x sin a + y cos a).
                let a = Double(i) * angle
                let p = try s.point(dot, "position"), m = try s.transform(dot)
                expectValue(p.x + m[4, 1], { _ in -50 * sin(a) }, at: s.t, tolerance: 1e-9, "\(dot) centre x")
                expectValue(p.y + m[4, 2], { _ in 50 * cos(a) }, at: s.t, tolerance: 1e-9, "\(dot) centre y")
            }
        }
    }
}
