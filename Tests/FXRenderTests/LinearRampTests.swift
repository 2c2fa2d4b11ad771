// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import Foundation
import Testing
@testable import FXRender

/// The renderer's own axial ramp (LinearRamp.swift) against the linear
/// gradient rule worked by hand here. The rule: cairo_pattern_create_linear's
/// (cairo's manual: colours vary along the line from the start to the end point
/// and are constant along lines perpendicular to it), so a point P's t is
/// (P − start)·(end − start) / |end − start|² (as CSS Images 3 defines a
/// linear gradient's position along its gradient line); colours between two
/// stops mixed linearly in unpremultiplied RGBA, then premultiplied (pixman's
/// gradient walker, what cairo's image backend draws), the first colour before
/// the first stop and the last past the last (cairo's PAD extend, what
/// CAGradientLayer does). Pixels are sampled at their centres; a pixel agrees
/// when no channel is more than 2 levels away.
@Suite struct LinearRampTests {
    let rule = GradientRule(stops: [(0.1, 1, 1, 1, 1), (0.3, 1, 0.6, 0, 1), (0.7, 0.2, 0, 0.6, 0.5), (0.9, 0, 0.4, 0.2, 1)])

    /// t of point (x, y) on the line from (x0, y0) to (x1, y1).
    func along(_ x: Double, _ y: Double, from x0: Double, _ y0: Double, to x1: Double, _ y1: Double) -> Double {
        let ax = x1 - x0, ay = y1 - y0
        return ((x - x0) * ax + (y - y0) * ay) / (ax * ax + ay * ay)
    }

    /// A diagonal line from (10.25, 5.5) to (100, 70), on a surface with a rectangular clip: every pixel of the clip
    /// follows the rule (both ends padded), none outside it is touched.
    @Test func aDiagonalLineFollowsTheRuleAtEveryPixel() throws {
        let s = Surface(width: 120, height: 80)
        cairo_rectangle(s.cr, 4, 2, 110, 75)
        cairo_clip(s.cr)
        cairo_set_operator(s.cr, CAIRO_OPERATOR_SOURCE)
        #expect(RadialRamp().paintLinear(s.cr, start: Point(10.25, 5.5), end: Point(100, 70), stops: rule.stopValues, alpha: 1))
        let px = s.rgba()
        let d = rule.worst(px, 120, 80, inside: { x, y in (4..<114).contains(x) && (2..<77).contains(y) }) { x, y in
            along(x, y, from: 10.25, 5.5, to: 100, 70)
        }
        #expect(d <= 2, "largest difference \(d) levels")
        #expect(px[0..<4] == [0, 0, 0, 0] && px[(79 * 120 + 119) * 4 + 3] == 0, "outside the clip")
    }

    /// Under a rotation and a non-uniform scale (the context's matrix): a device pixel's centre is mapped back to the
    /// gradient's space by hand (the inverse of rotating by 30° about the origin, then scaling by 1.5 × 0.75).
    @Test func underARotationAndScaleEveryPixelFollowsTheRule() throws {
        let s = Surface(width: 100, height: 100)
        cairo_translate(s.cr, 50, 10)
        cairo_rotate(s.cr, .pi / 6)
        cairo_scale(s.cr, 1.5, 0.75)
        cairo_set_operator(s.cr, CAIRO_OPERATOR_SOURCE)
        #expect(RadialRamp().paintLinear(s.cr, start: Point(-10, 20), end: Point(40, 60), stops: rule.stopValues, alpha: 1))
        let c = cos(Double.pi / 6), sn = sin(Double.pi / 6)
        let d = rule.worst(s.rgba(), 100, 100, inside: { _, _ in true }) { x, y in
            let dx = x - 50, dy = y - 10
            let ux = (c * dx + sn * dy) / 1.5, uy = (-sn * dx + c * dy) / 0.75
            return along(ux, uy, from: -10, 20, to: 40, 60)
        }
        #expect(d <= 2, "largest difference \(d) levels")
    }

    /// Start and end at one point: no line to measure along, so the ramp declines and pixman's pattern draws.
    @Test func aLineOfNoLengthIsDeclined() {
        let s = Surface(width: 8, height: 8)
        #expect(!RadialRamp().paintLinear(s.cr, start: Point(3, 3), end: Point(3, 3), stops: rule.stopValues, alpha: 1))
    }

    /// Through the renderer: a diagonal CAGradientLayer at half opacity over white, at scale 2. Expected: the rule's
    /// premultiplied colour c at opacity ½ over white, worked per channel as c/2 + 255·(1 − a/2).
    @Test func aGradientLayerAtHalfOpacityOverWhite() throws {
        let colors = rule.stops.map { Color(red: $0.r, green: $0.g, blue: $0.b, alpha: $0.a) }
        let stage = try scene(60, 40) { s in
            try s.root.set(.backgroundColor, .color(.white))
            _ = try layer(s, .gradient, frame: Rect(5, 5, 50, 30), [
                (.colors, .colors(colors)), (.locations, .numbers(rule.stops.map(\.t))),
                (.startPoint, .point(Point(0, 0.2))), (.endPoint, .point(Point(1, 0.8))), (.opacity, .number(0.5)),
            ])
        }
        let f = try render(stage, scale: 2)
        // Device pixel centre → points (scale 2); the line: (5, 11) to (55, 29).
        let worstSeen = rule.worstAtHalfOverWhite(f) { x, y in along(x / 2, y / 2, from: 5, 11, to: 55, 29) }
        #expect(worstSeen <= 2, "largest difference \(worstSeen) levels")
    }
}
