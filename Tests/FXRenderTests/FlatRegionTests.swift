// SPDX-License-Identifier: MIT
import FXCore
import Testing
@testable import FXRender

/// A layer under perspective is drawn flat only where it paints and can reach the frame
/// (`Renderer.flatRegion`): a Lottie 3D precomp is a plain layer as large as its composition
/// (here 7,680 × 4,320 points, no background) holding a small card. The expected boxes are the
/// cards' frames in the precomp's coordinates, as set below.
@Suite struct FlatRegionTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    /// A 200 × 120 stage holding a 7,680 × 4,320 plain layer centred on it, turned 20° about y with
    /// m34 = −1/1000, whose sublayers `build` adds (in its coordinates; its centre is (3840, 2160)).
    func region(_ build: (Stage, Layer) throws -> Void) throws -> Rect? {
        var t = Transform3D.rotation(20 * .pi / 180, 0, 1, 0)
        var p = Transform3D.identity
        p.m34 = -1.0 / 1000
        t = t.concatenating(p)
        let stage = try scene(200, 120) { s in
            let precomp = try layer(s, frame: Rect(100 - 3840, 60 - 2160, 7680, 4320), [(.transform, .transform(t))])
            try build(s, precomp)
        }
        let tree = RenderTree(try stage.sample(at: 0).layers)
        let r = Renderer(stageSize: stage.size)
        let i = tree.children[0][0]
        let h = LayerGeometry.toParent(tree.layers[i], parent: tree.layers[0])
            .then(LayerGeometry.toParent(tree.layers[0], parent: nil))
        #expect(!h.isAffine)
        return r.flatRegion(tree, i, h, resolution: Renderer.flatResolution(r.extent(tree, i), h),
                            clippedTo: Surface(width: 200, height: 120))
    }

    /// A 40 × 30 card at the precomp's centre, wholly in the frame: only the card is drawn flat.
    @Test func onlyTheCardIsDrawnFlat() throws {
        let box = try region { s, precomp in
            _ = try layer(s, frame: Rect(3820, 2145, 40, 30), [(.backgroundColor, .color(Self.red))], in: precomp)
        }
        #expect(box == Rect(3820, 2145, 40, 30), "\(String(describing: box))")
    }

    /// A card 6,000 points wide from the centre rightwards: what is drawn stops a little past the
    /// frame's right edge. The stage's right edge is 100 points right of the centre; turned 20° about
    /// y and seen in perspective, a point x right of the centre shows at cos 20° · x / (1 ± x · sin 20°
    /// / 1000), which is 100 at x ≈ 110 (turned away) or 103 (turned near): with the few pixels of
    /// margin for the filter, well under 130, far short of 6,000.
    @Test func aWideCardIsDrawnOnlyAsFarAsTheFrameReaches() throws {
        let box = try region { s, precomp in
            _ = try layer(s, frame: Rect(3840, 2145, 6000, 30), [(.backgroundColor, .color(Self.red))], in: precomp)
        }
        let b = try #require(box)
        #expect(b.minX == 3840 && b.minY == 2145 && b.size.height == 30, "\(b)")
        #expect(b.maxX > 3840 + 100 && b.maxX < 3840 + 130, "\(b)")
    }

    /// A precomp of sublayers that paint nothing draws nothing.
    @Test func nothingPaintedIsNothingDrawn() throws {
        let box = try region { s, precomp in
            _ = try layer(s, frame: Rect(3820, 2145, 40, 30), in: precomp)
        }
        #expect(box == nil)
    }

    /// A shadow paints outside what casts it, so a subtree holding one is drawn whole, as before.
    @Test func aShadowKeepsTheWholeExtent() throws {
        let box = try region { s, precomp in
            _ = try layer(s, frame: Rect(3820, 2145, 40, 30), [(.backgroundColor, .color(Self.red)), (.shadowOpacity, .number(1))],
                          in: precomp)
        }
        #expect(box == Rect(0, 0, 7680, 4320), "\(String(describing: box))")
    }
}
