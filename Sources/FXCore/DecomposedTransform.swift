// SPDX-License-Identifier: MIT
import Glibc  // libm only

/// A unit quaternion (x, y, z, w) for rotations.
public struct Quaternion: Hashable, Sendable {
    public var x, y, z, w: Double
    public init(x: Double, y: Double, z: Double, w: Double) { self.x = x; self.y = y; self.z = z; self.w = w }
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// Spherical linear interpolation along the shorter arc (CSS Transforms 2,
    /// "Interpolation of decomposed 3D matrix values").
    public func slerp(to other: Quaternion, _ t: Double) -> Quaternion {
        var b = other
        var dot = x * b.x + y * b.y + z * b.z + w * b.w
        if dot < 0 { b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w); dot = -dot }
        dot = min(1, dot)
        if dot > 0.9999995 {
            let r = Quaternion(x: x + (b.x - x) * t, y: y + (b.y - y) * t,
                               z: z + (b.z - z) * t, w: w + (b.w - w) * t)
            return r.normalized
        }
        let theta = acos(dot)
        let s = sin(theta)
        let wa = sin((1 - t) * theta) / s, wb = sin(t * theta) / s
        return Quaternion(x: x * wa + b.x * wb, y: y * wa + b.y * wb, z: z * wa + b.z * wb, w: w * wa + b.w * wb)
    }

    public var normalized: Quaternion {
        let n = (x * x + y * y + z * z + w * w).squareRoot()
        return n > 0 ? Quaternion(x: x / n, y: y / n, z: z / n, w: w / n) : .identity
    }

    /// `self` then `o` as rotations.
    public func then(_ o: Quaternion) -> Quaternion {
        // Row-vector convention: applying `self` then `o` is the Hamilton product o·self.
        Quaternion(
            x: o.w * x + o.x * w + o.y * z - o.z * y,
            y: o.w * y - o.x * z + o.y * w + o.z * x,
            z: o.w * z + o.x * y - o.y * x + o.z * w,
            w: o.w * w - o.x * x - o.y * y - o.z * z)
    }

    /// A rotation of `angle` radians about a unit axis, matching `Transform3D.rotation`.
    public static func axisAngle(_ angle: Double, _ ax: Double, _ ay: Double, _ az: Double) -> Quaternion {
        let s = sin(angle / 2)
        return Quaternion(x: ax * s, y: ay * s, z: az * s, w: cos(angle / 2))
    }

    /// Rotation angles about x, y and z, applied in that order (x first).
    /// This is the convention of the `transform.rotation.x/y/z` key paths.
    public var eulerAngles: (x: Double, y: Double, z: Double) {
        let m = Transform3D.rotation(self)
        // Row-vector matrix of Rx·Ry·Rz: m13 = −sin(y).
        let sy = max(-1, min(1, -m.m13))
        let ey = asin(sy)
        if abs(sy) < 0.9999999 {
            return (atan2(m.m23, m.m33), ey, atan2(m.m12, m.m11))
        }
        // Gimbal lock: fold the x rotation into z.
        return (0, ey, atan2(-m.m21, m.m22))
    }

    /// The quaternion of an orthonormal row-vector rotation matrix (Shepperd's
    /// method: the largest diagonal term picks the stable formula).
    init(rotationRows r: [[Double]]) {
        let trace = r[0][0] + r[1][1] + r[2][2]
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            self.init(x: (r[1][2] - r[2][1]) / s, y: (r[2][0] - r[0][2]) / s, z: (r[0][1] - r[1][0]) / s, w: s / 4)
        } else if r[0][0] > r[1][1] && r[0][0] > r[2][2] {
            let s = (1 + r[0][0] - r[1][1] - r[2][2]).squareRoot() * 2
            self.init(x: s / 4, y: (r[0][1] + r[1][0]) / s, z: (r[2][0] + r[0][2]) / s, w: (r[1][2] - r[2][1]) / s)
        } else if r[1][1] > r[2][2] {
            let s = (1 + r[1][1] - r[0][0] - r[2][2]).squareRoot() * 2
            self.init(x: (r[0][1] + r[1][0]) / s, y: s / 4, z: (r[1][2] + r[2][1]) / s, w: (r[2][0] - r[0][2]) / s)
        } else {
            let s = (1 + r[2][2] - r[0][0] - r[1][1]).squareRoot() * 2
            self.init(x: (r[2][0] + r[0][2]) / s, y: (r[1][2] + r[2][1]) / s, z: s / 4, w: (r[0][1] - r[1][0]) / s)
        }
        self = self.normalized
    }

    public static func euler(x: Double, y: Double, z: Double) -> Quaternion {
        axisAngle(x, 1, 0, 0).then(axisAngle(y, 0, 1, 0)).then(axisAngle(z, 0, 0, 1))
    }
}

extension Transform3D {
    /// The rotation matrix of a unit quaternion.
    public static func rotation(_ q: Quaternion) -> Transform3D {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        return Transform3D(
            m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + z * w), m13: 2 * (x * z - y * w), m14: 0,
            m21: 2 * (x * y - z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + x * w), m24: 0,
            m31: 2 * (x * z + y * w), m32: 2 * (y * z - x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }
}

/// A transform split into the parts that interpolate well, following the
/// "unmatrix" decomposition of CSS Transforms 2: perspective, translation,
/// rotation (a quaternion), skew and scale. Recomposing gives the matrix back.
public struct DecomposedTransform: Hashable, Sendable {
    public var tx = 0.0, ty = 0.0, tz = 0.0
    public var sx = 1.0, sy = 1.0, sz = 1.0
    /// Skew factors xy, xz, yz.
    public var kxy = 0.0, kxz = 0.0, kyz = 0.0
    public var px = 0.0, py = 0.0, pz = 0.0, pw = 1.0
    public var rotation = Quaternion.identity

    public init() {}

    /// Decomposes `m`, or returns nil when it cannot be (singular matrix).
    public init?(_ m: Transform3D) {
        guard m.m44 != 0 else { return nil }
        var n = m
        for i in 0..<4 { for j in 0..<4 { n[i, j] /= m.m44 } }
        var persp = n
        persp.m14 = 0; persp.m24 = 0; persp.m34 = 0; persp.m44 = 1
        guard abs(persp.determinant) > 1e-12 else { return nil }

        if n.m14 != 0 || n.m24 != 0 || n.m34 != 0 {
            guard let inv = persp.inverted else { return nil }
            // rhs · transpose(inverse(persp)) in the spec's column form is rhs · inverse in ours.
            let r = (n.m14, n.m24, n.m34, n.m44)
            px = r.0 * inv.m11 + r.1 * inv.m12 + r.2 * inv.m13 + r.3 * inv.m14
            py = r.0 * inv.m21 + r.1 * inv.m22 + r.2 * inv.m23 + r.3 * inv.m24
            pz = r.0 * inv.m31 + r.1 * inv.m32 + r.2 * inv.m33 + r.3 * inv.m34
            pw = r.0 * inv.m41 + r.1 * inv.m42 + r.2 * inv.m43 + r.3 * inv.m44
        }
        tx = n.m41; ty = n.m42; tz = n.m43

        var row = [[n.m11, n.m12, n.m13], [n.m21, n.m22, n.m23], [n.m31, n.m32, n.m33]]
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] {
            [a[0] * sa + b[0] * sb, a[1] * sa + b[1] * sb, a[2] * sa + b[2] * sb]
        }
        sx = length(row[0])
        guard sx > 0 else { return nil }
        row[0] = row[0].map { $0 / sx }
        kxy = dot(row[0], row[1])
        row[1] = combine(row[1], row[0], 1, -kxy)
        sy = length(row[1])
        guard sy > 0 else { return nil }
        row[1] = row[1].map { $0 / sy }
        kxy /= sy
        kxz = dot(row[0], row[2])
        row[2] = combine(row[2], row[0], 1, -kxz)
        kyz = dot(row[1], row[2])
        row[2] = combine(row[2], row[1], 1, -kyz)
        sz = length(row[2])
        guard sz > 0 else { return nil }
        row[2] = row[2].map { $0 / sz }
        kxz /= sz
        kyz /= sz
        // A negative determinant means a flip: negate everything.
        let cross = [row[1][1] * row[2][2] - row[1][2] * row[2][1],
                     row[1][2] * row[2][0] - row[1][0] * row[2][2],
                     row[1][0] * row[2][1] - row[1][1] * row[2][0]]
        if dot(row[0], cross) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            for i in 0..<3 { row[i] = row[i].map { -$0 } }
        }
        rotation = Quaternion(rotationRows: row)
    }

    /// The matrix these parts describe.
    public var matrix: Transform3D {
        var m = Transform3D.identity
        m.m14 = px; m.m24 = py; m.m34 = pz; m.m44 = pw
        // Row-vector order: scale, then skew, then rotate, then translate, then perspective.
        var skew = Transform3D.identity
        skew.m21 = kxy; skew.m31 = kxz; skew.m32 = kyz
        var inner = Transform3D.scale(sx, sy, sz).concatenating(skew)
        inner = inner.concatenating(.rotation(rotation))
        inner = inner.concatenating(.translation(tx, ty, tz))
        return inner.concatenating(m)
    }

    /// Component-wise interpolation, with the rotation slerped.
    public func interpolated(to b: DecomposedTransform, _ t: Double) -> DecomposedTransform {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        var r = DecomposedTransform()
        r.tx = l(tx, b.tx); r.ty = l(ty, b.ty); r.tz = l(tz, b.tz)
        r.sx = l(sx, b.sx); r.sy = l(sy, b.sy); r.sz = l(sz, b.sz)
        r.kxy = l(kxy, b.kxy); r.kxz = l(kxz, b.kxz); r.kyz = l(kyz, b.kyz)
        r.px = l(px, b.px); r.py = l(py, b.py); r.pz = l(pz, b.pz); r.pw = l(pw, b.pw)
        r.rotation = rotation.slerp(to: b.rotation, t)
        return r
    }
}
