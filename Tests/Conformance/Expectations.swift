// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// A keyframed number on a repeating animation, or the model value before it begins.
func keyframed(_ values: [Double], beginTime: Double, duration: Double, keyTimes: [Double]?, curves: [CoreAnimation.Curve],
               model: Double) -> (Double) -> Double {
    { t in
        guard let f = CoreAnimation.cycleFraction(at: t, beginTime: beginTime, duration: duration) else { return model }
        return CoreAnimation.keyframe(values, at: f, keyTimes: keyTimes, curves: curves)
    }
}

/// Checks a layer whose transform is a scale (sx, sy, sz) at every sample, as CATransform3DMakeScale builds it
/// (sz 0 unless given, as the SpinKit keyframes have it).
func expectScale(_ samples: [Corpus.Sample], _ layer: String, sx: (Double) -> Double, sy: (Double) -> Double,
                 sz: (Double) -> Double = { _ in 0 }, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for s in samples {
        let m = try s.transform(layer)
        expectValue(m[1, 1], sx, at: s.t, "\(layer) m11", sourceLocation: sourceLocation)
        expectValue(m[2, 2], sy, at: s.t, "\(layer) m22", sourceLocation: sourceLocation)
        expectValue(m[3, 3], sz, at: s.t, "\(layer) m33", sourceLocation: sourceLocation)
        for (r, c) in [(1, 2), (2, 1), (4, 1), (4, 2), (4, 3)] {
            expectValue(m[r, c], { _ in 0 }, at: s.t, "\(layer) m\(r)\(c)", sourceLocation: sourceLocation)
        }
    }
}

/// Checks a layer turning about z: m11 = m22 = s·cos θ, m12 = −m21 = s·sin θ (Apple's
/// CATransform3DMakeRotation, y down), translation (tx, ty).
func expectTurn(_ samples: [Corpus.Sample], _ layer: String, angle: (Double) -> Double, scale: (Double) -> Double = { _ in 1 },
                tx: (Double) -> Double = { _ in 0 }, ty: (Double) -> Double = { _ in 0 },
                sourceLocation: SourceLocation = #_sourceLocation) throws {
    for s in samples {
        let m = try s.transform(layer)
        expectValue(m[1, 1], { scale($0) * cos(angle($0)) }, at: s.t, "\(layer) m11", sourceLocation: sourceLocation)
        expectValue(m[1, 2], { scale($0) * sin(angle($0)) }, at: s.t, "\(layer) m12", sourceLocation: sourceLocation)
        expectValue(m[2, 1], { -scale($0) * sin(angle($0)) }, at: s.t, "\(layer) m21", sourceLocation: sourceLocation)
        expectValue(m[2, 2], { scale($0) * cos(angle($0)) }, at: s.t, "\(layer) m22", sourceLocation: sourceLocation)
        expectValue(m[4, 1], tx, at: s.t, tolerance: 1e-5, "\(layer) m41", sourceLocation: sourceLocation)
        expectValue(m[4, 2], ty, at: s.t, tolerance: 1e-5, "\(layer) m42", sourceLocation: sourceLocation)
    }
}
