// SPDX-License-Identifier: MIT
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

    /// Three nested replicators at the 10,000-copy maximum would ask for 10¹² layers: the frame
    /// is refused before any copy is made, naming the budget (set low here; the host keeps the default).
    @Test func aHostileTreeIsRefused() throws {
        let stage = try nested(depth: 3, count: 10_000)
        #expect(stage.maxPresentedLayers == Replication.maxLayers)
        stage.maxPresentedLayers = 20_000
        #expect(throws: FXError.self) { try stage.sample(at: 0) }
    }

    /// 10⁹ nested instances (three replicators of 1,000 around one dot) against the default budget
    /// of 1,000,000 layers: the frame would hold 1 (root) + 1 (r0) + 1,000 (r1) + 10⁶ (r2) + 10⁹
    /// (dots) = 1,001,001,002 layers; the count passes the budget at r2's copies, which r1 makes.
    /// Refused with one line, in well under a second.
    @Test func aBillionNestedInstancesAreRefusedAtOnce() throws {
        let stage = try nested(depth: 3, count: 1_000)
        let clock = ContinuousClock()
        let start = clock.now
        var message = ""
        do {
            _ = try stage.sample(at: 0)
        } catch let e as FXError {
            message = e.message
            #expect(e.kind == .limit)
        }
        #expect(clock.now - start < .seconds(1))
        #expect(message.hasPrefix("scene budget: the copies of replicator 'stage/r0/r1' would make 1,001,001,002 layers in one frame"), "\(message)")
        #expect(message.contains("the budget is 1,000,000 layers a frame"))
        #expect(!message.contains("\n"))
    }
}
