// SPDX-License-Identifier: MIT
import Glibc  // libm only

/// The values and pacing of a `CAKeyframeAnimation` (R17).
///
/// Every field is independent of the others and of the order it was set in:
/// nothing here is derived when a field is set. What a combination means
/// (a path overrides the values; keyTimes that do not fit the mode are
/// ignored) is decided when the animation is sampled, as Core Animation does.
public struct Keyframes {
    public enum CalculationMode: String, Sendable, CaseIterable { case linear, discrete, paced, cubic, cubicPaced }

    public var values: [Value]
    /// Motion along a path (`path`); when set, it overrides `values`, as
    /// Apple's page for `path` says.
    public var path: KeyframePath?
    /// Fractions of the duration, one per keyframe (one more for `discrete`);
    /// nil spaces them evenly. Ignored by the paced modes, and ignored when
    /// they do not fit (Apple: "If the values in this array are invalid or
    /// inappropriate for the current calculation mode, they are ignored").
    public var keyTimes: [Double]?
    /// One curve per segment. Fewer is allowed: segments without one are
    /// linear; extra ones are unused. Ignored by the paced modes.
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode = .linear
    /// `CAKeyframeAnimation.rotationMode` (`kCAAnimationRotateAuto` "auto",
    /// `kCAAnimationRotateAutoReverse` "autoReverse"): with a path, the layer
    /// turns to the path's tangent (reversed: plus half a turn); nil, it does not.
    public enum RotationMode: String, Sendable, CaseIterable { case auto, autoReverse }
    public var rotationMode: RotationMode?
    /// Kochanek–Bartels parameters for the cubic modes, one per value; nil is 0.
    public var tensionValues: [Double]?
    public var continuityValues: [Double]?
    public var biasValues: [Double]?

    public init(values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear) {
        self.values = values; self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions; self.calculationMode = calculationMode
    }

    /// Motion along a path, as setting only the `path` property does.
    public init(path: Path) {
        self.init(values: [])
        self.path = KeyframePath(path)
    }

    /// Whether the paced modes are in force: they ignore keyTimes, the
    /// per-segment timing functions and the animation's own timingFunction.
    public var isPaced: Bool { calculationMode == .paced || calculationMode == .cubicPaced }

    /// How many keyframes there are: the path's points when a path is set, else the values.
    public var keyframeCount: Int { path.map(\.keyframeCount) ?? values.count }

    /// Whether there is anything to animate.
    public var isEmpty: Bool { path.map(\.isEmpty) ?? values.isEmpty }

    /// The first and last keyframe values.
    var endpoints: (Value, Value) {
        if let path, let first = path.vertices.first, let last = path.vertices.last { return (.point(first), .point(last)) }
        return (values[0], values[values.count - 1])
    }

    /// The keyframes with their values admitted by `kp` (`KeyPath.admit`), or nil when
    /// they are admitted as they are (only strings change form).
    func admitted(for kp: KeyPath) throws(FXError) -> Keyframes? {
        if path != nil {
            guard kp.type == .point else {
                throw FXError("keyframe animation of '\(kp)' has a path, which animates points; '\(kp)' takes a \(kp.type.rawValue)")
            }
            guard !isEmpty else { throw FXError("keyframe animation of '\(kp)' has a path with no segment (only moves)") }
            return nil
        }
        guard !values.isEmpty else { throw FXError("keyframe animation of '\(kp)' has no values") }
        var admitted: [Value] = []
        for v in values {
            let a = try kp.admit(v)
            if kp.type == .string { admitted.append(a) }
        }
        guard kp.type == .string else { return nil }
        var k = self
        k.values = admitted
        return k
    }

    /// Why `keyTimes` will be ignored, or nil when they are used (or not set).
    public var keyTimesIgnoredReason: String? {
        guard let kt = keyTimes, !isPaced else { return nil }
        let n = keyframeCount
        let expected = calculationMode == .discrete ? [n, n + 1] : [n]
        if !expected.contains(kt.count) {
            return "\(kt.count) keyTimes for \(n) keyframes (expected \(expected.map(String.init).joined(separator: " or ")))"
        }
        for (i, t) in kt.enumerated() {
            if !t.isFinite || !(0...1).contains(t) { return "keyTimes[\(i)] is \(t), outside 0…1" }
            if i > 0 && t < kt[i - 1] { return "keyTimes[\(i)] = \(t) is less than keyTimes[\(i - 1)] = \(kt[i - 1])" }
        }
        return nil
    }

    /// `keyTimesIgnoredReason == nil` for set key times, without building the
    /// reason: this runs at every sample of every keyframe animation.
    private func keyTimesFit(_ kt: [Double], _ n: Int) -> Bool {
        guard kt.count == n || (calculationMode == .discrete && kt.count == n + 1) else { return false }
        var previous = -Double.infinity
        for t in kt {
            guard t.isFinite, t >= 0, t <= 1, t >= previous else { return false }
            previous = t
        }
        return true
    }

    /// The key times in force for the non-paced modes.
    func usableKeyTimes(_ n: Int) -> [Double] {
        if let kt = keyTimes, keyTimesFit(kt, n) { return kt }
        return calculationMode == .discrete ? (0..<n).map { Double($0) / Double(n) } : Keyframes.even(n)
    }

    // MARK: - Evaluation

    /// The value at linear progress `p` (0…1) through one cycle. `ease` is the
    /// animation's own timing function, applied first except in the paced modes.
    func value(at p: Double, ease: (Double) -> Double) -> Value {
        let n = keyframeCount
        if let path { return point(on: path, at: p, ease: ease) }
        if n == 1 { return values[0] }
        switch calculationMode {
        case .discrete:
            return values[discreteIndex(ease(p), usableKeyTimes(n))]
        case .linear:
            return linear(at: ease(p), keyTimes: usableKeyTimes(n), eased: true)
        case .paced:
            return linear(at: p, keyTimes: pacedKeyTimes(), eased: false)
        case .cubic:
            return cubic(at: ease(p), keyTimes: usableKeyTimes(n))
        case .cubicPaced:
            return cubic(at: p, keyTimes: pacedKeyTimes())
        }
    }

    private func discreteIndex(_ p: Double, _ kt: [Double]) -> Int {
        Keyframes.discreteIndex(p, kt, count: keyframeCount)
    }

    /// The last of `count` keyframes whose key time `p` has reached.
    static func discreteIndex<K: RandomAccessCollection<Double>>(_ p: Double, _ kt: K, count: Int) -> Int
        where K.Index == Int {
        var index = 0
        for i in 0..<min(kt.count, count) where kt[i] <= p { index = i }
        return index
    }

    private func point(on path: KeyframePath, at p: Double, ease: (Double) -> Double) -> Value {
        let n = path.keyframeCount
        if n == 1 { return .point(path.vertices[0]) }
        if calculationMode == .discrete { return .point(path.vertices[discreteIndex(ease(p), usableKeyTimes(n))]) }
        let kt = isPaced ? path.pacedKeyTimes() : usableKeyTimes(n)
        var (i, u) = Keyframes.segment(isPaced ? p : ease(p), kt, count: n)
        if !isPaced { u = segmentCurve(i).map { $0(u) } ?? u }
        return .point(path.segments[i].point(at: u))
    }

    /// The angle (radians, clockwise on screen with y down) that `rotationMode` turns the layer
    /// at progress `p`: the direction of the path's tangent at the sampled point, plus π for
    /// "autoReverse"; nil without a path or a rotation mode.
    func rotationAngle(at p: Double, ease: (Double) -> Double) -> Double? {
        guard let mode = rotationMode, let path, !path.isEmpty else { return nil }
        let n = path.keyframeCount
        let (i, u): (Int, Double)
        if n == 1 {
            (i, u) = (0, 0)
        } else if calculationMode == .discrete {
            (i, u) = (min(discreteIndex(ease(p), usableKeyTimes(n)), path.segments.count - 1), 0)
        } else {
            let kt = isPaced ? path.pacedKeyTimes() : usableKeyTimes(n)
            var (j, v) = Keyframes.segment(isPaced ? p : ease(p), kt, count: n)
            if !isPaced { v = segmentCurve(j).map { $0(v) } ?? v }
            (i, u) = (j, v)
        }
        let t = path.segments[i].tangent(at: u)
        return atan2(t.y, t.x) + (mode == .autoReverse ? Double.pi : 0)
    }

    /// The per-segment timing function of segment `i`, if the array reaches it.
    private func segmentCurve(_ i: Int) -> TimingFunction? {
        guard let tf = timingFunctions, i < tf.count else { return nil }
        return tf[i]
    }

    static func even(_ n: Int) -> [Double] { (0..<n).map { Double($0) / Double(n - 1) } }

    /// Key times proportional to the distance travelled, for constant speed.
    func pacedKeyTimes() -> [Double] {
        var acc = [0.0]
        for i in 1..<values.count { acc.append(acc[i - 1] + values[i - 1].distance(to: values[i])) }
        guard let total = acc.last, total > 0 else { return Keyframes.even(values.count) }
        return acc.map { $0 / total }
    }

    /// The segment holding `p` and the local progress inside it.
    static func segment<K: RandomAccessCollection<Double>>(_ p: Double, _ kt: K, count n: Int) -> (Int, Double)
        where K.Index == Int {
        if p <= kt[0] { return (0, 0) }
        if p >= kt[n - 1] { return (n - 2, 1) }
        var i = 0
        while i < n - 2 && p >= kt[i + 1] { i += 1 }
        let span = kt[i + 1] - kt[i]
        return (i, span > 0 ? (p - kt[i]) / span : 1)
    }

    private func linear(at p: Double, keyTimes kt: [Double], eased: Bool) -> Value {
        var (i, u) = Keyframes.segment(p, kt, count: values.count)
        if eased, let f = segmentCurve(i) { u = f(u) }
        return values[i].interpolated(to: values[i + 1], u)
    }

    /// Kochanek–Bartels (Catmull-Rom when tension, continuity and bias are 0).
    /// The end tangents treat the missing neighbour as the end value repeated,
    /// a choice recorded in docs/timing.md. Types without a vector view
    /// (transforms) fall back to linear.
    private func cubic(at p: Double, keyTimes kt: [Double]) -> Value {
        let n = values.count
        var (i, u) = Keyframes.segment(p, kt, count: n)
        if calculationMode == .cubic, let f = segmentCurve(i) { u = f(u) }
        guard let p1 = values[i].vector, let p2 = values[i + 1].vector,
              values[i].isCompatible(with: values[i + 1]) else {
            return values[i].interpolated(to: values[i + 1], u)
        }
        let p0 = (i > 0 && values[i - 1].isCompatible(with: values[i])) ? values[i - 1].vector! : p1
        let p3 = (i + 2 < n && values[i + 2].isCompatible(with: values[i + 1])) ? values[i + 2].vector! : p2
        func param(_ a: [Double]?, _ j: Int) -> Double { a.flatMap { j < $0.count ? $0[j] : nil } ?? 0 }
        let (t1, c1, b1) = (param(tensionValues, i), param(continuityValues, i), param(biasValues, i))
        let (t2, c2, b2) = (param(tensionValues, i + 1), param(continuityValues, i + 1), param(biasValues, i + 1))
        let h00 = 2 * u * u * u - 3 * u * u + 1, h10 = u * u * u - 2 * u * u + u
        let h01 = -2 * u * u * u + 3 * u * u, h11 = u * u * u - u * u
        var out = p1
        for k in out.indices {
            let outTangent = (1 - t1) * (1 + b1) * (1 + c1) / 2 * (p1[k] - p0[k])
                + (1 - t1) * (1 - b1) * (1 - c1) / 2 * (p2[k] - p1[k])
            let inTangent = (1 - t2) * (1 + b2) * (1 - c2) / 2 * (p2[k] - p1[k])
                + (1 - t2) * (1 - b2) * (1 + c2) / 2 * (p3[k] - p2[k])
            out[k] = h00 * p1[k] + h10 * outTangent + h01 * p2[k] + h11 * inTangent
        }
        return values[i].withVector(out)
    }
}
