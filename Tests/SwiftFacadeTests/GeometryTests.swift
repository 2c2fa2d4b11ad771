// SPDX-License-Identifier: MIT
import CoreGraphics
import Foundation
import QuartzCore
import Testing

/// CGAffineTransform and CATransform3D against the matrices of Apple's
/// references: a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty);
/// CATransform3D uses row vectors (translation in m41…m43), and
/// CATransform3DTranslate/Scale/Rotate(t, …) apply their own step first, then t.
extension Facade {
    @Suite struct AffineTransformTests {
        @Test func rotationByAQuarterTurnMapsXOntoY() {
            // Apple: rotationAngle builds [cos sin −sin cos 0 0]; with y down that turns clockwise on screen.
            let t = CGAffineTransform(rotationAngle: .pi / 2)
            let p = CGPoint(x: 1, y: 0).applying(t)
            #expect(near(p.x, 0, 1e-12) && near(p.y, 1, 1e-12))
            #expect(near(t.a, 0, 1e-12) && t.b == 1 && t.c == -1 && near(t.d, 0, 1e-12))
        }

        @Test func concatenatingAppliesTheReceiverFirst() {
            // t1.concatenating(t2) = t1 · t2 with row vectors: t1 first, then t2.
            let t = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 3))
            let p = CGPoint(x: 1, y: 1).applying(t)
            #expect(p == CGPoint(x: 22, y: 3))
        }

        @Test func translatedScaledRotatedPutTheNewStepFirst() {
            // CGAffineTransformTranslate(t, tx, ty) = translate · t: the point is moved, then t applies.
            let s = CGAffineTransform(scaleX: 2, y: 2)
            #expect(CGPoint.zero.applying(s.translatedBy(x: 10, y: 5)) == CGPoint(x: 20, y: 10))
            let r = CGAffineTransform(translationX: 100, y: 0).rotated(by: .pi / 2)
            let p = CGPoint(x: 1, y: 0).applying(r)  // rotate (1,0) → (0,1), then translate
            #expect(near(p.x, 100, 1e-12) && near(p.y, 1, 1e-12))
            let q = CGPoint(x: 1, y: 1).applying(CGAffineTransform(translationX: 4, y: 0).scaledBy(x: 3, y: 5))
            #expect(q == CGPoint(x: 7, y: 5))
        }

        @Test func invertedUndoesAndASingularTransformComesBackUnchanged() {
            let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 7, ty: -4)
            let back = CGPoint(x: 5, y: 9).applying(t).applying(t.inverted())
            #expect(near(back.x, 5, 1e-12) && near(back.y, 9, 1e-12))
            // Apple: "If the affine transform passed in parameter t cannot be inverted, the affine transform is returned unchanged."
            let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 3, ty: 3)
            #expect(singular.inverted() == singular)
        }

        @Test func rectAndSizeThroughATransform() {
            // A rect's image is the smallest rect holding its transformed corners.
            let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
            #expect(near(r.minX, -20, 1e-9) && near(r.minY, 0, 1e-9) && near(r.width, 20, 1e-9) && near(r.height, 10, 1e-9))
            // A size has no position: translation does not apply.
            let s = CGSize(width: 3, height: 4).applying(CGAffineTransform(a: 2, b: 0, c: 1, d: 1, tx: 50, ty: 60))
            #expect(s == CGSize(width: 10, height: 4))
        }
    }

    @Suite struct Transform3DTests {
        @Test func makeRotationAboutZIsApplesMatrix() {
            let a = 0.3
            let t = CATransform3DMakeRotation(CGFloat(a), 0, 0, 1)
            let expected = [cos(a), sin(a), 0, 0, -sin(a), cos(a), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
            #expect(allClose(t.entries, expected, 1e-12))
        }

        @Test func translateScaleRotatePutTheirStepBeforeT() {
            let t = CATransform3DMakeScale(2, 3, 1)
            let translated = CATransform3DTranslate(t, 10, 20, 0)
            let translation = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 20, 0, 1]
            #expect(allClose(translated.entries, matrixProduct(translation, t.entries)))
            #expect(translated.m41 == 20 && translated.m42 == 60)
            let rotated = CATransform3DRotate(CATransform3DMakeTranslation(5, 0, 0), .pi / 2, 0, 0, 1)
            let rotation = [0.0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
            #expect(allClose(rotated.entries, matrixProduct(rotation, CATransform3DMakeTranslation(5, 0, 0).entries), 1e-12))
        }

        @Test func concatIsAThenB() {
            let a = CATransform3DMakeRotation(0.7, 1, 2, 3)
            var b = CATransform3DMakeTranslation(4, -5, 6)
            b.m34 = -1.0 / 500
            #expect(allClose(CATransform3DConcat(a, b).entries, matrixProduct(a.entries, b.entries), 1e-12))
        }

        @Test func invertAndItsSingularCase() {
            let t = CATransform3DConcat(CATransform3DMakeScale(2, 4, 8), CATransform3DMakeTranslation(1, 2, 3))
            let product = CATransform3DConcat(t, CATransform3DInvert(t))
            #expect(allClose(product.entries, CATransform3DIdentity.entries, 1e-12))
            // Apple: "If the matrix has no inverse, returns the original matrix."
            let singular = CATransform3DMakeScale(0, 1, 1)
            #expect(CATransform3DInvert(singular) == singular)
        }

        @Test func affineRoundTripAndIsAffine() {
            let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
            let t = CATransform3DMakeAffineTransform(m)
            #expect(t.entries == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
            #expect(CATransform3DIsAffine(t) && CATransform3DGetAffineTransform(t) == m)
            var p = t
            p.m34 = -0.002
            #expect(!CATransform3DIsAffine(p))
        }
    }
}
