// SPDX-License-Identifier: MIT
import FXCore

/// A 3×3 projective map of the plane, row-vector form ([x y 1] · H): how a
/// layer's flat content lands in its superlayer's plane. Core Animation
/// flattens every layer into its superlayer, so a chain of 3D transforms is a
/// product of these.
struct Homography: Equatable {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    static let identity = Homography(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

    /// The plane z = 0 through a 4×4 transform, z dropped.
    init(_ t: Transform3D) {
        m = (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
    }

    init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    static func translation(_ x: Double, _ y: Double) -> Homography { Homography(m: (1, 0, 0, 0, 1, 0, x, y, 1)) }
    static func scale(_ sx: Double, _ sy: Double) -> Homography { Homography(m: (sx, 0, 0, 0, sy, 0, 0, 0, 1)) }

    static func == (a: Homography, b: Homography) -> Bool {
        a.m.0 == b.m.0 && a.m.1 == b.m.1 && a.m.2 == b.m.2 && a.m.3 == b.m.3 && a.m.4 == b.m.4
            && a.m.5 == b.m.5 && a.m.6 == b.m.6 && a.m.7 == b.m.7 && a.m.8 == b.m.8
    }

    /// `self` then `o`.
    func then(_ o: Homography) -> Homography {
        let a = m, b = o.m
        return Homography(m: (
            a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
            a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
            a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8))
    }

    /// Whether the map is affine (no perspective), up to rounding.
    var isAffine: Bool { abs(m.2) < 1e-12 && abs(m.5) < 1e-12 && abs(m.8 - 1) < 1e-12 }

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        let w = x * m.2 + y * m.5 + m.8
        return ((x * m.0 + y * m.3 + m.6) / w, (x * m.1 + y * m.4 + m.7) / w, w)
    }

    var determinant: Double {
        m.0 * (m.4 * m.8 - m.5 * m.7) - m.1 * (m.3 * m.8 - m.5 * m.6) + m.2 * (m.3 * m.7 - m.4 * m.6)
    }

    var inverse: Homography? {
        let d = determinant
        guard abs(d) > 1e-15, d.isFinite else { return nil }
        return Homography(m: (
            (m.4 * m.8 - m.5 * m.7) / d, (m.2 * m.7 - m.1 * m.8) / d, (m.1 * m.5 - m.2 * m.4) / d,
            (m.5 * m.6 - m.3 * m.8) / d, (m.0 * m.8 - m.2 * m.6) / d, (m.2 * m.3 - m.0 * m.5) / d,
            (m.3 * m.7 - m.4 * m.6) / d, (m.1 * m.6 - m.0 * m.7) / d, (m.0 * m.4 - m.1 * m.3) / d))
    }

    /// The most the map stretches a length anywhere in `r`: the largest singular value of its
    /// Jacobian, taken at the corners, edge midpoints and centre (the stretch of a projective map
    /// grows as 1/w, and w is linear, so it peaks on the boundary). Points behind the eye are skipped;
    /// nil when every point is.
    func largestMagnification(over r: Rect) -> Double? {
        var best: Double?
        for fx in [0.0, 0.5, 1] {
            for fy in [0.0, 0.5, 1] {
                let x = r.minX + fx * r.size.width, y = r.minY + fy * r.size.height
                let w = x * m.2 + y * m.5 + m.8
                guard w > 1e-12 else { continue }
                let px = (x * m.0 + y * m.3 + m.6) / w, py = (x * m.1 + y * m.4 + m.7) / w
                let a = (m.0 - px * m.2) / w, b = (m.3 - px * m.5) / w, c = (m.1 - py * m.2) / w, d = (m.4 - py * m.5) / w
                let sum = a * a + b * b + c * c + d * d, det = a * d - b * c
                let sigma = ((sum + max(0, sum * sum - 4 * det * det).squareRoot()) / 2).squareRoot()
                if sigma.isFinite { best = max(best ?? 0, sigma) }
            }
        }
        return best
    }

    /// How much the map scales lengths, roughly (for choosing offscreen resolutions).
    var scaleFactor: Double {
        let s = (abs(m.0 * m.4 - m.1 * m.3)).squareRoot()
        return s.isFinite && s > 0 ? s : 1
    }
}
