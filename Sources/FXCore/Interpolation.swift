// SPDX-License-Identifier: MIT
import Glibc  // libm only

/// How values of each type blend, add and repeat. One table of rules for the
/// whole engine: basic, keyframe, spring and cumulative animations all use it.
extension Value {
    /// The value a fraction `t` of the way from `self` to `to`. `t` may leave
    /// 0…1 (springs overshoot, timing curves can too); the component types
    /// extrapolate. Types that do not interpolate (strings, booleans, images,
    /// arrays or paths of different shape) switch at `t = 0.5`.
    public func interpolated(to b: Value, _ t: Double) -> Value {
        if case .number(let x) = self, case .number(let y) = b { return .number(x + (y - x) * t) }
        if t == 0 { return self }
        if t == 1 { return b }
        if case .transform(let x) = self, case .transform(let y) = b {
            return .transform(Value.interpolateTransforms(x, y, t))
        }
        guard isCompatible(with: b), let va = vector, let vb = b.vector else {
            return t < 0.5 ? self : b
        }
        var out = va
        for i in out.indices { out[i] = va[i] + (vb[i] - va[i]) * t }
        return withVector(out)
    }

    /// Whole transforms interpolate by decomposition (CSS Transforms 2). When
    /// either cannot be decomposed (scale 0, say) the sixteen entries blend.
    /// Between two equal transforms every fraction is that transform, exactly
    /// (decomposing and recomposing it could move its last bits).
    static func interpolateTransforms(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        if a == b && t.isFinite { return a }
        if let da = DecomposedTransform(a), let db = DecomposedTransform(b) {
            return da.interpolated(to: db, t).matrix
        }
        let ea = a.entries, eb = b.entries
        return Transform3D(entries: (0..<16).map { ea[$0] + (eb[$0] - ea[$0]) * t })
    }

    /// `self + o`, as additive animations combine with the model value and
    /// cumulative ones with earlier cycles. Transforms concatenate (`o` first,
    /// then `self`: the animation's transform applies inside the model's).
    /// Types that do not add give `o`.
    public func adding(_ o: Value) -> Value {
        if case .transform(let x) = self, case .transform(let y) = o { return .transform(y.concatenating(x)) }
        if case .number(let x) = self, case .number(let y) = o { return .number(x + y) }
        guard isCompatible(with: o), let va = vector, let vb = o.vector else { return o }
        var out = va
        for i in out.indices { out[i] += vb[i] }
        return withVector(out)
    }

    /// `self − o` (the inverse of `adding`), used for `by` values.
    public func subtracting(_ o: Value) -> Value {
        if case .transform(let x) = self, case .transform(let y) = o {
            return .transform(y.inverted.map { $0.concatenating(x) } ?? x)
        }
        return adding(o.scaled(by: -1))
    }

    /// `k · self`: for transforms, `self` applied `k` times (translation × k,
    /// scale to the power k, rotation angle × k). Other types unchanged.
    public func scaled(by k: Double) -> Value {
        if case .number(let x) = self { return .number(x * k) }
        if case .transform(let m) = self {
            guard let d = DecomposedTransform(m) else { return self }
            var r = d
            r.tx *= k; r.ty *= k; r.tz *= k
            r.sx = Value.power(d.sx, k); r.sy = Value.power(d.sy, k); r.sz = Value.power(d.sz, k)
            r.kxy *= k; r.kxz *= k; r.kyz *= k
            r.rotation = Value.power(d.rotation, k)
            return .transform(r.matrix)
        }
        guard let v = vector else { return self }
        return withVector(v.map { $0 * k })
    }

    private static func power(_ x: Double, _ k: Double) -> Double {
        if k == 1 { return x }
        var r = 1.0
        if k == k.rounded(), abs(k) < 1e9 {
            for _ in 0..<Int(abs(k)) { r *= x }
            return k < 0 ? 1 / r : r
        }
        return x > 0 ? exp(k * log(x)) : x
    }

    private static func power(_ q: Quaternion, _ k: Double) -> Quaternion {
        let w = max(-1, min(1, q.w))
        let half = acos(w)
        let s = sin(half)
        guard abs(s) > 1e-12 else { return .identity }
        let (ax, ay, az) = (q.x / s, q.y / s, q.z / s)
        return Quaternion.axisAngle(2 * half * k, ax, ay, az)
    }

    /// The Euclidean distance between two values' vectors, for paced keyframes.
    func distance(to o: Value) -> Double {
        if case .transform(let a) = self, case .transform(let b) = o {
            return zip(a.entries, b.entries).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        }
        guard isCompatible(with: o), let a = vector, let b = o.vector else { return self == o ? 0 : 1 }
        return zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }
}
