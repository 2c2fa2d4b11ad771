import Testing
@testable import FXCore

/// Nested replicators multiply their copies; a snapshot stops making copies
/// at `Replication.maxLayers` layers, so a plugin cannot exhaust the host.
@Suite struct ReplicatorBudgetTests {
    /// `depth` replicators, each inside the one before and holding the next, the last holding one dot.
    func nested(depth: Int, count: Double) throws -> Stage {
        let stage = Stage(size: Size(100, 100))
        var parent = stage.root
        for d in 0..<depth {
            let r = stage.makeLayer(.replicator, name: "r\(d)")
            try r.setFrame(Rect(0, 0, 100, 100))
            try r.set(.instanceCount, .number(count))
            try r.set(.instanceTransform, .transform(.translation(1, 0)))
            try parent.addSublayer(r)
            parent = r
        }
        let dot = stage.makeLayer(.layer, name: "dot")
        try dot.setFrame(Rect(0, 0, 2, 2))
        try parent.addSublayer(dot)
        return stage
    }

    /// Below the budget nothing changes: the innermost replicator and its 4 dots are 5 layers, the
    /// next holds itself and 4 copies of those (21), the outer one 1 + 4 · 21, and the root one more.
    @Test func smallTreesAreCopiedWhole() throws {
        let layers = try nested(depth: 3, count: 4).sample(at: 0).layers
        #expect(layers.count == 1 + (1 + (1 + 4 * 1) * 4) * 4 + 1)
        #expect(layers.filter { $0.name.hasPrefix("dot") }.count == 64)
    }

    /// With a budget of 500 the same tree keeps its 5 real layers and as many whole copies as fit.
    @Test func copiesStopAtTheBudget() throws {
        let stage = try nested(depth: 3, count: 10)
        let plain = Sampler.capture(stage.root, parentTime: 0)  // the real layers, before any copy
        #expect(plain.count == 5)
        let capped = Replication.expand(plain, stage.replicators, limit: 500)
        #expect(capped.count <= 500)
        #expect(capped.count > 400, "copies go on until the next one would not fit (\(capped.count))")
        #expect(Set(plain.map(\.id)).isSubset(of: Set(capped.map(\.id))), "every real layer is kept")
        // Every parent index still points at an earlier layer: the tree stays whole.
        for (i, l) in capped.enumerated() { #expect(l.parent < i) }
    }

    /// Three nested replicators at the 10,000-copy maximum would make 10¹² layers; the snapshot holds
    /// at most the stage's budget (set low here so that the test is quick; the host keeps the default).
    @Test func aHostileTreeIsBounded() throws {
        let stage = try nested(depth: 3, count: 10_000)
        #expect(stage.maxPresentedLayers == Replication.maxLayers)
        stage.maxPresentedLayers = 20_000
        let layers = try stage.sample(at: 0).layers
        #expect(layers.count <= 20_000)
        #expect(layers.count > 10_000)
    }
}
