// SPDX-License-Identifier: MIT
/// A cubic's arc length to the precision a moving layer needs: a position with spatial tangents
/// goes the eased fraction of its curve's length (After Effects' rule), and the host's path
/// (`CAKeyframeAnimation.path`) is checked against it to a thousandth of a pixel, which summing
/// a few dozen chords (`cubicParameter`) does not reach on a curve a hundred pixels long.
struct ArcLength {
    /// Intervals of the parameter, each integrated by five-point Gauss–Legendre: a cubic's speed is
    /// smooth, so this is exact to about 10⁻¹⁰ of the length except very near a cusp.
    static let intervals = 32

    /// Gauss–Legendre nodes on −1…1 and their weights (five points).
    static let nodes: [(x: Double, w: Double)] = [
        (0, 0.5688888888888889),
        (-0.5384693101056831, 0.4786286704993665), (0.5384693101056831, 0.4786286704993665),
        (-0.9061798459386640, 0.2369268850561891), (0.9061798459386640, 0.2369268850561891),
    ]

    let curve: [Vec]
    /// The length from the start to the end of each interval (the first is 0).
    let cumulative: [Double]
    var total: Double { cumulative[cumulative.count - 1] }

    /// Measures `curve` (four control points) once, for many fractions of it.
    init(_ curve: [Vec]) {
        self.curve = curve
        let n = ArcLength.intervals
        var acc = [0.0]
        acc.reserveCapacity(n + 1)
        for k in 0..<n { acc.append(acc[k] + ArcLength.length(curve, from: Double(k) / Double(n), to: Double(k + 1) / Double(n))) }
        cumulative = acc
    }

    /// The speed |B′(t)| of the cubic `s`.
    static func speed(_ s: [Vec], _ t: Double) -> Double {
        let u = 1 - t
        let d = (s[1] - s[0]) * (3 * u * u) + (s[2] - s[1]) * (6 * u * t) + (s[3] - s[2]) * (3 * t * t)
        return d.length
    }

    /// The length of `s` between parameters `a` and `b`.
    static func length(_ s: [Vec], from a: Double, to b: Double) -> Double {
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum = 0.0
        for n in nodes { sum += n.w * speed(s, mid + half * n.x) }
        return sum * half
    }

    /// The parameter at which the curve has covered `fraction` (0…1) of its length: Newton's
    /// method inside the interval holding it, kept in that interval by bisection; `fraction`
    /// itself when the curve has no length.
    func parameter(atFraction fraction: Double) -> Double {
        let n = ArcLength.intervals
        guard total > 0, total.isFinite else { return fraction }
        let target = min(1, max(0, fraction)) * total
        var k = 0
        while k < n - 1 && cumulative[k + 1] < target { k += 1 }
        let start = Double(k) / Double(n)
        var lo = start, hi = Double(k + 1) / Double(n)
        let span = cumulative[k + 1] - cumulative[k]
        var t = span > 0 ? lo + (hi - lo) * (target - cumulative[k]) / span : lo
        for _ in 0..<40 {
            let error = cumulative[k] + ArcLength.length(curve, from: start, to: t) - target
            if abs(error) <= 1e-13 * total { break }
            if error < 0 { lo = t } else { hi = t }
            let speed = ArcLength.speed(curve, t)
            let next = speed > 0 ? t - error / speed : .nan
            t = next > lo && next < hi ? next : (lo + hi) / 2
            if hi - lo < 1e-16 { break }
        }
        return t
    }

    /// The parameter at which `s` has covered `fraction` of its length.
    static func parameter(_ s: [Vec], atFraction fraction: Double) -> Double {
        ArcLength(s).parameter(atFraction: fraction)
    }
}
