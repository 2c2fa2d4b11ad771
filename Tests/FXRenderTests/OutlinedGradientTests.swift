// SPDX-License-Identifier: MIT
import FXCore
import Testing
@testable import FXRender

/// A gradient layer masked by one opaque filled outline (how a Lottie gradient
/// fill arrives) is drawn without an offscreen group: the gradient where the
/// outline covers, nothing elsewhere, at the layer's opacity. Expected pixels
/// worked by hand over a white stage: a horizontal black → white gradient
/// across 100 points has grey 255 · (x + 0.5) / 100 at pixel x.
@Suite struct OutlinedGradientTests {
    func frame(opacity: Double) throws -> (Frame, Bool) {
        var fast = false
        let stage = try scene(100, 20) { s in
            try s.root.set(.backgroundColor, .color(.white))
            let g = try layer(s, .gradient, frame: Rect(0, 0, 100, 20), [
                (.colors, .colors([.black, .white])), (.startPoint, .point(Point(0, 0.5))),
                (.endPoint, .point(Point(1, 0.5))), (.opacity, .number(opacity)),
            ])
            let outline = s.makeLayer(.shape, name: "outline")
            try outline.setFrame(Rect(0, 0, 100, 20))
            var p = Path()
            p.addRect(Rect(20, 0, 40, 20))
            try outline.set(.path, .path(p))
            try outline.set(.fillColor, .color(.black))
            try g.setMask(outline)
        }
        let snapshot = try stage.sample(at: 0)
        let tree = RenderTree(snapshot.layers)
        let r = Renderer(stageSize: stage.size)
        if let i = tree.layers.firstIndex(where: { $0.kind == .gradient }), let m = tree.mask[i] {
            fast = r.masksByOutlineAlone(tree, i, m)
        }
        return (r.render(snapshot), fast)
    }

    @Test func theGradientShowsWhereTheOutlineCovers() throws {
        let (f, fast) = try frame(opacity: 1)
        #expect(fast)
        // Pixel 30: grey 255 × 0.305 = 77.8; pixel 50: 128.0; outside (10 and 80): the white stage.
        #expect(near(rgba(f, 30, 10), [78, 78, 78, 255]), "\(rgba(f, 30, 10))")
        #expect(near(rgba(f, 50, 10), [128, 128, 128, 255]), "\(rgba(f, 50, 10))")
        #expect(rgba(f, 10, 10) == [255, 255, 255, 255])
        #expect(rgba(f, 80, 10) == [255, 255, 255, 255])
    }

    /// At opacity 0.5: 255 − (255 − 77.8) × 0.5 = 166.4 at pixel 30.
    @Test func theLayersOpacityApplies() throws {
        let (f, fast) = try frame(opacity: 0.5)
        #expect(fast)
        #expect(near(rgba(f, 30, 10), [166, 166, 166, 255]), "\(rgba(f, 30, 10))")
        #expect(rgba(f, 80, 10) == [255, 255, 255, 255])
    }
}
