// SPDX-License-Identifier: MIT

/// A cubic Bézier worked as the tests' own reference, independently of the plugin: its point and
/// velocity at a parameter, and the parameter at a fraction of its arc length, which is where After
/// Effects' rule puts a layer moving along it (Simpson's rule on the speed, then bisection).
enum CubicRule {
    static func point(_ c: [(Double, Double)], _ t: Double) -> (Double, Double) {
        let u = 1 - t
        let w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
        return (zip(w, c).reduce(0) { $0 + $1.0 * $1.1.0 }, zip(w, c).reduce(0) { $0 + $1.0 * $1.1.1 })
    }

    static func velocity(_ c: [(Double, Double)], _ t: Double) -> (Double, Double) {
        let u = 1 - t
        return (3 * u * u * (c[1].0 - c[0].0) + 6 * u * t * (c[2].0 - c[1].0) + 3 * t * t * (c[3].0 - c[2].0),
                3 * u * u * (c[1].1 - c[0].1) + 6 * u * t * (c[2].1 - c[1].1) + 3 * t * t * (c[3].1 - c[2].1))
    }

    /// The parameter at `fraction` of the arc length, Simpson's rule over `steps` intervals.
    static func parameter(_ c: [(Double, Double)], atFraction fraction: Double, steps: Int = 2000) -> Double {
        func speed(_ t: Double) -> Double { let v = velocity(c, t); return (v.0 * v.0 + v.1 * v.1).squareRoot() }
        func length(_ t: Double) -> Double {
            let h = t / Double(steps)
            var sum = speed(0) + speed(t)
            for k in 1..<steps { sum += speed(Double(k) * h) * (k % 2 == 1 ? 4 : 2) }
            return sum * h / 3
        }
        let target = fraction * length(1)
        var lo = 0.0, hi = 1.0
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if length(mid) < target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
