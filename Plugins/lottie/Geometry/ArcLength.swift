// SPDX-License-Identifier: MIT
/// A cubic's arc length to the precision a moving layer needs: a position with spatial tangents
/// goes the eased fraction of its curve's length (After Effects' rule), and the host's path
/// (`CAKeyframeAnimation.path`) is checked against it to a thousandth of a pixel, which summing
/// a few dozen chords (`cubicParameter`) does not reach on a curve a hundred pixels long.
enum ArcLength {
    /// Intervals of the parameter, each integrated by five-point Gauss–Legendre: a cubic's speed is
    /// smooth, so this is exact to about 10⁻¹⁰ of the length except very near a cusp.
    static let intervals = 32

    /// Gauss–Legendre nodes on −1…1 and their weights (five points).
    static let nodes: [(x: Double, w: Double)] = [
        (0, 0.5688888888888889),
        (-0.5384693101056831, 0.4786286704993665), (0.5384693101056831, 0.4786286704993665),
        (-0.9061798459386640, 0.2369268850561891), (0.9061798459386640, 0.2369268850561891),
    ]

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

    /// The parameter at which `s` has covered `fraction` (0…1) of its length, by bisection
    /// inside the interval holding it; `fraction` itself when the curve has no length.
    static func parameter(_ s: [Vec], atFraction fraction: Double) -> Double {
        let n = intervals
        var cumulative = [0.0]
        cumulative.reserveCapacity(n + 1)
        for k in 0..<n {
            cumulative.append(cumulative[k] + length(s, from: Double(k) / Double(n), to: Double(k + 1) / Double(n)))
        }
        let total = cumulative[n]
        guard total > 0, total.isFinite else { return fraction }
        let target = min(1, max(0, fraction)) * total
        var k = 0
        while k < n - 1 && cumulative[k + 1] < target { k += 1 }
        let start = Double(k) / Double(n)
        var lo = start, hi = Double(k + 1) / Double(n)
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if cumulative[k] + length(s, from: start, to: mid) < target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
