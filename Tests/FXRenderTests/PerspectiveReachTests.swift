// SPDX-License-Identifier: MIT
import CCairo
import Foundation
import Testing
@testable import FXRender

/// `Perspective.composite` leaves alone the target pixels whose square maps wholly outside the
/// source's painted pixels widened by the bilinear filter's half pixel: a few painted pixels in a
/// large transparent surface, enlarged about eight times through a perspective map, must still
/// show their whole filtered fringe, as the rule gives it worked here independently: each target
/// pixel's centre mapped back through the inverse (x = (a·u + b·v + c) / (g·u + h·v + 1) solved for
/// (u, v) by hand below), the four source pixels around it (centres at half-integers, transparent
/// outside) blended bilinearly, over a transparent target.
struct PerspectiveReachTests {
    /// Forward map from source (u, v) to target (x, y): scale 8, a shift, and a perspective term in u.
    static let (scale, shiftX, shiftY, g) = (8.0, -300.0, -150.0, 0.002)

    static func forward(_ u: Double, _ v: Double) -> (Double, Double) {
        let w = 1 + g * u
        return ((scale * u + shiftX) / w, (scale * v + shiftY) / w)
    }

    /// (u, v) for a target point: x·(1 + g·u) = 8u + shiftX gives u = (x - shiftX) / (8 - g·x);
    /// then v = (y·(1 + g·u) - shiftY) / 8.
    static func backward(_ x: Double, _ y: Double) -> (Double, Double) {
        let u = (x - shiftX) / (scale - g * x)
        return (u, (y * (1 + g * u) - shiftY) / scale)
    }

    @Test func theFilteredFringeOfAFewPaintedPixelsIsDrawnWhole() throws {
        let (sw, sh) = (120, 90)
        let source = Surface(width: sw, height: sh)
        // Three painted pixels, opaque red, in a 120×90 transparent surface: (50, 30), (51, 30), (50, 31).
        let painted: [(Int, Int)] = [(50, 30), (51, 30), (50, 31)]
        cairo_set_source_rgba(source.cr, 1, 0, 0, 1)
        for (x, y) in painted { cairo_rectangle(source.cr, Double(x), Double(y), 1, 1) }
        cairo_fill(source.cr)
        let target = Surface(width: 240, height: 160)
        let h = Homography(m: (Self.scale, 0, Self.g, 0, Self.scale, 0, Self.shiftX, Self.shiftY, 1))
        Perspective.composite(source, onto: target, h, alpha: 1)
        let got = target.rgba()

        func alpha(_ x: Int, _ y: Int) -> Double { painted.contains { $0 == (x, y) } ? 1 : 0 }
        var drawn = 0, worst = 0.0
        for y in 0..<160 {
            for x in 0..<240 {
                let (u, v) = Self.backward(Double(x) + 0.5, Double(y) + 0.5)
                let su = u - 0.5, sv = v - 0.5
                let ix = Int(floor(su)), iy = Int(floor(sv))
                let tx = su - floor(su), ty = sv - floor(sv)
                let a = (alpha(ix, iy) * (1 - tx) + alpha(ix + 1, iy) * tx) * (1 - ty)
                    + (alpha(ix, iy + 1) * (1 - tx) + alpha(ix + 1, iy + 1) * tx) * ty
                let seen = Double(got[(y * 240 + x) * 4 + 3])
                worst = max(worst, abs(seen - a * 255))
                if a > 0 { drawn += 1 }
            }
        }
        #expect(worst <= 1.0, "a pixel's alpha is \(worst) levels from the bilinear rule")
        // The reference's own extent, by hand: each painted pixel reaches the samples within one
        // pixel of its centre (a 2×2 square), three make 8 square source pixels, and the map
        // stretches u by (8 + 0.6) / 1.1² ≈ 7.1 and v by 8 / 1.1 ≈ 7.3 there: about 415 pixels.
        #expect(drawn > 380 && drawn < 450, "\(drawn) pixels drawn by the rule")
        // A pixel of the fringe: 0.4 source pixels left of the painted ones, a tenth of red's weight.
        let (x, y) = Self.forward(49.6, 30.5)
        #expect(got[(Int(y) * 240 + Int(x)) * 4 + 3] > 10)
    }
}
