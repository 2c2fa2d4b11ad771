/// The values and pacing of a `CAKeyframeAnimation` (R17).
public struct Keyframes {
    public enum CalculationMode: String, Sendable, CaseIterable { case linear, discrete, paced, cubic, cubicPaced }

    public var values: [Value]
    /// Fractions of the duration, one per value (one more than the values for
    /// `discrete`); nil spaces them evenly. Ignored by the paced modes.
    public var keyTimes: [Double]?
    /// One curve per segment (values − 1); ignored by the paced modes.
    public var timingFunctions: [TimingFunction]?
    public var calculationMode: CalculationMode = .linear
    /// Kochanek–Bartels parameters for the cubic modes, one per value; nil is 0.
    public var tensionValues: [Double]?
    public var continuityValues: [Double]?
    public var biasValues: [Double]?

    public init(values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear) {
        self.values = values; self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions; self.calculationMode = calculationMode
    }

    /// Motion along a path, as the `path` property: the path is flattened and
    /// its vertices become point values, paced at constant speed.
    public init(path: Path) {
        let polyline = path.flattened().flatMap { $0 }
        self.init(values: polyline.map { .point($0) }, calculationMode: .paced)
    }

    func check(for kp: KeyPath) throws(FXError) {
        guard !values.isEmpty else { throw FXError("keyframe animation of '\(kp)' has no values") }
        for v in values { try kp.check(v) }
        if let kt = keyTimes, calculationMode != .paced && calculationMode != .cubicPaced {
            let expected = calculationMode == .discrete ? [values.count, values.count + 1] : [values.count]
            guard expected.contains(kt.count) else {
                throw FXError("keyframe animation of '\(kp)' has \(values.count) values but \(kt.count) keyTimes (expected \(expected.map(String.init).joined(separator: " or ")))")
            }
            for (i, t) in kt.enumerated() {
                guard t.isFinite, (0...1).contains(t) else {
                    throw FXError("keyframe animation of '\(kp)': keyTimes must be within 0…1 (keyTimes[\(i)] is \(t))")
                }
                guard i == 0 || t >= kt[i - 1] else {
                    throw FXError("keyframe animation of '\(kp)': keyTimes must not decrease (keyTimes[\(i)] = \(t) < \(kt[i - 1]))")
                }
            }
        }
        if let tf = timingFunctions, calculationMode != .paced && calculationMode != .cubicPaced,
           tf.count != max(values.count - 1, 0), tf.count != 1 {
            throw FXError("keyframe animation of '\(kp)' has \(values.count) values but \(tf.count) timingFunctions (expected \(values.count - 1))")
        }
    }

    // MARK: - Evaluation

    /// The value at progress `p` (0…1, already eased by the animation's own timing function).
    func value(at p: Double) -> Value {
        let n = values.count
        if n == 1 { return values[0] }
        switch calculationMode {
        case .discrete:
            let kt = (keyTimes?.count ?? 0) >= n ? keyTimes! : (0..<n).map { Double($0) / Double(n) }
            var index = 0
            for i in 0..<n where kt[i] <= p { index = i }
            return values[index]
        case .linear:
            let kt = keyTimes ?? Keyframes.even(n)
            return linear(at: p, keyTimes: kt, eased: true)
        case .paced:
            return linear(at: p, keyTimes: pacedKeyTimes(), eased: false)
        case .cubic:
            return cubic(at: p, keyTimes: keyTimes ?? Keyframes.even(n))
        case .cubicPaced:
            return cubic(at: p, keyTimes: pacedKeyTimes())
        }
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
    private func segment(_ p: Double, _ kt: [Double]) -> (Int, Double) {
        let n = values.count
        if p <= kt[0] { return (0, 0) }
        if p >= kt[n - 1] { return (n - 2, 1) }
        var i = 0
        while i < n - 2 && p >= kt[i + 1] { i += 1 }
        let span = kt[i + 1] - kt[i]
        return (i, span > 0 ? (p - kt[i]) / span : 1)
    }

    private func linear(at p: Double, keyTimes kt: [Double], eased: Bool) -> Value {
        var (i, u) = segment(p, kt)
        if eased, let tf = timingFunctions, !tf.isEmpty { u = tf[min(i, tf.count - 1)](u) }
        return values[i].interpolated(to: values[i + 1], u)
    }

    /// Kochanek–Bartels (Catmull-Rom when tension, continuity and bias are 0).
    /// The end tangents treat the missing neighbour as the end value repeated,
    /// a choice recorded in docs/timing.md. Types without a vector view
    /// (transforms) fall back to linear.
    private func cubic(at p: Double, keyTimes kt: [Double]) -> Value {
        let n = values.count
        var (i, u) = segment(p, kt)
        if let tf = timingFunctions, !tf.isEmpty, calculationMode == .cubic { u = tf[min(i, tf.count - 1)](u) }
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
