// SPDX-License-Identifier: MIT
import FXCore
import Glibc

/// A 2D affine map in column form: x′ = a·x + c·y + tx, y′ = b·x + d·y + ty
/// (`CGAffineTransform`'s fields), and its parts as a Lottie transform holds
/// them: position · rotation · skew · scale, about an anchor.
struct PlaneAffine: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    static let identity = PlaneAffine()

    /// The plane part of a 3D transform (row-vector form, as Core Animation's): z is dropped,
    /// which is what drawing a layer flat on its superlayer does when there is no perspective.
    init(_ t: Transform3D) {
        a = t.m11; b = t.m12; c = t.m21; d = t.m22; tx = t.m41; ty = t.m42
    }

    init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, tx: Double = 0, ty: Double = 0) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// Whether `t` draws as its plane part: no perspective divide.
    static func holds(_ t: Transform3D) -> Bool {
        abs(t.m14) < 1e-12 && abs(t.m24) < 1e-12 && abs(t.m44 - 1) < 1e-12
    }

    /// `self`, then `o`.
    func then(_ o: PlaneAffine) -> PlaneAffine {
        PlaneAffine(a: o.a * a + o.c * b, b: o.b * a + o.d * b,
                    c: o.a * c + o.c * d, d: o.b * c + o.d * d,
                    tx: o.a * tx + o.c * ty + o.tx, ty: o.b * tx + o.d * ty + o.ty)
    }

    func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    /// A vector (a tangent): the linear part alone.
    func applyLinear(_ p: Point) -> Point { Point(a * p.x + c * p.y, b * p.x + d * p.y) }

    var determinant: Double { a * d - b * c }

    var inverted: PlaneAffine? {
        let det = determinant
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return PlaneAffine(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// The linear part as rotation θ · shear k (x += k·y) · scale (sx, sy): θ from the first
    /// column, sx its length, sy the rest of the determinant (negative for a mirror image).
    struct Parts: Equatable {
        /// Degrees, clockwise on screen (y down).
        var rotation: Double
        var scaleX: Double, scaleY: Double
        /// The shear factor k.
        var shear: Double
    }

    var parts: Parts {
        let sx = (a * a + b * b).squareRoot()
        guard sx > 1e-12 else {
            // The first column collapsed: no rotation can be read from it; keep the second column's.
            let sy = (c * c + d * d).squareRoot()
            return Parts(rotation: sy > 1e-12 ? atan2(-c, d) * 180 / .pi : 0, scaleX: 0, scaleY: sy, shear: 0)
        }
        let theta = atan2(b, a)
        let sy = determinant / sx
        let m = (a * c + b * d) / sx
        return Parts(rotation: theta * 180 / .pi, scaleX: sx, scaleY: sy, shear: abs(sy) > 1e-12 ? m / sy : 0)
    }
}
