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
    /// Stops: offset and straight (unpremultiplied) RGBA in 0…1.
    typealias Stop = (t: Double, r: Double, g: Double, b: Double, a: Double)
    let stops: [Stop] = [(0, 1, 1, 1, 1), (0.3, 1, 0.6, 0, 1), (0.7, 0.2, 0, 0.6, 0.5), (1, 0, 0.4, 0.2, 1)]

    /// The rule by hand: straight colour at t, linear between the stops around it, the first before the first stop and
    /// the last past the last; then premultiplied, as 0…255 levels.
    func expected(_ t: Double) -> [Double] {
        var c = stops[stops.count - 1]
        if t <= stops[0].t {
            c = stops[0]
        } else if let k = stops.indices.dropFirst().first(where: { t <= stops[$0].t }) {
            let a = stops[k - 1], b = stops[k], u = (t - a.t) / (b.t - a.t)
            c = (t, a.r + (b.r - a.r) * u, a.g + (b.g - a.g) * u, a.b + (b.b - a.b) * u, a.a + (b.a - a.a) * u)
        }
        return [c.r * c.a * 255, c.g * c.a * 255, c.b * c.a * 255, c.a * 255]
    }

    var stopValues: [Double] { stops.flatMap { [$0.t, $0.r, $0.g, $0.b, $0.a] } }

    /// Greatest channel difference between `pixels` (premultiplied RGBA, `w` wide) and the rule, over the pixels where
    /// `inside` holds; `t` gives a pixel centre's distance along the ray.
    func worst(_ pixels: [UInt8], _ w: Int, _ h: Int, inside: (Int, Int) -> Bool, t: (Double, Double) -> Double) -> Double {
        var worst = 0.0
        for y in 0..<h {
            for x in 0..<w where inside(x, y) {
                let e = expected(t(Double(x) + 0.5, Double(y) + 0.5))
                for c in 0..<4 { worst = max(worst, abs(Double(pixels[(y * w + x) * 4 + c]) - e[c])) }
            }
        }
        return worst
    }

    /// An ellipse of radii 50 × 30 about (60.25, 40.5), on a surface with a rectangular clip: every pixel of the clip
    /// follows the rule, none outside it is touched.
    @Test func anEllipseFollowsTheRuleAtEveryPixel() throws {
        let s = Surface(width: 120, height: 80)
        cairo_rectangle(s.cr, 4, 2, 110, 75)
        cairo_clip(s.cr)
        cairo_set_operator(s.cr, CAIRO_OPERATOR_SOURCE)
        #expect(RadialRamp().paint(s.cr, center: Point(60.25, 40.5), radii: (50, 30), stops: stopValues, alpha: 1))
        let px = s.rgba()
        let d = worst(px, 120, 80, inside: { x, y in (4..<114).contains(x) && (2..<77).contains(y) }) { x, y in
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
        #expect(RadialRamp().paint(s.cr, center: Point(20, 25), radii: (30, 18), stops: stopValues, alpha: 1))
        let c = cos(Double.pi / 6), sn = sin(Double.pi / 6)
        let d = worst(s.rgba(), 100, 100, inside: { _, _ in true }) { x, y in
            let dx = x - 50, dy = y - 10
            let ux = (c * dx + sn * dy) / 1.5, uy = (-sn * dx + c * dy) / 1.5
            return hypot((ux - 20) / 30, (uy - 25) / 18)
        }
        #expect(d <= 2, "largest difference \(d) levels")
    }

    /// Through the renderer: a radial CAGradientLayer at half opacity over white, at scale 2. Expected: the rule's
    /// premultiplied colour c at opacity ½ over white, 255 − (255·a − c)/2… worked per channel as c/2 + 255·(1 − a/2).
    @Test func aGradientLayerAtHalfOpacityOverWhite() throws {
        let colors = stops.map { Color(red: $0.r, green: $0.g, blue: $0.b, alpha: $0.a) }
        let stage = try scene(60, 40) { s in
            try s.root.set(.backgroundColor, .color(.white))
            _ = try layer(s, .gradient, frame: Rect(5, 5, 50, 30), [
                (.colors, .colors(colors)), (.locations, .numbers(stops.map(\.t))), (.gradientType, .string("radial")),
                (.startPoint, .point(Point(0.5, 0.5))), (.endPoint, .point(Point(1, 1))), (.opacity, .number(0.5)),
            ])
        }
        let f = try render(stage, scale: 2)
        var worstSeen = 0.0
        for y in 10..<70 {
            for x in 10..<110 {
                // Device pixel centre → points (scale 2); the ellipse: centre (30, 20), radii (25, 15).
                let t = hypot(((Double(x) + 0.5) / 2 - 30) / 25, ((Double(y) + 0.5) / 2 - 20) / 15)
                let e = expected(t)
                let want = (0..<3).map { e[$0] / 2 + 255 * (1 - e[3] / 255 / 2) }
                let got = rgba(f, x, y)
                for k in 0..<3 { worstSeen = max(worstSeen, abs(Double(got[k]) - want[k])) }
                #expect(got[3] == 255)
            }
        }
        #expect(worstSeen <= 2, "largest difference \(worstSeen) levels")
    }

    /// The table's entries where t falls on a stop are the stop's premultiplied colour exactly (levels rounded).
    @Test func theTableHoldsTheStopsColours() {
        let table = RadialRamp.colorTable(stopValues)
        for s in stops {
            let k = Int(s.t * Double(RadialRamp.steps))
            let e = expected(s.t).map { Int(($0).rounded()) }
            let v = table[k]
            let got = [Int(v >> 16 & 0xff), Int(v >> 8 & 0xff), Int(v & 0xff), Int(v >> 24)]
            #expect(zip(got, e).allSatisfy { abs($0 - $1) <= 1 }, "t \(s.t): \(got) vs \(e)")
        }
    }
}
