// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import Glibc
import Testing
@testable import FXRender

/// Each primitive against an independent reference: the same shape drawn
/// directly with cairo here, or pixels computed by hand. Tolerances are
/// stated per test: anti-aliased edges may differ by rounding, not by shape.
@Suite struct PrimitiveTests {
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)

    /// Tolerance: no pixel differs by more than 24 in a channel (edge anti-aliasing of two
    /// cubic approximations of the same circle), mean under 0.1.
    @Test func roundedRectBackground() throws {
        let stage = try scene { s in
            _ = try layer(s, frame: Rect(20, 30, 100, 60), [(.backgroundColor, .color(red)), (.cornerRadius, .number(12))])
        }
        let frame = try render(stage)
        let ref = reference(160, 120) { cr in
            cairoRoundedRect(cr, 20, 30, 100, 60, 12)
            cairo_set_source_rgba(cr, 1, 0, 0, 1)
            cairo_fill(cr)
        }
        let d = difference(frame.pixels, ref)
        #expect(d.max <= 24 && d.mean < 0.1, "\(d)")
        #expect(rgba(frame, 70, 60) == [255, 0, 0, 255])
        #expect(rgba(frame, 21, 31) == [0, 0, 0, 0])  // cut off by the corner
    }

    /// The border lies inside the bounds, over the sublayers. Tolerance as above.
    @Test func borderInsideBoundsAboveSublayers() throws {
        let stage = try scene { s in
            let l = try layer(s, frame: Rect(20, 20, 100, 80), [(.borderWidth, .number(4)), (.borderColor, .color(blue))])
            _ = try layer(s, frame: Rect(0, 0, 100, 80), [(.backgroundColor, .color(red))], in: l)
        }
        let frame = try render(stage)
        let ref = reference(160, 120) { cr in
            cairo_set_source_rgba(cr, 1, 0, 0, 1)
            cairo_rectangle(cr, 20, 20, 100, 80)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_rectangle(cr, 20, 20, 100, 80)
            cairo_rectangle(cr, 24, 24, 92, 72)
            cairo_set_source_rgba(cr, 0, 0, 1, 1)
            cairo_fill(cr)
        }
        let d = difference(frame.pixels, ref)
        #expect(d.max <= 1, "\(d)")
        #expect(rgba(frame, 21, 50) == [0, 0, 255, 255] && rgba(frame, 25, 50) == [255, 0, 0, 255])
    }

    /// Hand-computed: along the axis, red until 25 %, blue after 75 %, linear between.
    @Test func gradientWithLocations() throws {
        let stage = try scene(200, 20) { s in
            _ = try layer(s, .gradient, frame: Rect(0, 0, 200, 20), [
                (.colors, .colors([red, blue])), (.locations, .numbers([0.25, 0.75])),
                (.startPoint, .point(Point(0, 0.5))), (.endPoint, .point(Point(1, 0.5))),
            ])
        }
        let frame = try render(stage)
        for x in stride(from: 0, to: 200, by: 7) {
            let t = (Double(x) + 0.5) / 200
            let u = max(0, min(1, (t - 0.25) / 0.5))
            let expected = [Int((255 * (1 - u)).rounded()), 0, Int((255 * u).rounded()), 255]
            #expect(near(rgba(frame, x, 10), expected, 2), "x = \(x): \(rgba(frame, x, 10)) vs \(expected)")
        }
    }

    /// The shimmer's mask: white text, its alpha multiplied by a horizontal
    /// gradient (α 0.3 / 1 / 0.3). Reference: the same pango layout drawn with
    /// cairo, masked by a cairo linear gradient. Tolerance: max 3 (the renderer
    /// caches the text as a raster at the same resolution, so edges match).
    @Test func gradientMaskOverText() throws {
        let g = 0.2
        let stage = try scene(240, 60) { s in
            let text = try layer(s, .text, frame: Rect(0, 10, 240, 40), [
                (.string, .string("slide to unlock")), (.fontSize, .number(28)), (.foregroundColor, .color(.white)),
                (.alignmentMode, .string("center")),
            ])
            let mask = s.makeLayer(.gradient, name: "mask")
            try mask.setFrame(Rect(0, 0, 240, 40))
            try mask.set(.colors, .colors([Color(white: 1, alpha: 0.3), .white, Color(white: 1, alpha: 0.3)]))
            try mask.set(.locations, .numbers([0.4, 0.4 + g / 2, 0.4 + g]))
            try mask.set(.startPoint, .point(Point(-g, 0.5)))
            try mask.set(.endPoint, .point(Point(1 + g, 0.5)))
            try text.setMask(mask)
        }
        let frame = try render(stage)
        let unmasked = try scene(240, 60) { s in
            _ = try layer(s, .text, frame: Rect(0, 10, 240, 40), [
                (.string, .string("slide to unlock")), (.fontSize, .number(28)), (.foregroundColor, .color(.white)),
                (.alignmentMode, .string("center")),
            ])
        }
        let textOnly = try render(unmasked)
        // Reference: the text's own pixels, times the gradient's alpha at each x (cairo pattern).
        let ref = reference(240, 60) { cr in
            let text = Surface(rgba: textOnly.pixels, width: 240, height: 60)
            let sx = -g * 240, ex = (1 + g) * 240
            let pattern = cairo_pattern_create_linear(sx, 0, ex, 0)!
            for (t, a) in [(0.4, 0.3), (0.4 + g / 2, 1.0), (0.4 + g, 0.3)] { cairo_pattern_add_color_stop_rgba(pattern, t, 1, 1, 1, a) }
            cairo_set_source_surface(cr, text.surface, 0, 0)
            cairo_mask(cr, pattern)
            cairo_pattern_destroy(pattern)
        }
        let d = difference(frame.pixels, ref, threshold: 3)
        #expect(d.max <= 3, "\(d)")
        // There is text to mask, and the mask dims it outside the highlight.
        #expect(textOnly.pixels.contains { $0 > 200 })
        #expect(frame.pixels.reduce(0) { $0 + Int($1) } < textOnly.pixels.reduce(0) { $0 + Int($1) })
    }

    /// CAShapeLayer: a 6 px quarter-circle stroke of radius 40 shown up to
    /// strokeEnd 0.5, against cairo_arc stroked over the same angles.
    /// Tolerance: max 40 at the butt ends and the curve's edge (flattened vs exact arc), mean < 0.3.
    @Test func strokedArcWithStrokeStartAndEnd() throws {
        let stage = try scene { s in
            var p = Path()
            p.arc(center: Point(80, 60), radius: 40, startAngle: -.pi / 2, endAngle: .pi, clockwise: true)
            let shape = s.makeLayer(.shape, name: "arc")
            try shape.set(.path, .path(p))
            try shape.set(.fillColor, .color(.clear))
            try shape.set(.strokeColor, .color(.white))
            try shape.set(.lineWidth, .number(6))
            try shape.set(.strokeStart, .number(0.25))
            try shape.set(.strokeEnd, .number(0.75))
            try s.root.addSublayer(shape)
        }
        let frame = try render(stage)
        // 3/4 turn from −90°: from 25 % to 75 % is −90° + 67.5° … −90° + 202.5°.
        let a0 = -Double.pi / 2 + 0.25 * 1.5 * .pi, a1 = -Double.pi / 2 + 0.75 * 1.5 * .pi
        let ref = reference(160, 120) { cr in
            cairo_arc(cr, 80, 60, 40, a0, a1)
            cairo_set_line_width(cr, 6)
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            cairo_stroke(cr)
        }
        let d = difference(frame.pixels, ref, threshold: 40)
        #expect(d.pixelsOver <= 6 && d.mean < 0.3, "\(d)")
        // Outside the range: nothing at 12 o'clock (the start) or at 9 o'clock (the end).
        #expect(rgba(frame, 80, 20)[3] == 0 && rgba(frame, 40, 60)[3] == 0)
        #expect(rgba(frame, 120, 60)[3] == 255)  // 3 o'clock is inside
    }

    /// A 3D rotation about y with m34 perspective: the projected corners,
    /// computed by hand from the matrix, bound what is drawn.
    @Test func perspectiveFlip() throws {
        var t = Transform3D.rotation(.pi / 3, 0, 1, 0)
        var p = Transform3D.identity
        p.m34 = -1.0 / 300
        t = t.concatenating(p)
        let stage = try scene(200, 120) { s in
            _ = try layer(s, frame: Rect(50, 20, 100, 80), [(.backgroundColor, .color(red)), (.transform, .transform(t))])
        }
        let frame = try render(stage)
        // Corner (−50, ±40) of the layer about its centre (100, 60): x' = x·cos, w = 1 − x·(−sin)·(−1/300)...
        func project(_ x: Double, _ y: Double) -> (Double, Double) {
            let c = cos(Double.pi / 3), sn = sin(Double.pi / 3)
            let w = 1 + x * sn / 300  // row vector: w = x·m13·m34·… = 1 − x·(−sin)/(−300)
            return (100 + x * c / w, 60 + y / w)
        }
        let left = project(-50, -40), right = project(50, -40)
        #expect(abs(left.0 - (100 - 25 / (1 - 50 * sin(Double.pi / 3) / 300))) < 1e-9)
        // The near (left) edge is taller than the far one.
        let leftTop = project(-50, -40).1, rightTop = project(50, -40).1
        #expect(leftTop < rightTop)
        // Inside the quad: red. Just outside each vertical edge: empty.
        #expect(rgba(frame, 100, 60) == [255, 0, 0, 255])
        #expect(rgba(frame, Int(left.0) - 2, 60)[3] == 0)
        #expect(rgba(frame, Int(right.0) + 2, 60)[3] == 0)
        #expect(rgba(frame, Int(left.0) + 2, 60)[3] > 200)
        #expect(rgba(frame, Int(right.0) - 2, 60)[3] > 200)
        // Top edge: at x = left+3 the top is near leftTop; at right−3 near rightTop.
        let lx = Int(left.0) + 3, rx = Int(right.0) - 3
        #expect(rgba(frame, lx, Int(leftTop) + 2)[3] > 200 && rgba(frame, lx, Int(leftTop) - 2)[3] == 0)
        // The top edge slopes: 2 px above where it crosses column rx (its centre), nothing is drawn.
        let edge = leftTop + (rightTop - leftTop) * ((Double(rx) + 0.5 - left.0) / (right.0 - left.0))
        #expect(rgba(frame, rx, Int(rightTop) + 2)[3] > 200 && rgba(frame, rx, Int((edge - 2).rounded(.down)))[3] == 0)
    }

    /// masksToBounds with a corner radius clips sublayers to the rounded bounds:
    /// the result equals a rounded rectangle of the child's colour. Tolerance as the rounded rect.
    @Test func roundedMasksToBounds() throws {
        let stage = try scene { s in
            let clip = try layer(s, frame: Rect(30, 20, 100, 80), [(.cornerRadius, .number(20)), (.masksToBounds, .bool(true))])
            _ = try layer(s, frame: Rect(-50, -50, 300, 300), [(.backgroundColor, .color(blue))], in: clip)
        }
        let frame = try render(stage)
        let ref = reference(160, 120) { cr in
            cairoRoundedRect(cr, 30, 20, 100, 80, 20)
            cairo_set_source_rgba(cr, 0, 0, 1, 1)
            cairo_fill(cr)
        }
        let d = difference(frame.pixels, ref)
        #expect(d.max <= 24 && d.mean < 0.1, "\(d)")
    }

    /// Opacity applies to the composited subtree: where two opaque children
    /// overlap, the top one shows at 50 %, not a blend of both. Hand-computed.
    @Test func groupOpacity() throws {
        let stage = try scene { s in
            let group = try layer(s, frame: Rect(0, 0, 160, 120), [(.opacity, .number(0.5))])
            _ = try layer(s, frame: Rect(20, 20, 80, 60), [(.backgroundColor, .color(red))], in: group)
            _ = try layer(s, frame: Rect(60, 40, 80, 60), [(.backgroundColor, .color(blue))], in: group)
        }
        let frame = try render(stage)
        #expect(near(rgba(frame, 80, 60), [0, 0, 128, 128], 1))   // overlap: blue at half
        #expect(near(rgba(frame, 30, 30), [128, 0, 0, 128], 1))   // red alone at half
        #expect(rgba(frame, 5, 5) == [0, 0, 0, 0])
    }

    /// A group (a translucent layer with sublayers) is composited only over the box its subtree
    /// covers: what its sublayers draw outside its own bounds must still show. A stroke running
    /// from x = 10 to 110 out of a 20-point group; in a second group, a sublayer's shadow 30 points
    /// below it. Both at the group's 50 %. Hand-computed.
    @Test func aGroupKeepsWhatItsSublayersDrawOutsideIt() throws {
        var line = Path()
        line.move(to: Point(-40, 10)); line.line(to: Point(60, 10))
        let stroked = try scene { s in
            let group = try layer(s, frame: Rect(50, 50, 20, 20), [(.opacity, .number(0.5))])
            _ = try layer(s, .shape, frame: Rect(0, 0, 20, 20),
                          [(.path, .path(line)), (.strokeColor, .color(.white)), (.lineWidth, .number(4))], in: group)
            _ = try layer(s, frame: Rect(5, 5, 10, 10), [(.backgroundColor, .color(red))], in: group)
        }
        var frame = try render(stroked)
        #expect(near(rgba(frame, 15, 60), [128, 128, 128, 128], 1))    // the stroke, far left of the group
        #expect(near(rgba(frame, 105, 60), [128, 128, 128, 128], 1))   // and far right
        #expect(near(rgba(frame, 60, 58), [128, 0, 0, 128], 1))        // the red square, over the stroke
        #expect(rgba(frame, 5, 60) == [0, 0, 0, 0])
        let shadowed = try scene { s in
            let group = try layer(s, frame: Rect(50, 50, 20, 20), [(.opacity, .number(0.5))])
            _ = try layer(s, frame: Rect(5, 5, 10, 10),
                          [(.backgroundColor, .color(red)), (.shadowOpacity, .number(1)), (.shadowColor, .color(blue)),
                           (.shadowOffset, .size(Size(0, 30))), (.shadowRadius, .number(0))], in: group)
            _ = try layer(s, frame: Rect(0, 0, 4, 4), [(.backgroundColor, .color(.white))], in: group)
        }
        frame = try render(shadowed)
        #expect(near(rgba(frame, 60, 90), [0, 0, 128, 128], 1))        // the shadow, 30 below the red square
        #expect(near(rgba(frame, 60, 60), [128, 0, 0, 128], 1))
    }

    /// A shape layer's opacity applies to the shape as one picture. A shape that only fills (or
    /// only strokes) paints one coverage mask, so the opacity can go into its colour: the result must
    /// be cairo's group (the shape drawn whole, then painted at the opacity) to within the rounding
    /// of one channel step. With both a fill and a stroke, where the stroke crosses the fill, only a
    /// group gives the stroke's colour over the fill's, so that case must be the group exactly.
    @Test func shapeOpacityIsTheGroupsResult() throws {
        var circle = Path()
        circle.addEllipse(in: Rect(10, 10, 60, 40))
        for (stroke, exact) in [(false, false), (true, true)] {
            let stage = try scene(100, 70) { s in
                let l = try layer(s, .shape, frame: Rect(0, 0, 100, 70),
                                  [(.path, .path(circle)), (.fillColor, .color(Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8))),
                                   (.opacity, .number(0.45))])
                if stroke {
                    try l.set(.strokeColor, .color(Color(red: 0.1, green: 0.2, blue: 1)))
                    try l.set(.lineWidth, .number(6))
                }
            }
            let ref = reference(100, 70) { cr in
                cairo_push_group(cr)
                cairo_save(cr)
                cairo_translate(cr, 40, 30)
                cairo_scale(cr, 30, 20)
                cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
                cairo_restore(cr)
                cairo_set_source_rgba(cr, 0.9, 0.3, 0.1, 0.8)
                if stroke {
                    cairo_fill_preserve(cr)
                    cairo_set_source_rgba(cr, 0.1, 0.2, 1, 1)
                    cairo_set_line_width(cr, 6)
                    cairo_stroke(cr)
                } else {
                    cairo_fill(cr)
                }
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, 0.45)
            }
            let d = difference(try render(stage).pixels, ref, threshold: 0)
            #expect(exact ? d.max == 0 : d.max <= 1, "stroke \(stroke): \(d)")
            // On the rim, where stroke and fill overlap, the stroke shows at 45 %: blue over nothing.
            if stroke { #expect(near(rgba(try render(stage), 70, 30), [11, 23, 115, 115], 3)) }
        }
    }

    /// contentsGravity: resizeAspect fits a 4×2 image into 40×40 as 40×20,
    /// centred; center shows it at its own size. Hand-computed boxes.
    @Test func imageWithGravity() throws {
        var px: [UInt8] = []
        for _ in 0..<8 { px += [0, 255, 0, 255] }
        let image = Image(width: 4, height: 2, pixels: px, label: "green")
        let stage = try scene(100, 50) { s in
            _ = try layer(s, frame: Rect(0, 0, 40, 40), [(.contents, .image(image)), (.contentsGravity, .string("resizeAspect"))])
            _ = try layer(s, frame: Rect(50, 0, 40, 40), [(.contents, .image(image)), (.contentsGravity, .string("center"))])
        }
        let frame = try render(stage)
        #expect(rgba(frame, 20, 20) == [0, 255, 0, 255])
        #expect(rgba(frame, 20, 8)[3] == 0 && rgba(frame, 20, 31)[3] == 0)   // above and below the fitted band
        #expect(rgba(frame, 2, 11) == [0, 255, 0, 255] && rgba(frame, 37, 28) == [0, 255, 0, 255])
        // center: 4×2 at (68, 19)…(72, 21).
        #expect(rgba(frame, 69, 19) == [0, 255, 0, 255] && rgba(frame, 71, 20) == [0, 255, 0, 255])
        #expect(rgba(frame, 66, 20)[3] == 0 && rgba(frame, 70, 23)[3] == 0)
    }

    @Test func zPositionHiddenAndScale() throws {
        let stage = try scene { s in
            _ = try layer(s, frame: Rect(10, 10, 50, 50), [(.backgroundColor, .color(red)), (.zPosition, .number(1))])
            _ = try layer(s, frame: Rect(30, 30, 50, 50), [(.backgroundColor, .color(blue))])
            _ = try layer(s, frame: Rect(100, 10, 50, 50), [(.backgroundColor, .color(blue)), (.isHidden, .bool(true))])
        }
        let frame = try render(stage)
        #expect(rgba(frame, 40, 40) == [255, 0, 0, 255])  // higher zPosition on top despite order
        #expect(rgba(frame, 120, 30)[3] == 0)
        let double = try render(stage, scale: 2)
        #expect(double.width == 320 && double.height == 240)
        #expect(rgba(double, 80, 80) == [255, 0, 0, 255] && rgba(double, 150, 150) == [0, 0, 255, 255])
    }

    @Test func fadeTransitionMixesOldAndNew() throws {
        let stage = Stage(size: Size(100, 50))
        let l = try layer(stage, frame: Rect(0, 0, 100, 50), [(.backgroundColor, .color(red))])
        var tr = Animation.transition(Transition(type: .fade))
        tr.timing.duration = 1
        try l.add(tr, forKey: "transition")
        try l.set(.backgroundColor, .color(blue))
        let frame = try render(stage, at: 0.5)
        #expect(near(rgba(frame, 50, 25), [128, 0, 128, 255], 2))
        let push = Stage(size: Size(100, 50))
        let m = try layer(push, frame: Rect(0, 0, 100, 50), [(.backgroundColor, .color(red))])
        var p = Animation.transition(Transition(type: .push, subtype: .fromRight))
        p.timing.duration = 1
        try m.add(p, forKey: "transition")
        try m.set(.backgroundColor, .color(blue))
        let pushed = try render(push, at: 0.25)
        // The new content has come a quarter of the way in from the right; the old moved a quarter out left.
        #expect(rgba(pushed, 70, 25) == [255, 0, 0, 255] && rgba(pushed, 80, 25) == [0, 0, 255, 255])
    }

    @Test func contentIsCachedAndRedrawnWhenItChanges() throws {
        let stage = Stage(size: Size(120, 40))
        let t = try layer(stage, .text, frame: Rect(0, 0, 120, 40), [(.string, .string("one")), (.fontSize, .number(20))])
        let r = Renderer(stageSize: stage.size)
        let a = r.render(try stage.sample(at: 0))
        let b = r.render(try stage.sample(at: 0.1))
        #expect(a.pixels == b.pixels)
        try t.set(.string, .string("two"))
        let c = r.render(try stage.sample(at: 0.2))
        #expect(c.pixels != a.pixels)
        // The same as a fresh renderer draws it: the cache never shows stale content.
        #expect(Renderer(stageSize: stage.size).render(try stage.sample(at: 0.3)).pixels == c.pixels)
    }

    @Test func shadowFallsUnderTheLayer() throws {
        let stage = try scene { s in
            _ = try layer(s, frame: Rect(40, 40, 40, 40), [
                (.backgroundColor, .color(.white)), (.shadowOpacity, .number(1)),
                (.shadowOffset, .size(Size(10, 10))), (.shadowRadius, .number(0)),
            ])
        }
        let frame = try render(stage)
        #expect(rgba(frame, 85, 85) == [0, 0, 0, 255])  // shadow, offset down-right
        #expect(rgba(frame, 60, 60) == [255, 255, 255, 255])
        #expect(rgba(frame, 35, 35)[3] == 0)
    }
}
