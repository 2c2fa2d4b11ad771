// SPDX-License-Identifier: MIT
import FXPluginKit

/// A keyframe's easing as a host timing function, and the part of it that one
/// piece of its segment plays: the host's segments begin and end wherever any
/// property of the layer has a keyframe (and where the played frames begin and
/// end), so a Lottie segment may be cut into several host segments.
enum EasingCurve {
    /// The curve of a segment whose dimensions all ease alike; nil when they differ
    /// (per-dimension easing: one host timing function cannot play it).
    static func uniform(_ e: Easing) -> TimingCurve? {
        let dims = max(e.outX.count, e.outY.count, e.inX.count, e.inY.count, 1)
        let curves = (0..<dims).map(e.curve)
        return curves.allSatisfy { $0 == curves[0] } ? curves[0] : nil
    }

    /// The piece of `c` between linear progress `u0` and `u1` (0 ≤ u0 < u1 ≤ 1), scaled to the
    /// unit square: the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) cut at the parameters where x is
    /// `u0` and `u1` is again a cubic Bézier. Nil when the piece's progress does not move (its
    /// ends' y are equal) or its x handles leave 0…1, which a timing function cannot take.
    static func piece(_ c: TimingCurve, from u0: Double, to u1: Double) -> TimingCurve? {
        if u0 <= 0 && u1 >= 1 { return c }
        let s = [Vec(0, 0), Vec(c.x1, c.y1), Vec(c.x2, c.y2), Vec(1, 1)]
        let p = cubicPart(s, parameter(c, atX: u0), parameter(c, atX: u1))
        let w = p[3].x - p[0].x, h = p[3].y - p[0].y
        guard w > 0, h != 0, w.isFinite, h.isFinite else { return nil }
        let x1 = (p[1].x - p[0].x) / w, x2 = (p[2].x - p[0].x) / w
        let y1 = (p[1].y - p[0].y) / h, y2 = (p[2].y - p[0].y) / h
        guard x1 >= -1e-12, x1 <= 1 + 1e-12, x2 >= -1e-12, x2 <= 1 + 1e-12, y1.isFinite, y2.isFinite else { return nil }
        return TimingCurve(min(1, max(0, x1)), y1, min(1, max(0, x2)), y2)
    }

    /// Eased progress at linear progress `u` as the host computes it: `CAMediaTimingFunction`'s
    /// solver as WebKit's `UnitBezier` writes it (Newton's method to 10⁻⁷ in x, then bisection),
    /// so that the plan's check sees the host's own rounding, which on a steep curve is larger
    /// than the values' tolerance (the segment is then baked).
    static func progress(_ c: TimingCurve, _ u: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        if c.x1 == c.y1 && c.x2 == c.y2 { return u }
        let cx = 3 * c.x1, bx = 3 * (c.x2 - c.x1) - cx, ax = 1 - cx - bx
        let cy = 3 * c.y1, by = 3 * (c.y2 - c.y1) - cy, ay = 1 - cy - by
        func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
        let epsilon = 1e-7
        var t = u
        for _ in 0..<8 {
            let err = x(t) - u
            if abs(err) < epsilon { return y(t) }
            let d = (3 * ax * t + 2 * bx) * t + cx
            if abs(d) < 1e-6 { break }
            t -= err / d
        }
        var lo = 0.0, hi = 1.0
        t = u
        while lo < hi {
            let v = x(t)
            if abs(v - u) < epsilon { break }
            if u > v { lo = t } else { hi = t }
            t = (hi - lo) / 2 + lo
            if hi - lo < 1e-15 { break }
        }
        return y(t)
    }

    /// The curve's parameter where its x is `x`, by bisection (x rises with the parameter when
    /// the x handles are in 0…1).
    static func parameter(_ c: TimingCurve, atX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<64 {
            let mid = (lo + hi) / 2
            if bezier(mid, c.x1, c.x2) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// One coordinate of the unit cubic Bézier at parameter t, with handles' coordinates a and b.
    static func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }
}
