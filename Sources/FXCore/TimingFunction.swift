// SPDX-License-Identifier: MIT
/// A cubic Bézier easing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction`.
///
/// Solving follows WebKit's `UnitBezier`: the polynomial coefficients are
/// precomputed; x(t) = input is solved by Newton's method, falling back to
/// bisection; the answer is within 1e-7 of the true curve in t.
public struct TimingFunction: Hashable, Sendable {
    public let x1, y1, x2, y2: Double
    private let ax, bx, cx, ay, by, cy: Double

    /// A custom curve. x1 and x2 must lie in 0…1 so that the curve is a function of time.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(FXError) {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite) else {
            throw FXError("timing function control points must be finite numbers")
        }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            throw FXError("timing function control point x values must be within 0…1 (got \(x1) and \(x2))")
        }
        self.init(unchecked: x1, y1, x2, y2)
    }

    private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    // MARK: - The named curves (CAMediaTimingFunctionName), with Apple's control points

    public static let linear = TimingFunction(unchecked: 0, 0, 1, 1)
    public static let easeIn = TimingFunction(unchecked: 0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(unchecked: 0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(unchecked: 0.42, 0, 0.58, 1)
    public static let `default` = TimingFunction(unchecked: 0.25, 0.1, 0.25, 1)

    /// The named curves by their Core Animation names.
    public static let named: [(name: String, function: TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    public static func named(_ name: String) -> TimingFunction? {
        named.first { $0.name == name }?.function
    }

    // MARK: - Solving

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve's parameter t where x(t) = x, to within `epsilon`.
    func solveX(_ x: Double, epsilon: Double = 1e-7) -> Double {
        var t = x
        for _ in 0..<8 {
            let err = sampleX(t) - x
            if abs(err) < epsilon { return t }
            let d = slopeX(t)
            if abs(d) < 1e-6 { break }
            t -= err / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        if t < lo { return lo }
        if t > hi { return hi }
        while lo < hi {
            let v = sampleX(t)
            if abs(v - x) < epsilon { return t }
            if x > v { lo = t } else { hi = t }
            t = (hi - lo) / 2 + lo
            if hi - lo < 1e-15 { break }
        }
        return t
    }

    /// The eased progress for a linear progress `x` in 0…1.
    public func callAsFunction(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return x }
        return sampleY(solveX(x))
    }
}
