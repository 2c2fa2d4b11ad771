// SPDX-License-Identifier: MIT
import CoreGraphics
import FXPluginKit

/// A 4×4 transform with Core Animation's layout (row vectors, translation in
/// m41…m43, perspective in m34), as Apple's `CATransform3D` reference gives it.
public struct CATransform3D: Equatable, Sendable {
    public var m11, m12, m13, m14: CGFloat
    public var m21, m22, m23, m24: CGFloat
    public var m31, m32, m33, m34: CGFloat
    public var m41, m42, m43, m44: CGFloat

    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }
    /// The identity (Apple's `CATransform3D()` is all zeros; `CATransform3DIdentity` is what code means).
    public init() {
        self.init(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
    }

    // Both conversions go through the host's [Double] alone: an array of
    // CGFloat is a type the runtime makes by name on its first use in a
    // process (11,000 instructions inside the first build that turns a layer).
    init(_ t: Transform) {
        let m = t.m
        self.init(m11: CGFloat(m[0]), m12: CGFloat(m[1]), m13: CGFloat(m[2]), m14: CGFloat(m[3]),
                  m21: CGFloat(m[4]), m22: CGFloat(m[5]), m23: CGFloat(m[6]), m24: CGFloat(m[7]),
                  m31: CGFloat(m[8]), m32: CGFloat(m[9]), m33: CGFloat(m[10]), m34: CGFloat(m[11]),
                  m41: CGFloat(m[12]), m42: CGFloat(m[13]), m43: CGFloat(m[14]), m44: CGFloat(m[15]))
    }
    var fx: Transform {
        Transform([Double(m11), Double(m12), Double(m13), Double(m14), Double(m21), Double(m22), Double(m23), Double(m24),
                   Double(m31), Double(m32), Double(m33), Double(m34), Double(m41), Double(m42), Double(m43), Double(m44)])
    }
}

public let CATransform3DIdentity = CATransform3D(Transform.identity)

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(Transform.translation(Double(tx), Double(ty), Double(tz)))
}
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(Transform.scale(Double(sx), Double(sy), Double(sz)))
}
/// `angle` radians about (x, y, z); a zero axis gives the identity. With y
/// down, a positive angle about z turns clockwise on screen.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(Transform.rotation(Double(angle), Double(x), Double(y), Double(z)))
}
/// The translation first, then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(t.fx.translated(Double(tx), Double(ty), Double(tz)))
}
/// The scale first, then `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(t.fx.scaled(Double(sx), Double(sy), Double(sz)))
}
/// The rotation first, then `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(t.fx.rotated(Double(angle), Double(x), Double(y), Double(z)))
}
/// `a`, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(a.fx.concatenating(b.fx))
}
/// The inverse, or `t` itself when it has none (as Apple documents).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.fx.inverted.map(CATransform3D.init) ?? t }
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}
/// Whether `t` only moves points within the z = 0 plane, as a CGAffineTransform can.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

/// `NSValue(caTransform3D:)`: Foundation on Linux cannot box a struct in an
/// NSValue, so the transform itself is the value; `fromValue`, `toValue` and
/// `values` take it as Apple's boxed one.
public func NSValue(caTransform3D t: CATransform3D) -> Any { t }
/// `NSValue(cgPoint:)`, as above.
public func NSValue(cgPoint p: CGPoint) -> Any { p }
/// `NSValue(cgSize:)`, as above.
public func NSValue(cgSize s: CGSize) -> Any { s }
/// `NSValue(cgRect:)`, as above.
public func NSValue(cgRect r: CGRect) -> Any { r }
/// `NSValue(cgAffineTransform:)`: Core Animation animates `transform` with a CATransform3D.
public func NSValue(cgAffineTransform t: CGAffineTransform) -> Any { CATransform3DMakeAffineTransform(t) }
