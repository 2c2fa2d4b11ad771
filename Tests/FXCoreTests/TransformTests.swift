// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import FXCore

@Suite struct TransformTests {
    @Test func blendingTwoEqualTransformsGivesThatTransformExactly() {
        // A keyframe animation holding a value across keyframes (the lottie plugin keeps only the
        // ends of a run of equal values) must give it bit for bit between them, or a pixel can move.
        let m = Transform3D.affine(a: 0.7 * cos(0.3), b: 0.7 * sin(0.3), c: -1.3 * sin(0.3) + 0.2, d: 1.3 * cos(0.3), tx: 123.4, ty: -56.7)
        for t in [0.1, 0.25, 1.0 / 3, 0.5, 0.9, 1 - 1e-15] {
            #expect(Value.transform(m).interpolated(to: .transform(m), t) == .transform(m))
        }
    }

    @Test func rotationAboutZMatchesCoreAnimationLayout() {
        let a = 0.3
        let m = Transform3D.rotation(a, 0, 0, 1)
        // CATransform3DMakeRotation(a, 0, 0, 1): m11 = cos, m12 = sin, m21 = −sin, m22 = cos.
        #expect(close(m.m11, cos(a)) && close(m.m12, sin(a)) && close(m.m21, -sin(a)) && close(m.m22, cos(a)))
        // With y down, +π/2 about z takes (1, 0) to (0, 1): clockwise on screen.
        let p = Transform3D.rotation(.pi / 2, 0, 0, 1).apply(to: Point(1, 0))!
        #expect(close(p.x, 0) && close(p.y, 1))
    }

    @Test func rotationAboutArbitraryAxisKeepsTheAxisFixed() {
        let m = Transform3D.rotation(1.1, 1, 2, 3)
        let n = 14.0.squareRoot()
        let (x, y, z) = (1 / n, 2 / n, 3 / n)
        // Row vector times matrix.
        let rx = x * m.m11 + y * m.m21 + z * m.m31
        let ry = x * m.m12 + y * m.m22 + z * m.m32
        let rz = x * m.m13 + y * m.m23 + z * m.m33
        #expect(close(rx, x) && close(ry, y) && close(rz, z))
        #expect(close(m.determinant, 1))
    }

    @Test func concatAppliesLeftFirst() {
        // Scale by 2 then translate by 10: (1, 1) → (2, 2) → (12, 12).
        let m = Transform3D.scale(2, 2).concatenating(.translation(10, 10))
        let p = m.apply(to: Point(1, 1))!
        #expect(close(p.x, 12) && close(p.y, 12))
        let q = Transform3D.translation(10, 10).concatenating(.scale(2, 2)).apply(to: Point(1, 1))!
        #expect(close(q.x, 22) && close(q.y, 22))
    }

    @Test func inverseUndoesAndSingularIsNil() {
        let m = Transform3D.rotation(0.7, 0, 1, 0).concatenating(.translation(3, -4, 5)).concatenating(.scale(2, 3, 4))
        #expect(close(m.concatenating(m.inverted!), .identity))
        #expect(Transform3D.scale(0, 1).inverted == nil)
    }

    @Test func perspectiveDividesByW() {
        var m = Transform3D.identity
        m.m34 = -1.0 / 500
        // A point pushed back by z = −100 would shrink; at z = 0 w = 1.
        let p = m.apply(to: Point(100, 50))!
        #expect(close(p.x, 100) && close(p.y, 50))
        let r = Transform3D.rotation(.pi / 4, 0, 1, 0).concatenating(m)
        let q = r.apply(to: Point(100, 0))!
        // x·cos45 / (1 + x·sin45/500) by hand (row: w = x·m14 = x·(−m13/500)...).
        let expectedW = 1 + 100 * sin(Double.pi / 4) / 500
        #expect(close(q.x, 100 * cos(Double.pi / 4) / expectedW, 1e-9))
    }

    @Test(arguments: [
        (0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0),
        (10.0, -20.0, 5.0, 2.0, 0.5, 1.0, 0.4),
        (-3.0, 7.0, 0.0, 1.5, 1.5, 3.0, 2.5),
        (1.0, 2.0, 3.0, 0.2, 4.0, 1.0, -1.2),
    ])
    func decompositionRoundTrips(tx: Double, ty: Double, tz: Double, sx: Double, sy: Double, sz: Double, angle: Double) {
        let m = Transform3D.scale(sx, sy, sz)
            .concatenating(.rotation(angle, 0.3, -0.5, 0.8))
            .concatenating(.translation(tx, ty, tz))
        let d = DecomposedTransform(m)!
        #expect(close(d.matrix, m, 1e-9))
        #expect(close(d.tx, tx) && close(d.ty, ty) && close(d.tz, tz))
        #expect(close(abs(d.sx), sx, 1e-9) && close(abs(d.sy), sy, 1e-9))
    }

    @Test func decompositionKeepsSkewAndPerspective() {
        var skew = Transform3D.identity
        skew.m21 = 0.5
        var persp = Transform3D.identity
        persp.m34 = -0.002
        let m = Transform3D.scale(2, 1).concatenating(skew).concatenating(.rotation(0.4, 0, 0, 1))
            .concatenating(.translation(5, 6)).concatenating(persp)
        #expect(close(DecomposedTransform(m)!.matrix, m, 1e-9))
    }

    @Test func interpolationSlerpsRotation() {
        // Half way from identity to a quarter turn is an eighth turn, not a squashed matrix average.
        let mid = Value.transform(.identity).interpolated(to: .transform(.rotation(.pi / 2, 0, 0, 1)), 0.5)
        #expect(close(mid.transform!, .rotation(.pi / 4, 0, 0, 1), 1e-9))
        // Scale and translation interpolate linearly.
        let s = Value.transform(.scale(1, 0.1).concatenating(.translation(0, 20)))
            .interpolated(to: .transform(.identity), 0.25)
        #expect(close(s.transform!, .scale(1, 0.325).concatenating(.translation(0, 15)), 1e-9))
    }

    @Test func quaternionEulerRoundTrip() {
        let q = Quaternion.euler(x: 0.3, y: -0.2, z: 1.1)
        let e = q.eulerAngles
        #expect(close(e.x, 0.3) && close(e.y, -0.2) && close(e.z, 1.1))
        let m = Transform3D.rotation(0.3, 1, 0, 0).concatenating(.rotation(-0.2, 0, 1, 0)).concatenating(.rotation(1.1, 0, 0, 1))
        #expect(close(Transform3D.rotation(q), m, 1e-12))
    }
}
