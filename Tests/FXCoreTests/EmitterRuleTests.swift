// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import FXCore

/// The emitter rules Core Animation documents or shows, each expectation worked
/// out here from the rule: changes made later affect only later births, an
/// emitter goes on while it can emit, `emissionRange` is a cone, nested cells
/// inherit scale, colour and direction, a line emitter's longitude is measured
/// from up the screen, and an animation must name cells the emitter has.
@Suite struct EmitterRuleTests {
    func emitter(_ configure: (Layer) throws -> Void = { _ in }, cells: [EmitterCell]) throws -> (Stage, Layer) {
        let stage = Stage(size: Size(400, 300))
        let e = stage.makeLayer(.emitter, name: "e")
        try e.setFrame(Rect(0, 0, 400, 300))
        try configure(e)
        for c in cells { try e.addEmitterCell(c) }
        try stage.root.addSublayer(e)
        return (stage, e)
    }

    func cell(_ fields: [(EmitterCell.Field, Double)], name: String = "c") -> EmitterCell {
        var c = EmitterCell(name: name)
        for (f, v) in fields { c[f] = v }
        return c
    }

    func particles(_ stage: Stage, at t: Double) throws -> ParticleField {
        try stage.sample(at: t).layer(named: "e")!.particles!
    }

    // MARK: Changes made later

    /// Rate 10 from 0, lifetime 3; `birthRate` set to 0 at 1 s (by the cell's field, or the
    /// layer's multiplier). Births at k/10 for k = 0…9 stay alive until k/10 + 3.
    @Test(arguments: ["emitterCells.c.birthRate", "birthRate"])
    func stoppingBirthsLeavesTheLivingAlive(_ keyPath: String) throws {
        let (stage, e) = try emitter(cells: [cell([(.birthRate, 10), (.lifetime, 3)])])
        try stage.addTimer(after: 1) { try e.set(try KeyPath(parsing: keyPath), .number(0)) }
        for t in [2.0, 3.25, 3.55] {
            let births = try particles(stage, at: t).particles.map(\.birth).sorted()
            let tenths: [Double] = (0...9).map { Double($0) / 10 }
            let expected = tenths.filter { $0 + 3 > t }
            #expect(births.count == expected.count, "t = \(t): \(births)")
            for (b, x) in zip(births, expected) { #expect(close(b, x, 1e-9)) }
        }
    }

    /// A change applies at its own instant, in a sample taken exactly then as in one a moment
    /// later: rate 10 from 0 set to `after` at 1 s. The births before 1 s are k/10 for k = 0…9
    /// (the integral of 10/s reaches k at k/10); the one the integral reaches at exactly 1 s
    /// (k = 10) is born only if the rate at 1 s, the new one, is above 0.
    @Test(arguments: [(0.0, 10), (20.0, 11)])
    func aChangeAtTheSampleInstantAppliesThere(after: Double, alive: Int) throws {
        let (stage, e) = try emitter(cells: [cell([(.birthRate, 10), (.lifetime, 3)])])
        try stage.addTimer(after: 1) { try e.set(try KeyPath(parsing: "emitterCells.c.birthRate"), .number(after)) }
        let births = try particles(stage, at: 1).particles.map(\.birth).sorted()
        #expect(births.count == alive, "\(births)")
        for (b, x) in zip(births, (0..<alive).map { Double($0) / 10 }) { #expect(close(b, x, 1e-9)) }
        // A moment later (before the next birth at the new rate, 1.05 s) the same particles are alive.
        #expect(try particles(stage, at: 1.001).particles.map(\.birth).sorted() == births)
    }

    /// Velocity 100 along +x until 1 s, then set to 0: a particle born at b < 1 is at 100·(t − b),
    /// one born later stays at the emitter.
    @Test func particlesKeepTheVelocityOfTheirBirth() throws {
        let (stage, e) = try emitter(cells: [cell([(.birthRate, 4), (.lifetime, 5), (.velocity, 100)])])
        try stage.addTimer(after: 1) { try e.set(try KeyPath(parsing: "emitterCells.c.velocity"), .number(0)) }
        let t = 1.9
        let ps = try particles(stage, at: t).particles
        #expect(ps.count == 8)
        for p in ps {
            let x = p.birth < 1 ? 100 * (t - p.birth) : 0
            #expect(close(p.x, x, 1e-9), "born \(p.birth): x = \(p.x)")
        }
        // Random access: a fresh stage sampled straight at t agrees.
        let (again, e2) = try emitter(cells: [cell([(.birthRate, 4), (.lifetime, 5), (.velocity, 100)])])
        try again.addTimer(after: 1) { try e2.set(try KeyPath(parsing: "emitterCells.c.velocity"), .number(0)) }
        try again.advance(to: 1.2)
        #expect(try particles(again, at: t).particles == ps)
    }

    /// An emitter set up later than 0 (cells added by a timer at 2 s) starts emitting then.
    @Test func cellsAddedLaterEmitFromThen() throws {
        let (stage, e) = try emitter(cells: [])
        try stage.addTimer(after: 2) { try e.addEmitterCell(cell([(.birthRate, 2), (.lifetime, 10)])) }
        let births = try particles(stage, at: 3.1).particles.map(\.birth).sorted()
        #expect(births.count == 3 && births.allSatisfy { $0 >= 2 }, "\(births)")
        for (b, x) in zip(births, [2.0, 2.5, 3.0]) { #expect(close(b, x, 1e-9)) }
    }

    /// What the build sets counts as always set: an emitter warmed up by `beginTime = −4` and given
    /// its cell afterwards has emitted since its local 0, 4 s before the stage's: births at k/2, 9 by t = 0.
    @Test func whatTheBuildSetsCountsAsAlwaysSet() throws {
        let (stage, _) = try emitter({ e in
            var t = e.timing
            t.beginTime = -4
            e.timing = t
        }, cells: [cell([(.birthRate, 2), (.lifetime, 10)])])
        #expect(try particles(stage, at: 0).particles.count == 9)
    }

    // MARK: How long it runs

    /// An emitter that can emit has no end of its own; once it stops, the run ends when its last
    /// particle does: stopped at 1 s with lifetime 3 ± 0.5, the end is 1 + 3.5 = 4.5 s.
    @Test func anEmitterRunsWhileItCanEmit() throws {
        let (stage, e) = try emitter(cells: [cell([(.birthRate, 10), (.lifetime, 3), (.lifetimeRange, 0.5)])])
        #expect(stage.endOfAnimations().hasInfinite)
        #expect(stage.emitsForever)
        try stage.addTimer(after: 1) { try e.set(.emitterBirthRate, .number(0)) }
        try stage.advance(to: 1.5)
        #expect(!stage.emitsForever)
        let (end, infinite) = stage.endOfAnimations()
        #expect(!infinite && close(end, 4.5, 1e-9), "\(end)")
        // A disabled cell, or one without a lifetime, gives no births.
        var off = cell([(.birthRate, 10), (.lifetime, 3)])
        off.enabled = false
        #expect(!(try emitter(cells: [off]).0.emitsForever))
        #expect(!(try emitter(cells: [cell([(.birthRate, 10)])]).0.emitsForever))
    }

    // MARK: emissionRange

    /// Range π/2 around +x: every direction within π/4 of the axis, the cosine of that angle
    /// uniform on [cos π/4, 1] (mean (1 + cos π/4)/2), the turn about the axis uniform
    /// (half the particles above the x–y plane).
    @Test func emissionRangeIsACone() throws {
        let (stage, _) = try emitter(cells: [cell([(.birthRate, 4000), (.lifetime, 1), (.velocity, 100),
                                                    (.emissionRange, Double.pi / 2)])])
        let t = 0.5
        let ps = try particles(stage, at: t).particles.filter { t - $0.birth > 0.01 }
        #expect(ps.count > 1500)
        var sum = 0.0, above = 0, outside = 0, offSpeed = 0
        for p in ps {
            let n = (p.x * p.x + p.y * p.y + p.z * p.z).squareRoot()
            if !close(n, 100 * (t - p.birth), 1e-6) { offSpeed += 1 }
            let c = p.x / n
            if c < cos(Double.pi / 4) - 1e-9 { outside += 1 }
            sum += c
            if p.z > 0 { above += 1 }
        }
        #expect(outside == 0 && offSpeed == 0, "\(outside) of \(ps.count) outside the cone")
        let mean = sum / Double(ps.count)
        #expect(abs(mean - (1 + cos(Double.pi / 4)) / 2) < 0.01, "mean cos \(mean)")
        #expect(abs(Double(above) / Double(ps.count) - 0.5) < 0.05)
    }

    /// A full turn (2π) covers the sphere: cos uniform on [−1, 1], mean 0.
    @Test func aFullRangeCoversTheSphere() throws {
        let (stage, _) = try emitter(cells: [cell([(.birthRate, 4000), (.lifetime, 1), (.velocity, 100),
                                                    (.emissionRange, 2 * Double.pi)])])
        let ps = try particles(stage, at: 0.5).particles.filter { 0.5 - $0.birth > 0.01 }
        let mean = ps.map { $0.x / ($0.x * $0.x + $0.y * $0.y + $0.z * $0.z).squareRoot() }.reduce(0, +) / Double(ps.count)
        #expect(abs(mean) < 0.05, "\(mean)")
        #expect(ps.contains { $0.x < -90 * (0.5 - $0.birth) })
    }

    // MARK: Line and rectangle emitters

    /// A line emitter measures longitude from up the screen, turning clockwise: π falls down,
    /// 0 rises, π/2 goes right. A rectangle keeps the point emitter's: π goes left.
    @Test(arguments: [("line", Double.pi, 0.0, 1.0), ("line", 0, 0, -1), ("line", Double.pi / 2, 1, 0),
                      ("rectangle", Double.pi, -1, 0), ("point", Double.pi, -1, 0)])
    func lineEmittersMeasureLongitudeFromUp(shape: String, longitude: Double, dx: Double, dy: Double) throws {
        let (stage, _) = try emitter({ e in
            try e.set(.emitterShape, .string(shape))
            try e.set(.emitterPosition, .point(Point(200, 0)))
            try e.set(.emitterSize, .size(Size(100, 0)))
        }, cells: [cell([(.birthRate, 20), (.lifetime, 2), (.velocity, 50), (.emissionLongitude, longitude)])])
        let ps = try particles(stage, at: 1).particles
        #expect(ps.count == 21)
        for p in ps {
            let a = 1 - p.birth
            let x0 = p.x - 50 * dx * a
            #expect(x0 >= 150 - 1e-6 && x0 <= 250 + 1e-6, "x \(p.x)")
            #expect(close(p.y, 50 * dy * a, 1e-6), "y \(p.y) for age \(a)")
        }
    }

    // MARK: Nested cells

    /// Apple's `emitterCells` page: a sub-cell's particles take their parent's scale and colour
    /// (its firework's trails are small and red), and their angles are relative to the
    /// parent's direction. Parent: scale 0.25, colour (1, 0.5, 0, 0.8), falling at 20/s
    /// (longitude π/2); child: scale 2, colour white, velocity 10 at longitude 0.
    @Test func nestedCellsInheritScaleColourAndDirection() throws {
        var parent = cell([(.birthRate, 1), (.lifetime, 10), (.velocity, 20), (.emissionLongitude, Double.pi / 2),
                           (.scale, 0.25)], name: "rocket")
        parent.color = Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        parent.emitterCells = [cell([(.birthRate, 2), (.lifetime, 5), (.velocity, 10), (.scale, 2)], name: "trail")]
        let (stage, _) = try emitter({ try $0.set(.emitterPosition, .point(Point(0, 0))) }, cells: [parent])
        let t = 0.9
        let field = try particles(stage, at: t)
        let trails = field.particles.filter { field.cells[$0.cell].name == "trail" }
        // The rocket born at 0 emits at 0 and 0.5.
        #expect(trails.count == 2)
        for p in trails {
            #expect(close(p.scale, 0.5, 1e-12))
            #expect(close(p.color.red, 1, 1e-12) && close(p.color.green, 0.5, 1e-12) && close(p.color.blue, 0, 1e-12)
                    && close(p.color.alpha, 0.8, 1e-12))
            // Born at the rocket's place (0, 20·b), then moving along the rocket's direction (+y).
            #expect(close(p.x, 0, 1e-9) && close(p.y, 20 * p.birth + 10 * (t - p.birth), 1e-9), "\(p)")
        }
    }

    // MARK: Key paths

    @Test func animatingAnUnknownCellIsAnError() throws {
        let (_, e) = try emitter(cells: [cell([(.birthRate, 1), (.lifetime, 1)], name: "snow")])
        do {
            try e.add(basic("emitterCells.nosuch.birthRate", from: .number(0), to: .number(1)), forKey: "a")
            Issue.record("an animation of a missing cell was accepted")
        } catch let error as FXError {
            #expect(error.message.contains("no cell named 'nosuch'") && error.message.contains("snow"), "\(error.message)")
        }
        let group = Animation(kind: .group([basic("emitterCells.snow.trail.velocity", to: .number(1))]))
        #expect(throws: FXError.self) { try e.add(group, forKey: "g") }
        try e.add(basic("emitterCells.snow.birthRate", from: .number(0), to: .number(1)), forKey: "ok")
    }
}
