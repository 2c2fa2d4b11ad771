// SPDX-License-Identifier: MIT
import FXPluginKit
import Glibc

/// Evaluating keyframed properties at a frame: the builder samples the model with these.
extension Easing {
    /// How far eased progress may stray from 0…1: a handle's y may be any finite number (exporters
    /// write values such as 16,926,231 for a steep ramp), but the values the plugin hands the host
    /// stay as bounded as when handles were limited to ±10⁷ (progress then reached at most 0.89 × 10⁷).
    static let maxProgress = 1e7

    /// Dimension `dim`'s curve: its handles, x kept in 0…1 (After Effects' and the players' rule,
    /// which keeps x rising); a dimension past the arrays' end takes the last one's.
    func curve(_ dim: Int) -> TimingCurve {
        func pick(_ a: [Double]) -> Double { a.isEmpty ? 0 : a[min(dim, a.count - 1)] }
        return TimingCurve(min(1, max(0, pick(outX))), pick(outY), min(1, max(0, pick(inX))), pick(inY))
    }

    /// Eased progress of dimension `dim` at linear progress `p`.
    func progress(_ p: Double, dim: Int) -> Double {
        let c = curve(dim)
        if c.x1 == c.y1 && c.x2 == c.y2 { return p }
        // Solve x(t) = p by bisection (x is monotonic for x1, x2 in 0…1), then read y(t).
        var lo = 0.0, hi = 1.0, t = p
        for _ in 0..<60 {
            let x = EasingCurve.bezier(t, c.x1, c.x2)
            if abs(x - p) < 1e-12 { break }
            if x < p { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        // Each term of the Bézier is at most 4/9 of its handle, so this is finite for any finite handles.
        return min(Easing.maxProgress, max(-Easing.maxProgress, EasingCurve.bezier(t, c.y1, c.y2)))
    }
}

extension Animated {
    /// The last keyframe at or before frame `f` (keyframes are in time order, as
    /// the reader checks), found by bisection: a property may have many thousands.
    func segment(at f: Double) -> Int {
        var lo = 0, hi = keyframes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keyframes[mid].time <= f { lo = mid + 1 } else { hi = mid }
        }
        return max(0, lo - 1)
    }

    /// The value at frame `f`, with `mix(a, b, progress-of-dim)` blending two values.
    func value(at f: Double, mix: (V, V, Easing, Double) -> V) -> V {
        let k = keyframes
        guard k.count > 1, f > k[0].time else { return k[0].value }
        let n = segment(at: f)
        if n == k.count - 1 {
            // After the last keyframe: its value, or where the previous segment ended in old files.
            return k[n].value
        }
        let a = k[n], b = k[n + 1]
        if a.hold || b.time <= a.time { return a.value }
        let p = (f - a.time) / (b.time - a.time)
        return mix(a.value, a.end ?? b.value, a.easing, p)
    }
}

extension Animated where V == [Double] {
    /// Multi-dimensional values blend each dimension with its own easing (a position keyframed
    /// one dimension at a time follows each dimension's keyframes); a position with spatial
    /// tangents moves along its Bézier at the eased fraction of the curve's length, as After
    /// Effects does.
    func at(_ f: Double) -> [Double] {
        if let separate { return separate.map { $0.at(f) } }
        let k = keyframes
        if k.count > 1, f > k[0].time {
            let n = segment(at: f)
            if n < k.count - 1, !k[n].hold, let to = k[n].spatialOut, let ti = k[n].spatialIn,
               to != Vec(0, 0) || ti != Vec(0, 0), k[n].value.count >= 2 {
                let a = k[n], bv = a.end ?? k[n + 1].value
                guard bv.count >= 2, k[n + 1].time > a.time else { return a.value }
                let p0 = Vec(a.value[0], a.value[1]), p3 = Vec(bv[0], bv[1])
                let seg = [p0, p0 + to, p3 + ti, p3]
                let e = a.easing.progress((f - a.time) / (k[n + 1].time - a.time), dim: 0)
                let pt = cubicPoint(seg, ArcLength.parameter(seg, atFraction: min(1, max(0, e))))
                var out = a.value
                out[0] = pt.x; out[1] = pt.y
                return out
            }
        }
        return value(at: f) { a, b, e, p in
            (0..<min(a.count, b.count)).map { d in a[d] + (b[d] - a[d]) * e.progress(p, dim: d) }
        }
    }
}

extension Animated where V == Double {
    func at(_ f: Double) -> Double {
        value(at: f) { a, b, e, p in a + (b - a) * e.progress(p, dim: 0) }
    }
}

extension Animated where V == Contour {
    /// Shapes blend vertex by vertex (one easing for the whole shape); shapes
    /// of different vertex counts switch at the keyframe.
    func at(_ f: Double) -> Contour {
        value(at: f) { a, b, e, p in
            guard a.vertices.count == b.vertices.count else { return a }
            let t = e.progress(p, dim: 0)
            func mixed(_ x: [Vec], _ y: [Vec]) -> [Vec] { zip(x, y).map { $0 + ($1 - $0) * t } }
            return Contour(vertices: mixed(a.vertices, b.vertices), inTangents: mixed(a.inTangents, b.inTangents),
                           outTangents: mixed(a.outTangents, b.outTangents), closed: a.closed)
        }
    }
}
