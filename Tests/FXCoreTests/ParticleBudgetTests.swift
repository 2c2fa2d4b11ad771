// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// The scene budget's particles (docs/isolation.md, "Scene budget"): counted from
/// the cells' rates and lifetimes before any particle is made, nested cells and
/// replicated copies multiplying, and a frame over the budget refused with one
/// line naming the emitter, where the newest particles used to be left out.
/// Every expected count is worked out here from the rule
/// ⌈rate × min(life, t)⌉ + 1 per source.
@Suite struct ParticleBudgetTests {
    func cell(_ name: String, rate: Double, life: Double, range: Double = 0) -> EmitterCell {
        var c = EmitterCell(name: name)
        c[.birthRate] = rate; c[.lifetime] = life; c[.lifetimeRange] = range
        return c
    }

    /// An emitter named "spray" holding `cells`, inside `replicators` nested replicators of `copies` each.
    func scene(_ cells: [EmitterCell], replicators: Int = 0, copies: Double = 1) throws -> Stage {
        let stage = Stage(size: Size(100, 100))
        var parent = stage.root
        for d in 0..<replicators {
            let r = stage.makeLayer(.replicator, name: "r\(d)")
            try r.setFrame(Rect(0, 0, 100, 100))
            try r.set(.instanceCount, .number(copies))
            try parent.addSublayer(r)
            parent = r
        }
        let e = stage.makeLayer(.emitter, name: "spray")
        try e.setFrame(Rect(0, 0, 100, 100))
        for c in cells { try e.addEmitterCell(c) }
        try parent.addSublayer(e)
        return stage
    }

    func refusal(_ stage: Stage, at t: Double) -> String? {
        do {
            _ = try stage.sample(at: t)
            return nil
        } catch let e as FXError {
            #expect(e.kind == .limit)
            return e.message
        } catch {
            return "\(error)"
        }
    }

    /// Rate 100, lifetime 2, no range: at 1.5 s births at k/100 for k = 0…150 are all alive (151),
    /// the bound ⌈100 × 1.5⌉ + 1 = 151; at 5 s those of the last 2 s: k = 301…500, 200 of them
    /// (k = 300, born at 3 s, ends at exactly 5 s), against the bound ⌈100 × 2⌉ + 1 = 201.
    @Test func theBoundIsTheLiveCountGiveOrTakeOne() throws {
        let stage = try scene([cell("c", rate: 100, life: 2)])
        var field = try stage.sample(at: 1.5).layer(named: "spray")!.particles!
        #expect(field.particles.count == 151)
        #expect(field.bound == 151)
        field = try stage.sample(at: 5).layer(named: "spray")!.particles!
        #expect(field.particles.count == 200)
        #expect(field.bound == 201)
    }

    /// A budget of 1,000 against rate 400 and lifetime 2 + range 1: at 5 s the bound is
    /// ⌈400 × 3⌉ + 1 = 1,201 > 1,000, refused whole, where the newest used to be dropped.
    @Test func anEmitterOverTheBudgetIsRefusedNotCut() throws {
        let stage = try scene([cell("c", rate: 400, life: 2, range: 1)])
        stage.maxLiveParticles = 1_000
        let message = refusal(stage, at: 5) ?? ""
        #expect(message.hasPrefix("scene budget: the particles of emitter 'stage/spray' would make 1,201 live particles in one frame"), "\(message)")
        #expect(message.contains("the budget is 1,000 particles a frame"))
        #expect(!message.contains("\n"))
        // Within the budget: at 1 s, ⌈400 × 1⌉ + 1 = 401.
        let fits = try scene([cell("c", rate: 400, life: 2, range: 1)])
        fits.maxLiveParticles = 1_000
        #expect(refusal(fits, at: 1) == nil)
    }

    /// Nested cells multiply: a parent of rate 1,000 living 1 s, emitting a child of rate 1,000
    /// living 1 s. At 1 s the parent has ⌈1,000 × 1⌉ + 1 = 1,001 alive; its reach is 2 s, so
    /// ⌈1,000 × min(2, 1)⌉ + 1 = 1,001 parents are sources, each with 1,001 children alive:
    /// 1,001 + 1,001² = 1,003,002 against the default budget of 1,000,000. Refused at once.
    @Test func nestedCellsMultiply() throws {
        var parent = cell("spark", rate: 1_000, life: 1)
        parent.emitterCells = [cell("trail", rate: 1_000, life: 1)]
        let stage = try scene([parent])
        #expect(stage.maxLiveParticles == 1_000_000)
        let clock = ContinuousClock()
        let start = clock.now
        let message = refusal(stage, at: 1) ?? ""
        #expect(clock.now - start < .seconds(1))
        #expect(message.hasPrefix("scene budget: the particles of emitter 'stage/spray' would make 1,003,002 live particles in one frame"), "\(message)")
    }

    /// Replicators multiply: rate 500, lifetime 2 at 2 s is ⌈500 × 2⌉ + 1 = 1,001 an emitter; in
    /// two nested replicators of 32 copies, 1,001 × 1,024 = 1,025,024 > 1,000,000, refused before
    /// any copy is made. Rate 50 in two of 10 copies: 101 × 100 = 10,100, within a budget of
    /// exactly that, over one of a particle less.
    @Test func replicatedEmittersMultiply() throws {
        let over = try scene([cell("c", rate: 500, life: 2)], replicators: 2, copies: 32)
        let message = refusal(over, at: 2) ?? ""
        #expect(message.hasPrefix("scene budget: the particles of emitter 'stage/r0/r1/spray' would make 1,025,024 live particles in one frame"), "\(message)")
        let fits = try scene([cell("c", rate: 50, life: 2)], replicators: 2, copies: 10)
        fits.maxLiveParticles = 10_100
        #expect(refusal(fits, at: 2) == nil)
        let tight = try scene([cell("c", rate: 50, life: 2)], replicators: 2, copies: 10)
        tight.maxLiveParticles = 10_099
        #expect(refusal(tight, at: 2)?.hasPrefix("scene budget: the particles of emitter 'stage/r0/r1/spray' would make 10,100 live particles") == true)
    }

    /// 10⁹ particles (rate 10⁹, lifetime 1, at 1 s: ⌈10⁹⌉ + 1) are refused in well under a
    /// second, without making one.
    @Test func aBillionParticlesAreRefusedAtOnce() throws {
        let stage = try scene([cell("c", rate: 1e9, life: 1)])
        let clock = ContinuousClock()
        let start = clock.now
        let message = refusal(stage, at: 1) ?? ""
        #expect(clock.now - start < .seconds(1))
        #expect(message.hasPrefix("scene budget: the particles of emitter 'stage/spray' would make 1,000,000,001 live particles in one frame"), "\(message)")
        #expect(message.contains("the budget is 1,000,000 particles a frame"))
    }

    /// Two emitters count together: 600 + 600 of a budget of 1,000; the second is named.
    @Test func emittersCountTogether() throws {
        let stage = try scene([cell("c", rate: 599, life: 1)])
        let second = stage.makeLayer(.emitter, name: "second")
        try second.addEmitterCell(cell("c", rate: 599, life: 1))
        try stage.root.addSublayer(second)
        stage.maxLiveParticles = 1_000
        let message = refusal(stage, at: 1) ?? ""
        #expect(message.hasPrefix("scene budget: the particles of emitter 'stage/second' would make 1,200 live particles"), "\(message)")
    }
}
