// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import FXCore

/// Emitter cells' fields by key path (`emitterCells.NAME.FIELD`, as Core
/// Animation spells them) and animated emitters: a particle keeps the
/// settings presented at its birth, and births follow the integral of the
/// presented rate. Expectations are worked out here from those two rules.
@Suite struct EmitterAnimationTests {
    /// An emitter at the origin with one cell named "c", lifetime 10 s, emitting along +x.
    func scene(_ fields: [(EmitterCell.Field, Double)], _ animate: (Layer) throws -> Void) throws -> Stage {
        let stage = Stage(size: Size(400, 300))
        let e = stage.makeLayer(.emitter, name: "e")
        try e.setFrame(Rect(0, 0, 400, 300))
        var c = EmitterCell(name: "c")
        c[.lifetime] = 10
        for (f, v) in fields { c[f] = v }
        try e.addEmitterCell(c)
        try stage.root.addSublayer(e)
        try animate(e)
        return stage
    }

    func linear(_ kp: String, from: Value, to: Value, duration: Double) -> Animation {
        basic(kp, from: from, to: to) { $0.timing.duration = duration }
    }

    func particles(_ stage: Stage, at t: Double) throws -> [Particle] {
        try stage.sample(at: t).layer(named: "e")!.particles!.particles
    }

    @Test func cellKeyPathsParseAsCoreAnimationSpellsThem() throws {
        let kp = try KeyPath(parsing: "emitterCells.snow.birthRate")
        #expect(kp.description == "emitterCells.snow.birthRate" && kp.type == .number)
        #expect(try KeyPath(parsing: "emitterCells.spark.trail.color").type == .color)
        #expect(try KeyPath(parsing: "emitterCells.spark.enabled").type == .bool)
        #expect(throws: FXError.self) { try KeyPath(parsing: "emitterCells.snow.wobble") }
        #expect(throws: FXError.self) { try KeyPath(parsing: "emitterCells.birthRate") }
    }

    @Test func cellFieldsAreSetAndReadByKeyPath() throws {
        let stage = try scene([(.birthRate, 1)]) { _ in }
        let e = stage.root.sublayers[0]
        try e.set(try KeyPath(parsing: "emitterCells.c.velocity"), .number(42))
        #expect(e.emitterCells[0][.velocity] == 42)
        #expect(number(try e.value(at: try KeyPath(parsing: "emitterCells.c.velocity"))) == 42)
        do {
            try e.set(try KeyPath(parsing: "emitterCells.nope.velocity"), .number(1))
            Issue.record("a missing cell was accepted")
        } catch {
            #expect(error.message.contains("no cell named 'nope'"))
        }
        // Key paths into cells belong to emitters only.
        let plain = stage.makeLayer(.layer, name: "p")
        #expect(throws: FXError.self) { try plain.set(try KeyPath(parsing: "emitterCells.c.velocity"), .number(1)) }
    }

    /// Rate r(s) = R·s/D on [0, D]: N(t) = R·t²/(2D) births by t, particle k born at √(2Dk/R);
    /// after D the model rate R goes on: N(t) = R·D/2 + R·(t − D).
    @Test func aRampedBirthRateIntegrates() throws {
        let (rate, ramp) = (100.0, 1.0)
        let stage = try scene([(.birthRate, rate)]) { e in
            try e.add(linear("emitterCells.c.birthRate", from: .number(0), to: .number(rate), duration: ramp), forKey: "ramp")
        }
        #expect(try stage.sample(at: 0.5).layer(named: "e")!.animated.map(\.key) == ["emitterCells.c.birthRate"])
        for t in [0.5, 0.75, 1.0, 1.5] {
            let n = t <= ramp ? rate * t * t / (2 * ramp) : rate * ramp / 2 + rate * (t - ramp)
            let ps = try particles(stage, at: t)
            // Births at N = 0, 1, …, ⌊N(t)⌋.
            #expect(ps.count == Int((n + 1e-9).rounded(.down)) + 1, "t = \(t)")
            for k in [1.0, 10, 30] where k <= n {
                let b = (2 * ramp * k / rate).squareRoot()
                #expect(ps.contains { close($0.birth, b, 1e-6) }, "particle \(k) at t = \(t)")
            }
        }
    }

    /// Velocity v(b) = 100·b over the first second, then the model's 0: a particle
    /// born at b ≤ 1 is at x = 100·b·(t − b) and keeps that speed after the ramp ends.
    @Test func particlesKeepTheSettingsOfTheirBirth() throws {
        let stage = try scene([(.birthRate, 10), (.velocity, 0)]) { e in
            try e.add(linear("emitterCells.c.velocity", from: .number(0), to: .number(100), duration: 1), forKey: "v")
        }
        let t = 1.55
        let ps = try particles(stage, at: t)
        #expect(ps.count == 16)
        for p in ps {
            let v = p.birth <= 1 ? 100 * p.birth : 0
            #expect(close(p.x, v * (t - p.birth), 1e-6) && close(p.y, 0, 1e-9), "born \(p.birth): x = \(p.x)")
        }
    }

    /// A particle is born where the emitter is at its birth: emitterPosition (0,0)→(200,100) over 2 s.
    @Test func particlesAreBornWhereTheEmitterWas() throws {
        let stage = try scene([(.birthRate, 4)]) { e in
            try e.add(linear("emitterPosition", from: .point(Point(0, 0)), to: .point(Point(200, 100)), duration: 2),
                      forKey: "move")
        }
        let ps = try particles(stage, at: 1.5)
        #expect(ps.count == 7)
        for p in ps {
            #expect(close(p.x, 100 * p.birth, 1e-6) && close(p.y, 50 * p.birth, 1e-6), "born \(p.birth)")
        }
    }

    /// Turning a cell off by animation for [1, 2) stops births then; particles already born
    /// live on. Rate 2.5: births at 0, 0.4, 0.8; the integral stands at 2.5 through the pause,
    /// so the next come at N = 3 and 4: 2 + 0.5/2.5 = 2.2 and 2.6.
    @Test func disablingACellStopsBirthsOnly() throws {
        let stage = try scene([(.birthRate, 2.5)]) { e in
            var off = basic("emitterCells.c.enabled", from: .bool(false), to: .bool(false)) { $0.timing.duration = 1 }
            off.timing.beginTime = 1
            try e.add(off, forKey: "off")
        }
        let births = try particles(stage, at: 2.7).map(\.birth).sorted()
        #expect(births.count == 5)
        for (b, expected) in zip(births, [0, 0.4, 0.8, 2.2, 2.6]) { #expect(close(b, expected, 1e-6), "\(births)") }
    }
}
