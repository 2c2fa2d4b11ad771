// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import Testing
@testable import FXRender

/// Images painted pixel for pixel on two threads (`BandedPaint`) against one
/// paint by cairo of the same image with the same operator, alpha and clip:
/// the bytes must be the same.
@Suite struct BandedPaintTests {
    /// A 640×480 picture with a gradient and translucent stripes (so OVER has something to blend).
    static func picture(_ w: Int, _ h: Int, seed: Int) -> Surface {
        let s = Surface(width: w, height: h)
        let g = cairo_pattern_create_linear(0, 0, Double(w), Double(h))!
        cairo_pattern_add_color_stop_rgba(g, 0, 0.9, 0.2 + 0.1 * Double(seed), 0.1, 1)
        cairo_pattern_add_color_stop_rgba(g, 1, 0.1, 0.4, 0.8, 0.6)
        cairo_set_source(s.cr, g)
        cairo_paint(s.cr)
        cairo_pattern_destroy(g)
        cairo_set_source_rgba(s.cr, 0.2, 0.9, 0.3, 0.5)
        for i in 0..<12 { cairo_rectangle(s.cr, Double(i * 53 + seed), 0, 17, Double(h)) }
        cairo_fill(s.cr)
        cairo_surface_flush(s.surface)
        return s
    }

    /// Paints `image` at (dx, dy) onto a copy of `under`, inside `clips`, banded or by cairo alone.
    static func painted(_ image: Surface, over under: Surface, at dx: Double, _ dy: Double, alpha: Double,
                        op: cairo_operator_t, clips: [(Double, Double, Double, Double)], banded: Bool) -> (Bool, [UInt8]) {
        let out = Surface(width: under.width, height: under.height)
        cairo_set_source_surface(out.cr, under.surface, 0, 0)
        cairo_paint(out.cr)
        for c in clips { cairo_rectangle(out.cr, c.0, c.1, c.2, c.3) }
        cairo_clip(out.cr)
        cairo_translate(out.cr, dx, dy)
        cairo_set_operator(out.cr, op)
        cairo_rectangle(out.cr, 0, 0, Double(image.width), Double(image.height))
        cairo_clip(out.cr)
        var used = false
        if banded {
            used = BandedPaint.paint(image.surface, out.cr, alpha: alpha)
        } else {
            cairo_set_source_surface(out.cr, image.surface, 0, 0)
            cairo_paint_with_alpha(out.cr, alpha)
        }
        return (used, out.rgba())
    }

    @Test(arguments: [
        (0.0, 0.0, 0.37, CAIRO_OPERATOR_OVER),
        (0.0, 0.0, 1.0, CAIRO_OPERATOR_SOURCE),
        (-33.0, 21.0, 0.8, CAIRO_OPERATOR_OVER),
        (57.0, -40.0, 1.0, CAIRO_OPERATOR_OVER),
        (12.0, 7.0, 0.5, CAIRO_OPERATOR_SOURCE),
    ])
    func sameBytesAsOnePaint(dx: Double, dy: Double, alpha: Double, op: cairo_operator_t) {
        let under = Self.picture(640, 480, seed: 0), image = Self.picture(640, 480, seed: 3)
        for clips in [[(0.0, 0.0, 640.0, 480.0)], [(10.0, 5.0, 600.0, 200.0), (40.0, 300.0, 500.0, 170.0)]] {
            let (used, banded) = Self.painted(image, over: under, at: dx, dy, alpha: alpha, op: op, clips: clips, banded: true)
            let (_, single) = Self.painted(image, over: under, at: dx, dy, alpha: alpha, op: op, clips: clips, banded: false)
            #expect(used, "a pixel-for-pixel paint of \(640 * 480) pixels is banded")
            #expect(banded == single, "offset (\(dx), \(dy)), alpha \(alpha), \(clips.count) clip rectangles: \(difference(banded, single, threshold: 0))")
        }
    }

    @Test func declinesWhatIsResampledOrSmall() {
        let under = Self.picture(640, 480, seed: 0), image = Self.picture(640, 480, seed: 1)
        for (dx, clips) in [(0.5, [(0.0, 0.0, 640.0, 480.0)]), (0.0, [(0.0, 0.0, 100.0, 100.0)]),
                            (0.0, [(0.5, 0.0, 640.0, 480.0)])] {
            let (used, _) = Self.painted(image, over: under, at: dx, 0, alpha: 1, op: CAIRO_OPERATOR_OVER, clips: clips, banded: true)
            #expect(!used, "offset \(dx), clip \(clips)")
        }
        let out = Surface(width: 640, height: 480)
        cairo_scale(out.cr, 2, 2)
        #expect(!BandedPaint.paint(image.surface, out.cr, alpha: 1), "a scaled paint is cairo's")
    }

    /// The crossfade as the renderer draws it: two full-frame image layers, the upper at opacity 0.4,
    /// against cairo copying the first and painting the second with alpha 0.4.
    @Test func crossfadeFrameMatchesCairo() throws {
        let a = Self.picture(640, 480, seed: 0), b = Self.picture(640, 480, seed: 2)
        func image(_ s: Surface) -> FXCore.Image { Image(width: 640, height: 480, pixels: s.rgba(), label: "p") }
        let stage = try scene(640, 480) { stage in
            _ = try layer(stage, frame: Rect(0, 0, 640, 480), [(.contents, .image(image(a)))])
            _ = try layer(stage, frame: Rect(0, 0, 640, 480), [(.contents, .image(image(b))), (.opacity, .number(0.4))])
        }
        let frame = try render(stage)
        let expected = reference(640, 480) { cr in
            cairo_set_source_surface(cr, a.surface, 0, 0)
            cairo_paint(cr)
            cairo_set_source_surface(cr, b.surface, 0, 0)
            cairo_paint_with_alpha(cr, 0.4)
        }
        #expect(frame.pixels == expected, "\(difference(frame.pixels, expected, threshold: 0))")
    }
}
