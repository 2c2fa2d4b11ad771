import Testing
@testable import FXCore

/// `Layer.visitTree`: depth-first, each layer before what it holds, its mask's subtree before its
/// sublayers (in order), each layer given what its parent handed down to masks or to sublayers.
@Suite struct TreeWalkTests {
    /// l ─ mask m (with sublayer mc), sublayers a (with a1) and b. Depth is handed down; the mask's
    /// side gets 100 more, so m is 101 and mc 102, while a, b are 1 and a1 is 2.
    @Test func visitsLayerThenMaskThenSublayersCarryingValuesDown() throws {
        let (stage, l) = stageWithLayer()
        func make(_ name: String) -> Layer { stage.makeLayer(.layer, name: name) }
        let m = make("m"), mc = make("mc"), a = make("a"), a1 = make("a1"), b = make("b")
        try m.addSublayer(mc)
        try l.setMask(m)
        try l.addSublayer(a)
        try a.addSublayer(a1)
        try l.addSublayer(b)
        var seen: [String] = []
        l.visitTree(0) { layer, depth in
            seen.append("\(layer.name)=\(depth)")
            return (mask: depth + 101, sublayers: depth + 1)
        }
        #expect(seen == ["l=0", "m=101", "mc=102", "a=1", "a1=2", "b=1"])
    }
}
