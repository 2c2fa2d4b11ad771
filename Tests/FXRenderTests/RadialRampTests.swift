// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import Foundation
import Testing
@testable import FXRender

/// The renderer's own radial ramp (RadialRamp) against the radial gradient
/// rule worked by hand here. The rule: cairo_pattern_create_radial's (cairo's
/// manual: the colour at a point is that of the largest circle through it,
/// interpolated between a start and an end circle), with the start circle a
/// point at the centre and the end circle the unit circle mapped onto the
/// ellipse, so t is the point's distance from the centre in radii (as CSS
/// Images 3 defines an elliptical radial gradient's ray); colours between two
/// stops mixed linearly in unpremultiplied RGBA, then premultiplied (pixman's
/// gradient walker, what cairo's image backend draws: CSS would mix
/// premultiplied, which differs only where alpha changes), the first colour
/// before the first stop and the last past the last (cairo's PAD extend;
/// CAGradientLayer keeps the last colour). Pixels are sampled at their
/// centres; a pixel agrees when no channel is more than 2 levels away.
@Suite struct RadialRampTests {
    let rule = GradientRule(stops: [(0, 1, 1, 1, 1), (0.3, 1, 0.6, 0, 1), (0.7, 0.2, 0, 0.6, 0.5), (1, 0, 0.4, 0.2, 1)])

    /// An ellipse of radii 50 × 30 about (60.25, 40.5), on a surface with a rectangular clip: every pixel of the clip
    /// follows the rule, none outside it is touched.
    @Test func anEllipseFollowsTheRuleAtEveryPixel() throws {
        let s = Surface(width: 120, height: 80)
        cairo_rectangle(s.cr, 4, 2, 110, 75)
        cairo_clip(s.cr)
        cairo_set_operator(s.cr, CAIRO_OPERATOR_SOURCE)
        #expect(RadialRamp().paint(s.cr, center: Point(60.25, 40.5), radii: (50, 30), stops: rule.stopValues, alpha: 1))
        let px = s.rgba()
        let d = rule.worst(px, 120, 80, inside: { x, y in (4..<114).contains(x) && (2..<77).contains(y) }) { x, y in
            hypot((x - 60.25) / 50, (y - 40.5) / 30)
        }
        #expect(d <= 2, "largest difference \(d) levels")
        #expect(px[0..<4] == [0, 0, 0, 0] && px[(79 * 120 + 119) * 4 + 3] == 0, "outside the clip")
    }

    /// Under a rotation and a scale (the context's matrix): a device pixel's centre is mapped back to the gradient's
    /// space by hand (the inverse of rotating by 30° about the origin, then scaling by 1.5).
    @Test func underARotationEveryPixelFollowsTheRule() throws {
        let s = Surface(width: 100, height: 100)
        cairo_translate(s.cr, 50, 10)
        cairo_rotate(s.cr, .pi / 6)
        cairo_scale(s.cr, 1.5, 1.5)
        cairo_set_operator(s.cr, CAIRO_OPERATOR_SOURCE)
        #expect(RadialRamp().paint(s.cr, center: Point(20, 25), radii: (30, 18), stops: rule.stopValues, alpha: 1))
        let c = cos(Double.pi / 6), sn = sin(Double.pi / 6)
        let d = rule.worst(s.rgba(), 100, 100, inside: { _, _ in true }) { x, y in
            let dx = x - 50, dy = y - 10
            let ux = (c * dx + sn * dy) / 1.5, uy = (-sn * dx + c * dy) / 1.5
            return hypot((ux - 20) / 30, (uy - 25) / 18)
        }
        #expect(d <= 2, "largest difference \(d) levels")
    }

    /// Through the renderer: a radial CAGradientLayer at half opacity over white, at scale 2. Expected: the rule's
    /// premultiplied colour c at opacity ½ over white, 255 − (255·a − c)/2… worked per channel as c/2 + 255·(1 − a/2).
    @Test func aGradientLayerAtHalfOpacityOverWhite() throws {
        let colors = rule.stops.map { Color(red: $0.r, green: $0.g, blue: $0.b, alpha: $0.a) }
        let stage = try scene(60, 40) { s in
            try s.root.set(.backgroundColor, .color(.white))
            _ = try layer(s, .gradient, frame: Rect(5, 5, 50, 30), [
                (.colors, .colors(colors)), (.locations, .numbers(rule.stops.map(\.t))), (.gradientType, .string("radial")),
                (.startPoint, .point(Point(0.5, 0.5))), (.endPoint, .point(Point(1, 1))), (.opacity, .number(0.5)),
            ])
        }
        let f = try render(stage, scale: 2)
        // Device pixel centre → points (scale 2); the ellipse: centre (30, 20), radii (25, 15).
        let worstSeen = rule.worstAtHalfOverWhite(f) { x, y in hypot((x / 2 - 30) / 25, (y / 2 - 20) / 15) }
        #expect(worstSeen <= 2, "largest difference \(worstSeen) levels")
    }

    /// The table's entries where t falls on a stop are the stop's premultiplied colour exactly (levels rounded).
    @Test func theTableHoldsTheStopsColours() {
        let table = RadialRamp.colorTable(rule.stopValues)
        for s in rule.stops {
            let k = Int(s.t * Double(RadialRamp.steps))
            let e = rule.expected(s.t).map { Int(($0).rounded()) }
            let v = table[k]
            let got = [Int(v >> 16 & 0xff), Int(v >> 8 & 0xff), Int(v & 0xff), Int(v >> 24)]
            #expect(zip(got, e).allSatisfy { abs($0 - $1) <= 1 }, "t \(s.t): \(got) vs \(e)")
        }
    }
}
