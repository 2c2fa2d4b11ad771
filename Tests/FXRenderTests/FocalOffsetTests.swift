// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import Testing
@testable import FXRender

/// A radial gradient layer whose focal point is moved off its centre (`focalOffset`, fx.h 1.6),
/// against the two-circle rule worked by hand here: canvas's createRadialGradient(fx, fy, 0, cx,
/// cy, r) (HTML's "radial gradients": the colour at a point is that of the largest circle of the
/// family ω ↦ (focal + ω·(centre − focal), ω·r) through it), which for a start circle of radius 0
/// inside the end circle comes to t = |p − F| / |q − F|, q the point where the ray from the focal
/// point F through p meets the circle; here in the ellipse's space, where the ellipse startPoint
/// and endPoint give is the unit circle about the origin. So the focal point is the first colour,
/// the ellipse the last, and every point beyond it the last (PAD). Colours between stops mix
/// linearly (all stops opaque: premultiplied or not, the same). A pixel agrees when no channel is
/// more than 2 levels away.
@Suite struct FocalOffsetTests {
    let rule = GradientRule(stops: [(0, 1, 1, 1, 1), (0.3, 1, 0.6, 0, 1), (0.7, 0.2, 0, 0.6, 1), (1, 0, 0.4, 0.2, 1)])

    /// The layer: frame (10, 10, 80, 60) on a 100 × 80 stage, startPoint (0.5, 0.5), endPoint (1, 1):
    /// centre (50, 40), radii (40, 30).
    func stage(focal: Point?) throws -> Stage {
        let colors = rule.stops.map { Color(red: $0.r, green: $0.g, blue: $0.b, alpha: $0.a) }
        return try scene(100, 80) { s in
            let l = try layer(s, .gradient, frame: Rect(10, 10, 80, 60), [
                (.colors, .colors(colors)), (.locations, .numbers(rule.stops.map(\.t))), (.gradientType, .string("radial")),
                (.startPoint, .point(Point(0.5, 0.5))), (.endPoint, .point(Point(1, 1))),
            ])
            if let focal { try l.set(.focalOffset, .point(focal)) }
        }
    }

    /// t at stage point (x, y) for focal point F = (fx, fy) in the ellipse's space: with p the point
    /// there and u the unit vector from F to p, q = F + s·u on the unit circle solves
    /// s² + 2s(F·u) + |F|² − 1 = 0, so s = −F·u + √((F·u)² − |F|² + 1), and t = |p − F| / s.
    func t(_ x: Double, _ y: Double, focal f: (Double, Double)) -> Double {
        let px = (x - 50) / 40, py = (y - 40) / 30
        let dx = px - f.0, dy = py - f.1, d = hypot(dx, dy)
        guard d > 0 else { return 0 }
        let fu = (f.0 * dx + f.1 * dy) / d
        let s = -fu + (fu * fu - (f.0 * f.0 + f.1 * f.1) + 1).squareRoot()
        return d / s
    }

    /// focalOffset (0.2, −0.1) of the 80 × 60 bounds: the focal point at (66, 34), (0.4, −0.2) in the
    /// ellipse's space. Every pixel of the layer follows the rule.
    @Test func everyPixelFollowsTheTwoCircleRule() throws {
        let f = try render(try stage(focal: Point(0.2, -0.1)))
        var worst = 0.0
        for y in 10..<70 {
            for x in 10..<90 {
                let e = rule.expected(t(Double(x) + 0.5, Double(y) + 0.5, focal: (0.4, -0.2)))
                let got = rgba(f, x, y)
                for c in 0..<4 { worst = max(worst, abs(Double(got[c]) - e[c])) }
            }
        }
        #expect(worst <= 2, "largest difference \(worst) levels")
    }

    /// Near the ellipse, where t changes fastest: F = (0.7, −0.7) (|F| = 0.9899, drawn by the renderer's
    /// ramp) and F = (0.705, −0.705) (|F| = 0.9970, past `RadialRamp.maxFocal`: pixman's pattern); focalOffset
    /// is F times the radii over the bounds, (F.x·40 / 80, F.y·30 / 60).
    @Test(arguments: [0.7, 0.705])
    func nearTheEllipseEveryPixelFollowsTheRule(f: Double) throws {
        let frame = try render(try stage(focal: Point(f / 2, -f / 2)))
        var worst = 0.0
        for y in 10..<70 {
            for x in 10..<90 {
                let e = rule.expected(t(Double(x) + 0.5, Double(y) + 0.5, focal: (f, -f)))
                let got = rgba(frame, x, y)
                for c in 0..<4 { worst = max(worst, abs(Double(got[c]) - e[c])) }
            }
        }
        #expect(worst <= 2, "largest difference \(worst) levels")
    }

    /// Points worked by hand (with a calculator, from the rule above), F = (0.4, −0.2):
    /// - the pixel nearest the focal point, centre (65.5, 33.5) → p = (0.3875, −0.2167): |p − F| = 0.0208,
    ///   the ray meets the circle at (−0.187, −0.982), s = 0.978, t = 0.0213: white 0.071 of the way to
    ///   orange (1, 0.6, 0): (255, 247.8, 236.9);
    /// - right of F, (77.5, 33.5) → (0.6875, −0.2167): |p − F| = 0.2880, q = (0.972, −0.233), s = 0.573,
    ///   t = 0.5022, 0.506 of the way from orange to purple (0.2, 0, 0.6): (151.9, 75.6, 77.4);
    /// - left of F, as far, (53.5, 33.5) → (0.0875, −0.2167): |p − F| = 0.3129, q = (−0.962, −0.273),
    ///   s = 1.364, t = 0.2294: (255, 177.0, 60.0) (centred, the right point's t would be 0.72, not 0.50);
    /// - past the ellipse, (12, 12): the last colour (0, 0.4, 0.2).
    @Test func pointsWorkedByHand() throws {
        let f = try render(try stage(focal: Point(0.2, -0.1)))
        #expect(near(rgba(f, 65, 33), [255, 248, 237, 255], 2), "\(rgba(f, 65, 33))")
        #expect(near(rgba(f, 77, 33), [152, 76, 77, 255], 2), "\(rgba(f, 77, 33))")
        #expect(near(rgba(f, 53, 33), [255, 177, 60, 255], 2), "\(rgba(f, 53, 33))")
        #expect(rgba(f, 12, 12) == [0, 102, 51, 255])
    }

    /// (0, 0) is the centre, Core Animation's radial gradient: the same bytes as the key never set.
    @Test func aZeroOffsetIsTheCentredGradientByteForByte() throws {
        let unset = try render(try stage(focal: nil)), zero = try render(try stage(focal: Point(0, 0)))
        #expect(unset.pixels == zero.pixels)
        let moved = try render(try stage(focal: Point(0.1, 0)))
        #expect(moved.pixels != unset.pixels)
    }

    /// Animated like startPoint: halfway through (0, 0) → (0.4, −0.2) the layer draws as (0.2, −0.1) set.
    @Test func itAnimatesAsAPoint() throws {
        let animated = try stage(focal: nil)
        var a = Animation.basic(KeyPath(.focalOffset), from: .point(Point(0, 0)), to: .point(Point(0.4, -0.2)))
        a.timing.duration = 2
        try animated.root.sublayers[0].add(a, forKey: "focus")
        #expect(try render(animated, at: 1).pixels == (try render(try stage(focal: Point(0.2, -0.1)))).pixels)
    }
}
