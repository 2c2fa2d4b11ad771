// SPDX-License-Identifier: MIT
import Foundation

/// Core Animation's published timing rules, computed here and nowhere else:
/// the expected values of the conformance tests never come from fxhost.
enum CoreAnimation {
    /// A cubic Bézier timing curve through (0, 0) and (1, 1) (`CAMediaTimingFunction(controlPoints:)`).
    struct Curve {
        let x1, y1, x2, y2: Double

        /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0, 0.58, 1), Apple's `camediatimingfunctionname`.
        static let easeInEaseOut = Curve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        /// `kCAMediaTimingFunctionLinear`.
        static let linear = Curve(x1: 0, y1: 0, x2: 1, y2: 1)

        /// y at x: x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³ rises monotonically for x1, x2 in 0…1, so
        /// bisection on s finds it; 80 halvings leave s exact to the last bit.
        func callAsFunction(_ x: Double) -> Double {
            func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
                let u = 1 - s
                return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
            }
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            var lo = 0.0, hi = 1.0
            for _ in 0..<80 {
                let mid = (lo + hi) / 2
                if bezier(mid, x1, x2) < x { lo = mid } else { hi = mid }
            }
            return bezier((lo + hi) / 2, y1, y2)
        }
    }

    /// The fraction of the current cycle of an animation with speed 1, timeOffset 0, no
    /// autoreverse, repeating forever: `t = tp − beginTime` (R2), wrapped by the duration (R8, R11).
    /// nil in the before phase: these animations have the default fill (`removed`), so the
    /// model value shows then (R6).
    static func cycleFraction(at tp: Double, beginTime: Double, duration: Double) -> Double? {
        let t = tp - beginTime
        if t < 0 { return nil }
        return t.truncatingRemainder(dividingBy: duration) / duration
    }

    /// Where a keyframe animation is at `fraction` of its cycle (R17): the segment whose key
    /// times hold it, the fraction through that segment, eased by the segment's timing function
    /// (none: linear, R13). Returns the segment's index and its eased fraction; with keyTimes nil
    /// the keyframes are evenly spaced.
    static func keyframeSegment(_ fraction: Double, keyTimes: [Double]?, count: Int, curves: [Curve]) -> (index: Int, eased: Double) {
        let times = keyTimes ?? (0..<count).map { Double($0) / Double(count - 1) }
        var i = 0
        while i < count - 2 && fraction >= times[i + 1] { i += 1 }
        let local = (fraction - times[i]) / (times[i + 1] - times[i])
        let curve = i < curves.count ? curves[i] : Curve.linear
        return (i, curve(min(max(local, 0), 1)))
    }

    /// A number keyframed at `fraction` of its cycle.
    static func keyframe(_ values: [Double], at fraction: Double, keyTimes: [Double]?, curves: [Curve]) -> Double {
        let (i, e) = keyframeSegment(fraction, keyTimes: keyTimes, count: values.count, curves: curves)
        return values[i] + (values[i + 1] - values[i]) * e
    }
}

/// A CATransform3D in Core Animation's layout (points are row vectors, m41…m43 the
/// translation), built here from the definitions of Apple's `CATransform3DMake…` functions.
struct Matrix {
    var m: [Double]

    static let identity = Matrix(m: (0..<16).map { $0 % 5 == 0 ? 1 : 0 })

    /// `CATransform3DMakeRotation(angle, x, y, z)` about a unit axis.
    static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Matrix {
        let c = cos(angle), s = sin(angle), k = 1 - c
        var t = identity
        t.m[0] = x * x * k + c; t.m[1] = x * y * k + z * s; t.m[2] = x * z * k - y * s
        t.m[4] = y * x * k - z * s; t.m[5] = y * y * k + c; t.m[6] = y * z * k + x * s
        t.m[8] = z * x * k + y * s; t.m[9] = z * y * k - x * s; t.m[10] = z * z * k + c
        return t
    }

    /// `CATransform3DConcat(self, b)`: self first, then b.
    func then(_ b: Matrix) -> Matrix {
        var r = Matrix(m: Array(repeating: 0, count: 16))
        for i in 0..<4 {
            for j in 0..<4 {
                r.m[i * 4 + j] = (0..<4).reduce(0) { $0 + m[i * 4 + $1] * b.m[$1 * 4 + j] }
            }
        }
        return r
    }

    subscript(row: Int, column: Int) -> Double { m[(row - 1) * 4 + (column - 1)] }
}
