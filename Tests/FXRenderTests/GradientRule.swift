// SPDX-License-Identifier: MIT
import FXRender
import Testing

/// The gradient colour rule the ramp tests (RadialRampTests, LinearRampTests) check pixels
/// against, worked by hand: each suite gives its stops and how a pixel centre maps to t.
struct GradientRule {
    /// Stops: offset and straight (unpremultiplied) RGBA in 0…1.
    typealias Stop = (t: Double, r: Double, g: Double, b: Double, a: Double)
    let stops: [Stop]

    /// Straight colour at t, linear between the stops around it, the first before the first stop and
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

    /// The stops as the ramps take them: offset, r, g, b, a for each.
    var stopValues: [Double] { stops.flatMap { [$0.t, $0.r, $0.g, $0.b, $0.a] } }

    /// Greatest channel difference between `pixels` (premultiplied RGBA, `w` wide) and the rule, over the pixels where
    /// `inside` holds; `t` gives a pixel centre's t.
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

    /// Greatest channel difference over device pixels x 10..<110, y 10..<70 of `f`, a gradient layer at opacity ½ over
    /// white: the rule's premultiplied colour c, worked per channel as c/2 + 255·(1 − a/2); `t` gives a device pixel
    /// centre's t. Every pixel there must be opaque.
    func worstAtHalfOverWhite(_ f: Frame, t: (Double, Double) -> Double) -> Double {
        var worstSeen = 0.0
        for y in 10..<70 {
            for x in 10..<110 {
                let e = expected(t(Double(x) + 0.5, Double(y) + 0.5))
                let want = (0..<3).map { e[$0] / 2 + 255 * (1 - e[3] / 255 / 2) }
                let got = rgba(f, x, y)
                for k in 0..<3 { worstSeen = max(worstSeen, abs(Double(got[k]) - want[k])) }
                #expect(got[3] == 255)
            }
        }
        return worstSeen
    }
}
