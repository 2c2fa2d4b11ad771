// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// `Layer.visitTree`: depth-first, each layer before what it holds, its mask's subtree before its
/// sublayers (in order), each layer given what its parent handed down to masks or to sublayers.
@Suite struct TreeWalkTests {
    /// A stage holding l ─ mask m (with sublayer mc), sublayers a (with a1) and b.
    static func tree() throws -> (stage: Stage, l: Layer, mc: Layer) {
        let (stage, l) = stageWithLayer()
        func make(_ name: String) -> Layer { stage.makeLayer(.layer, name: name) }
        let m = make("m"), mc = make("mc"), a = make("a"), a1 = make("a1"), b = make("b")
        try m.addSublayer(mc)
        try l.setMask(m)
        try l.addSublayer(a)
        try a.addSublayer(a1)
        try l.addSublayer(b)
        return (stage, l, mc)
    }

    /// Depth is handed down; the mask's side gets 100 more, so m is 101 and mc 102, while a, b are
    /// 1 and a1 is 2.
    @Test func visitsLayerThenMaskThenSublayersCarryingValuesDown() throws {
        let (_, l, _) = try Self.tree()
        var seen: [String] = []
        l.visitTree(0) { layer, depth in
            seen.append("\(layer.name)=\(depth)")
            return (mask: depth + 101, sublayers: depth + 1)
        }
        #expect(seen == ["l=0", "m=101", "mc=102", "a=1", "a1=2", "b=1"])
    }

    /// The walk's users see masks and what they hold: a snapshot (the sampling program) and a
    /// transition's capture (`Sampler.visit`) lay l ─ mask m (mc), sublayers a (a1), b out as
    /// l, m, mc, a, a1, b with each parent's slot, depth and mask flag; an emitter held by a mask's
    /// sublayer emits; a mask's depth counts toward the depth limit.
    @Test func theWalksUsersReachMasksAndWhatTheyHold() throws {
        let (stage, l, mc) = try Self.tree()
        func make(_ name: String, _ kind: LayerKind = .layer) -> Layer { stage.makeLayer(kind, name: name) }
        func slots(_ layers: [PresentedLayer]) -> [String] { layers.map { "\($0.name) \($0.parent) \($0.depth) \($0.isMask)" } }
        // The stage's root is slot 0, l slot 1.
        #expect(slots(Array(try stage.sample(at: 0).layers.dropFirst())) ==
                ["l 0 1 false", "m 1 2 true", "mc 2 3 false", "a 1 2 false", "a1 4 3 false", "b 1 2 false"])
        #expect(slots(Sampler.capture(l, parentTime: 0)) ==
                ["l -1 0 false", "m 0 1 true", "mc 1 2 false", "a 0 1 false", "a1 3 2 false", "b 0 1 false"])

        #expect(!stage.emitsForever)
        let e = make("e", .emitter)
        var cell = EmitterCell(name: "c")
        cell[.birthRate] = 1
        cell[.lifetime] = 1
        try e.addEmitterCell(cell)
        try mc.addSublayer(e)
        #expect(stage.emitsForever)

        // A chain of 998 layers as x's mask: x's subtree is 999 deep, 1,000 under the root, 1,001 under y.
        let links = (0..<998).map { make("c\($0)") }
        for (upper, lower) in zip(links, links.dropFirst()) { try upper.addSublayer(lower) }
        let x = make("x"), y = make("y")
        try x.setMask(links[0])
        try stage.root.addSublayer(y)
        try stage.root.addSublayer(x)
        #expect { try y.addSublayer(x) } throws: { "\($0)".contains("the tree would be 1001 layers deep") }
    }
}
