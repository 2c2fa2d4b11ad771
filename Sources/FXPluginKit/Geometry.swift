// SPDX-License-Identifier: MIT
import CFX
import Glibc

/// A point; y grows downwards.
public struct Point: Equatable, Sendable {
    public var x, y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

/// A width and a height.
public struct Size: Equatable, Sendable {
    public var width, height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
}

/// An origin and a size.
public struct Rect: Equatable, Sendable {
    public var x, y, width, height: Double
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
}

/// An sRGB colour with straight alpha, channels 0…1.
public struct Color: Equatable, Sendable {
    public var red, green, blue, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    /// From the pointer a FX_PARAM_COLOR parameter arrives as.
    public init(_ c: UnsafePointer<fx_color>?) {
        let v = c?.pointee ?? fx_color(red: 0, green: 0, blue: 0, alpha: 1)
        self.init(red: v.red, green: v.green, blue: v.blue, alpha: v.alpha)
    }
    public static let white = Color(white: 1)
    public static let black = Color(white: 0)
    public static let clear = Color(white: 0, alpha: 0)
}

/// A CATransform3D (row vectors; `a.concatenating(b)` applies a, then b).
public struct Transform: Equatable, Sendable {
    /// m11, m12, … m44.
    public var m: [Double]
    public init(_ m: [Double]) { precondition(m.count == 16); self.m = m }

    public static let identity = Transform([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform {
        var t = identity; t.m[0] = sx; t.m[5] = sy; t.m[10] = sz; return t
    }
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform {
        var t = identity; t.m[12] = tx; t.m[13] = ty; t.m[14] = tz; return t
    }
    /// CATransform3DMakeRotation: with y down, positive angles about +z turn clockwise.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform {
        let n = (x * x + y * y + z * z).squareRoot()
        guard n > 0 else { return identity }
        let (kx, ky, kz) = (x / n, y / n, z / n)
        let c = cos(angle), s = sin(angle), v = 1 - c
        return Transform([c + kx * kx * v, kx * ky * v + kz * s, kx * kz * v - ky * s, 0,
                          ky * kx * v - kz * s, c + ky * ky * v, ky * kz * v + kx * s, 0,
                          kz * kx * v + ky * s, kz * ky * v - kx * s, c + kz * kz * v, 0,
                          0, 0, 0, 1])
    }
    /// The perspective iOS code writes as `t.m34 = -1.0 / distance`.
    public static func perspective(_ distance: Double) -> Transform {
        var t = identity; t.m[11] = -1 / distance; return t
    }
    /// CATransform3DRotate: the rotation first, then this transform.
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform {
        Transform.rotation(angle, x, y, z).concatenating(self)
    }
    /// CATransform3DScale: the scale first, then this transform.
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform {
        Transform.scale(sx, sy, sz).concatenating(self)
    }
    /// CATransform3DTranslate: the translation first, then this transform.
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform {
        Transform.translation(tx, ty, tz).concatenating(self)
    }
    /// CATransform3DInvert; nil when the transform is not invertible.
    public var inverted: Transform? {
        var a = fx_transform(), out = fx_transform()
        withUnsafeMutableBytes(of: &a.m) { raw in for (i, e) in m.enumerated() { raw.storeBytes(of: e, toByteOffset: i * 8, as: Double.self) } }
        guard fx_transform_invert(a, &out) == 1 else { return nil }
        return Transform(withUnsafeBytes(of: &out.m) { Array($0.bindMemory(to: Double.self)) })
    }
    public func concatenating(_ o: Transform) -> Transform {
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { r[i * 4 + j] += m[i * 4 + k] * o.m[k * 4 + j] } } }
        return Transform(r)
    }
}
