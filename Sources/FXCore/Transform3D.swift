// SPDX-License-Identifier: MIT
import Glibc  // libm only: FXCore uses no Foundation

/// A 4×4 homogeneous transform with `CATransform3D` semantics.
///
/// Points are row vectors multiplied on the left (`p' = p · M`), so the
/// translation lives in `m41…m43` and perspective in `m34` (set it to `−1/d`
/// for an eye at distance `d`), exactly as Core Animation stores them.
/// `a.concatenating(b)` applies `a` first, then `b` (`CATransform3DConcat`).
public struct Transform3D: Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The sixteen entries in row order (`m11, m12, … m44`).
    public init(entries e: [Double]) {
        precondition(e.count == 16, "a transform has 16 entries")
        self.init(m11: e[0], m12: e[1], m13: e[2], m14: e[3],
                  m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                  m31: e[8], m32: e[9], m33: e[10], m34: e[11],
                  m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public subscript(row: Int, column: Int) -> Double {
        get {
            switch (row, column) {
            case (0, 0): m11
            case (0, 1): m12
            case (0, 2): m13
            case (0, 3): m14
            case (1, 0): m21
            case (1, 1): m22
            case (1, 2): m23
            case (1, 3): m24
            case (2, 0): m31
            case (2, 1): m32
            case (2, 2): m33
            case (2, 3): m34
            case (3, 0): m41
            case (3, 1): m42
            case (3, 2): m43
            default: m44
            }
        }
        set {
            switch (row, column) {
            case (0, 0): m11 = newValue
            case (0, 1): m12 = newValue
            case (0, 2): m13 = newValue
            case (0, 3): m14 = newValue
            case (1, 0): m21 = newValue
            case (1, 1): m22 = newValue
            case (1, 2): m23 = newValue
            case (1, 3): m24 = newValue
            case (2, 0): m31 = newValue
            case (2, 1): m32 = newValue
            case (2, 2): m33 = newValue
            case (2, 3): m34 = newValue
            case (3, 0): m41 = newValue
            case (3, 1): m42 = newValue
            case (3, 2): m43 = newValue
            default: m44 = newValue
            }
        }
    }

    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    public var isIdentity: Bool { self == .identity }

    // MARK: - Constructors (CATransform3DMake…)

    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        var t = identity
        t.m41 = tx; t.m42 = ty; t.m43 = tz
        return t
    }

    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        var t = identity
        t.m11 = sx; t.m22 = sy; t.m33 = sz
        return t
    }

    /// A rotation by `angle` radians about the axis (x, y, z), as
    /// `CATransform3DMakeRotation`: with y pointing down, a positive angle about
    /// +z turns clockwise on screen. A zero axis gives the identity.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return identity }
        let (kx, ky, kz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), v = 1 - c
        // Row-vector form of Rodrigues' rotation: the transpose of the column form.
        return Transform3D(
            m11: c + kx * kx * v, m12: kx * ky * v + kz * s, m13: kx * kz * v - ky * s, m14: 0,
            m21: ky * kx * v - kz * s, m22: c + ky * ky * v, m23: ky * kz * v + kx * s, m24: 0,
            m31: kz * kx * v + ky * s, m32: kz * ky * v - kx * s, m33: c + kz * kz * v, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A 2D affine transform (`CGAffineTransform` a b c d tx ty) lifted to 3D.
    public static func affine(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) -> Transform3D {
        var t = identity
        t.m11 = a; t.m12 = b; t.m21 = c; t.m22 = d; t.m41 = tx; t.m42 = ty
        return t
    }

    // MARK: - Operations

    /// `self` then `other` (`CATransform3DConcat(self, other)` = self × other).
    public func concatenating(_ o: Transform3D) -> Transform3D {
        var r = Transform3D.identity
        for i in 0..<4 {
            let a0 = self[i, 0], a1 = self[i, 1], a2 = self[i, 2], a3 = self[i, 3]
            for j in 0..<4 {
                r[i, j] = a0 * o[0, j] + a1 * o[1, j] + a2 * o[2, j] + a3 * o[3, j]
            }
        }
        return r
    }

    public func translated(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        Transform3D.translation(tx, ty, tz).concatenating(self)
    }
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        Transform3D.scale(sx, sy, sz).concatenating(self)
    }
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.rotation(angle, x, y, z).concatenating(self)
    }

    public var determinant: Double {
        let m = self
        func det3(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double,
                  _ g: Double, _ h: Double, _ i: Double) -> Double {
            a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        }
        return m.m11 * det3(m.m22, m.m23, m.m24, m.m32, m.m33, m.m34, m.m42, m.m43, m.m44)
            - m.m12 * det3(m.m21, m.m23, m.m24, m.m31, m.m33, m.m34, m.m41, m.m43, m.m44)
            + m.m13 * det3(m.m21, m.m22, m.m24, m.m31, m.m32, m.m34, m.m41, m.m42, m.m44)
            - m.m14 * det3(m.m21, m.m22, m.m23, m.m31, m.m32, m.m33, m.m41, m.m42, m.m43)
    }

    /// The inverse, or nil when the matrix is singular (`CATransform3DInvert`
    /// returns its argument unchanged in that case; we make the failure visible).
    public var inverted: Transform3D? {
        // Gauss–Jordan elimination with partial pivoting.
        var a = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 4)
        for i in 0..<4 {
            for j in 0..<4 { a[i][j] = self[i, j] }
            a[i][4 + i] = 1
        }
        for col in 0..<4 {
            var pivot = col
            for r in col + 1..<4 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            let p = a[col][col]
            for j in 0..<8 { a[col][j] /= p }
            for r in 0..<4 where r != col {
                let f = a[r][col]
                if f != 0 { for j in 0..<8 { a[r][j] -= f * a[col][j] } }
            }
        }
        var r = Transform3D.identity
        for i in 0..<4 { for j in 0..<4 { r[i, j] = a[i][4 + j] } }
        return r
    }

    /// Whether the transform is a 2D affine one (no z, no perspective).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// Maps a point (z = 0) and divides by w. Returns nil behind the eye (w ≤ 0).
    public func apply(to p: Point) -> Point? {
        let x = p.x * m11 + p.y * m21 + m41
        let y = p.x * m12 + p.y * m22 + m42
        let w = p.x * m14 + p.y * m24 + m44
        guard w > 0 else { return nil }
        return Point(x / w, y / w)
    }

    public var isFinite: Bool { entries.allSatisfy { $0.isFinite } }
}
