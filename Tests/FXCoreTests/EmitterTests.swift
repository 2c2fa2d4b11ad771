// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import FXCore

/// CAEmitterLayer particles, each expectation computed here from the closed
/// form documented in docs/emitters.md.
@Suite struct EmitterTests {
    func emitter(_ configure: (Layer) throws -> Void, cells: [EmitterCell]) throws -> Stage {
        let stage = Stage(size: Size(400, 300))
        let e = stage.makeLayer(.emitter, name: "e")
        try e.setFrame(Rect(0, 0, 400, 300))
        try configure(e)
        for c in cells { try e.addEmitterCell(c) }
        try stage.root.addSublayer(e)
        return stage
    }

    func cell(_ fields: [(EmitterCell.Field, Double)], name: String = "c") -> EmitterCell {
        var c = EmitterCell(name: name)
        for (f, v) in fields { c[f] = v }
        return c
    }

    func particles(_ stage: Stage, at t: Double) throws -> [Particle] {
        try stage.sample(at: t).layer(named: "e")!.particles!.particles
    }

    /// Births at k / rate, each alive for its lifetime: the live count is
    /// floor(t·r) − ceil((t − L)·r) + 1 once t ≥ L (and floor(t·r) + 1 before).
    @Test(arguments: [(10.0, 1.0, 1.0), (10.0, 1.0, 2.0), (7.0, 0.5, 1.5)])
    func liveCountFollowsTheBirthRate(rate: Double, life: Double, multiplier: Double) throws {
        let stage = try emitter({ try $0.set(.emitterBirthRate, .number(multiplier)) },
                                cells: [cell([(.birthRate, rate), (.lifetime, life)])])
        let r = rate * multiplier
        for t in [0.05, 0.55, 2.05, 3.33] {
            let expected = t < life ? Int((t * r).rounded(.down)) + 1
                : Int((t * r).rounded(.down)) - Int(((t - life) * r).rounded(.up)) + 1
            // A particle born exactly life ago has ended (the interval is end-exclusive).
            let exact = (t - life) * r
            let adjust = t >= life && exact == exact.rounded() ? -1 : 0
            #expect(try particles(stage, at: t).count == expected + adjust, "t = \(t)")
        }
    }

    @Test func cellFieldsGoByCoreAnimationsPropertyNames() {
        // CAEmitterCell's numeric properties, as Apple's page names them, in the order fx.h numbers the fields.
        let apple = ["birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange",
                     "emissionLatitude", "emissionLongitude", "emissionRange",
                     "xAcceleration", "yAcceleration", "zAcceleration",
                     "scale", "scaleRange", "scaleSpeed", "spin", "spinRange",
                     "redRange", "greenRange", "blueRange", "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed"]
        #expect(EmitterCell.Field.allCases.map(\.key) == apple)
        #expect(apple.map { EmitterCell.Field.named($0)?.rawValue } == Array(0..<apple.count))
        #expect(EmitterCell.Field.named("birthrate") == nil && EmitterCell.Field.named("color") == nil)
    }

    @Test func aParticleMovesByTheClosedForm() throws {
        let stage = try emitter({ e in
            try e.set(.emitterPosition, .point(Point(100, 50)))
        }, cells: [cell([(.birthRate, 10), (.lifetime, 5), (.velocity, 40), (.emissionLongitude, Double.pi / 2),
                         (.yAcceleration, 10), (.xAcceleration, -4)])])
        let ps = try particles(stage, at: 1.0)
        for p in ps {
            let a = 1.0 - p.birth
            // Direction (cos π/2, sin π/2) = (0, 1): down the screen.
            #expect(close(p.x, 100 + 40 * cos(Double.pi / 2) * a - 2 * a * a, 1e-9))
            #expect(close(p.y, 50 + 40 * a + 5 * a * a, 1e-9))
        }
        #expect(ps.map(\.birth).contains { close($0, 0.3, 1e-12) })
    }

    @Test func rangesStayWithinTheirBounds() throws {
        let stage = try emitter({ _ in }, cells: [cell([(.birthRate, 200), (.lifetime, 2), (.lifetimeRange, 0.5),
                                                        (.velocity, 50), (.velocityRange, 10), (.scale, 1), (.scaleRange, 0.25)])])
        let t = 3.0
        let ps = try particles(stage, at: t)
        // Lifetimes lie in [1.5, 2.5]: nothing older than 2.5 s, and some older than 2.
        #expect(ps.allSatisfy { t - $0.birth < 2.5 })
        #expect(ps.contains { t - $0.birth > 2.0 })
        for p in ps where t - p.birth > 0.1 {
            let speed = (p.x * p.x + p.y * p.y).squareRoot() / (t - p.birth)
            #expect(speed >= 40 - 1e-9 && speed <= 60 + 1e-9)
            #expect(p.scale >= 0.75 && p.scale <= 1.25)
        }
        // The draws are spread, not constant.
        #expect(Set(ps.map { ($0.scale * 1000).rounded() }).count > 20)
    }

    @Test func sameSeedSameParticlesAndRandomAccess() throws {
        func make(_ seed: Double) throws -> Stage {
            try emitter({ try $0.set(.seed, .number(seed)) },
                        cells: [cell([(.birthRate, 50), (.lifetime, 3), (.velocity, 30), (.velocityRange, 20), (.emissionRange, 6.28)])])
        }
        let direct = try particles(try make(7), at: 30)
        let stepped = try make(7)
        for t in stride(from: 0.0, through: 29.0, by: 1.0) { _ = try particles(stepped, at: t) }
        #expect(try particles(stepped, at: 30) == direct)
        #expect(try particles(try make(8), at: 30) != direct)
        #expect(direct.count == 150)
    }

    /// Enough births to be shared between two threads: at t = 3 with rate 3000 and
    /// lifetime 2, particles k = 3001…9000 are alive (born at k / 3000; the one born
    /// exactly 2 s ago has ended), all of them, in birth order, the same in every run.
    @Test func aLargeEmitterPresentsEveryBirthInOrder() throws {
        func make() throws -> Stage {
            try emitter({ try $0.set(.seed, .number(3)) },
                        cells: [cell([(.birthRate, 3000), (.lifetime, 2), (.velocity, 30), (.velocityRange, 20),
                                      (.emissionRange, 6.28), (.spinRange, 2), (.alphaRange, 0.3)])])
        }
        let ps = try particles(try make(), at: 3)
        #expect(ps.count == 6000)
        #expect(ps.enumerated().allSatisfy { i, p in p.birth == Double(3001 + i) / 3000 })
        // The live set is the same sampled directly and after earlier frames.
        let stepped = try make()
        _ = try particles(stepped, at: 1.5)
        #expect(try particles(stepped, at: 3) == ps)
    }

    @Test func shapesPlaceBirthsOnThem() throws {
        func births(_ shape: String, _ mode: String, size: Size) throws -> [Particle] {
            let stage = try emitter({ e in
                try e.set(.emitterPosition, .point(Point(200, 100)))
                try e.set(.emitterSize, .size(size))
                try e.set(.emitterShape, .string(shape))
                try e.set(.emitterMode, .string(mode))
            }, cells: [cell([(.birthRate, 100), (.lifetime, 10)])])
            return try particles(stage, at: 2)
        }
        let line = try births("line", "surface", size: Size(300, 0))
        #expect(line.allSatisfy { $0.x >= 50 && $0.x <= 350 && $0.y == 100 })
        #expect(line.contains { $0.x < 100 } && line.contains { $0.x > 300 })
        let ring = try births("circle", "outline", size: Size(100, 100))
        #expect(ring.allSatisfy { close((($0.x - 200) * ($0.x - 200) + ($0.y - 100) * ($0.y - 100)).squareRoot(), 50, 1e-9) })
        let disc = try births("circle", "surface", size: Size(100, 100))
        #expect(disc.allSatisfy { ($0.x - 200) * ($0.x - 200) + ($0.y - 100) * ($0.y - 100) <= 2500 + 1e-9 })
        #expect(disc.contains { ($0.x - 200) * ($0.x - 200) + ($0.y - 100) * ($0.y - 100) < 400 })
        let frame = try births("rectangle", "outline", size: Size(100, 40))
        #expect(frame.allSatisfy { p in
            (close(abs(p.x - 200), 50, 1e-9) && abs(p.y - 100) <= 20 + 1e-9)
                || (close(abs(p.y - 100), 20, 1e-9) && abs(p.x - 200) <= 50 + 1e-9)
        })
        let corners = try births("rectangle", "points", size: Size(100, 40))
        #expect(Set(corners.map { "\($0.x),\($0.y)" }) == ["150.0,80.0", "250.0,80.0", "150.0,120.0", "250.0,120.0"])
        let shell = try births("sphere", "surface", size: Size(60, 60))
        #expect(shell.allSatisfy { close((($0.x - 200) * ($0.x - 200) + ($0.y - 100) * ($0.y - 100) + $0.z * $0.z).squareRoot(), 30, 1e-9) })
        #expect(try births("point", "volume", size: Size(100, 100)).allSatisfy { $0.x == 200 && $0.y == 100 })
    }

    @Test func colourSpeedsAndRanges() throws {
        var c = cell([(.birthRate, 10), (.lifetime, 3), (.alphaSpeed, -0.25), (.greenSpeed, 0.5)])
        c.color = Color(red: 1, green: 0.2, blue: 0.4, alpha: 1)
        let stage = try emitter({ _ in }, cells: [c])
        for p in try particles(stage, at: 2.5) {
            let a = 2.5 - p.birth
            #expect(close(p.color.alpha, max(0, 1 - 0.25 * a), 1e-9))
            #expect(close(p.color.green, min(1, 0.2 + 0.5 * a), 1e-9))
            #expect(p.color.red == 1 && close(p.color.blue, 0.4))
        }
    }

    @Test func spinAndScaleSpeed() throws {
        let stage = try emitter({ try $0.set(.emitterSpin, .number(2)) },
                                cells: [cell([(.birthRate, 4), (.lifetime, 5), (.spin, 0.5), (.scale, 0.5), (.scaleSpeed, 0.1)])])
        for p in try particles(stage, at: 2) {
            let a = 2 - p.birth
            #expect(close(p.rotation, 0.5 * 2 * a, 1e-9) && close(p.scale, 0.5 + 0.1 * a, 1e-9))
        }
    }

    @Test func renderModesOrderTheParticles() throws {
        func births(_ mode: String) throws -> [Double] {
            let stage = try emitter({ try $0.set(.renderMode, .string(mode)) }, cells: [cell([(.birthRate, 10), (.lifetime, 1)])])
            return try particles(stage, at: 0.95).map(\.birth)
        }
        #expect(try births("oldestFirst") == (try births("oldestFirst")).sorted())
        #expect(try births("oldestLast") == (try births("oldestFirst")).reversed())
    }

    @Test func nestedCellsEmitFromTheirParticles() throws {
        var parent = cell([(.birthRate, 1), (.lifetime, 10), (.velocity, 10)], name: "spark")
        parent.emitterCells = [cell([(.birthRate, 4), (.lifetime, 1)], name: "trail")]
        let stage = try emitter({ try $0.set(.emitterPosition, .point(Point(0, 0))) }, cells: [parent])
        let field = try stage.sample(at: 1.6).layer(named: "e")!.particles!
        let trails = field.particles.filter { field.cells[$0.cell].name == "trail" }
        // The first spark (born at 0) moves along +x at 10/s; its trail particles (no velocity)
        // stay where it was when each was born: x = 10·b, born at 0, 0.25, … within the last second.
        let fromFirst = trails.filter { close($0.x, 10 * $0.birth, 1e-9) && $0.y == 0 }
        #expect(fromFirst.count == 4)
        #expect(fromFirst.allSatisfy { 1.6 - $0.birth < 1 })
    }
}
