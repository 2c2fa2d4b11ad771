// SPDX-License-Identifier: MIT
import FXCore

/// The cubic Bézier timing curve — (0, 0), (x1, y1), (x2, y2), (1, 1), as a
/// `CAMediaTimingFunction` and a Lottie keyframe's `o`/`i` handles both are —
/// that best passes through sampled progress: what a keyframe's easing must be
/// for a custom timing function to come out as itself. Samples of a run hold
/// the eased values, not the function, so its four control points are found
/// again by least squares (Levenberg–Marquardt), kept only when the curve
/// passes through every sample (a timing function, not a likeness of one),
/// and written with the
/// fewest decimals (up to 6) that pass through the samples as closely as the
/// fit itself: a function with control points of three decimals comes out as
/// exactly those numbers.
enum TimingCurveFit {
    /// How closely the curve must pass through every sample, in progress (the samples' own error is
    /// FXCore's solver's, 1e-7 in time).
    static let exact = 1e-5

    /// The most points a fit is run on: four unknowns, and a few more to be sure of them.
    static let fitted = 12

    /// `points`: linear progress u in (0, 1) and the eased progress at it. nil
    /// when there are fewer than four points or no curve passes within `exact` of them all.
    static func fit(_ points: [(u: Double, y: Double)]) -> TimingFunction? {
        guard points.count >= 4 else { return nil }
        // Fitted to at most `fitted` of the points, spread evenly; checked against them all.
        let step = max(1, (points.count + fitted - 1) / fitted)
        let some = stride(from: 0, to: points.count, by: step).map { points[$0] }
        var best: (params: [Double], error: Double)?
        for start in [TimingFunction.easeInEaseOut, .easeIn, .easeOut] {
            guard let p = refine([start.x1, start.y1, start.x2, start.y2], some) else { continue }
            let e = largestResidual(p, points)
            if best == nil || e < best!.error { best = (p, e) }
            if e <= exact { break }
        }
        // Found again, or not at all: a curve that only comes near the samples is not the function.
        guard let best, best.error <= exact else { return nil }
        // The fewest decimals that fit as well as the fit (within the samples' own rounding).
        let enough = max(1.5 * best.error, 2e-6)
        for decimals in 2...6 {
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let rounded = best.params.map { ($0 * scale).rounded() / scale }
            if largestResidual(rounded, points) <= enough { return try? TimingFunction(rounded[0], rounded[1], rounded[2], rounded[3]) }
        }
        return try? TimingFunction(best.params[0], best.params[1], best.params[2], best.params[3])
    }

    /// The curve's y at x = u, x(t) solved to 1e-13 (Newton, then bisection): finer than FXCore's
    /// solver, so that the fit's error is the samples', not this evaluation's.
    static func y(_ p: [Double], at u: Double) -> Double {
        func bez(_ t: Double, _ a: Double, _ b: Double) -> Double { 3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t }
        func slope(_ t: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - t) * (1 - t) * a + 6 * (1 - t) * t * (b - a) + 3 * t * t * (1 - b)
        }
        var t = u
        var solved = false
        for _ in 0..<12 {
            let err = bez(t, p[0], p[2]) - u
            if abs(err) < 1e-13 { solved = true; break }
            let d = slope(t, p[0], p[2])
            if abs(d) < 1e-9 { break }
            t -= err / d
            if t < 0 || t > 1 { break }
        }
        if !solved {
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 {
                t = (lo + hi) / 2
                if bez(t, p[0], p[2]) < u { lo = t } else { hi = t }
            }
        }
        return bez(t, p[1], p[3])
    }

    static func largestResidual(_ p: [Double], _ points: [(u: Double, y: Double)]) -> Double {
        points.reduce(0) { max($0, abs(y(p, at: $1.u) - $1.y)) }
    }

    /// Levenberg–Marquardt from `start`, the x control points kept in 0…1 (the curve must be a function
    /// of time); nil when it stalls far from the points (no timing function passes through them).
    private static func refine(_ start: [Double], _ points: [(u: Double, y: Double)]) -> [Double]? {
        func clamp(_ p: [Double]) -> [Double] { [min(1, max(0, p[0])), p[1], min(1, max(0, p[2])), p[3]] }
        func residuals(_ p: [Double]) -> [Double] { points.map { y(p, at: $0.u) - $0.y } }
        func cost(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }
        var p = start, r = residuals(p), c = cost(r)
        var lambda = 1e-3
        for iteration in 0..<60 where c > 1e-26 {
            // A timing function's samples converge fast from one of the named curves; what is still
            // 1e-4 off after a dozen steps is something else (a spring, a sway).
            if iteration == 12, (c / Double(points.count)).squareRoot() > 1e-4 { return nil }
            // The Jacobian by central differences.
            var jacobian = [[Double]](repeating: [Double](repeating: 0, count: 4), count: points.count)
            for j in 0..<4 {
                let h = 1e-7
                var up = p, down = p
                up[j] += h; down[j] -= h
                let ru = residuals(up), rd = residuals(down)
                for k in points.indices { jacobian[k][j] = (ru[k] - rd[k]) / (2 * h) }
            }
            var jtj = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
            var jtr = [Double](repeating: 0, count: 4)
            for k in points.indices {
                for a in 0..<4 {
                    jtr[a] += jacobian[k][a] * r[k]
                    for b in 0..<4 { jtj[a][b] += jacobian[k][a] * jacobian[k][b] }
                }
            }
            var improved = false
            for _ in 0..<8 {
                var m = jtj
                for a in 0..<4 { m[a][a] += lambda * max(jtj[a][a], 1e-12) }
                guard let step = solve(m, jtr.map { -$0 }) else { lambda *= 10; continue }
                let q = clamp(zip(p, step).map { $0 + $1 })
                let rq = residuals(q), cq = cost(rq)
                if cq < c {
                    p = q; r = rq
                    let gain = c - cq
                    c = cq
                    lambda = max(lambda / 10, 1e-12)
                    improved = gain > 1e-30
                    break
                }
                lambda *= 10
            }
            if !improved { break }
        }
        return p
    }

    /// `m` x = `b` by Gaussian elimination with partial pivoting; nil when singular.
    private static func solve(_ m: [[Double]], _ b: [Double]) -> [Double]? {
        var a = m, v = b
        let n = v.count
        for col in 0..<n {
            guard let pivot = (col..<n).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-300 else { return nil }
            a.swapAt(col, pivot); v.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let f = a[row][col] / a[col][col]
                for k in col..<n { a[row][k] -= f * a[col][k] }
                v[row] -= f * v[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = v[row]
            for k in (row + 1)..<n { s -= a[row][k] * x[k] }
            x[row] = s / a[row][row]
        }
        return x
    }
}
