// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import Testing
import UIKit

/// UIView's animation blocks as UIKit's documentation describes them: each
/// animatable change animates from the value before the block to the new
/// one, with the block's duration, delay and curve (ease-in-ease-out unless
/// an option says otherwise); the completion handler runs once they stop.
extension Facade {
    @Suite struct UIViewAnimationTests {
        /// A 20×20 view at the origin, made and committed at t = 0; the clock then moved to `later`.
        func viewAt(_ later: Double) throws -> (FacadeStage, UIView) {
            let k = try FacadeStage()
            var view: UIView!
            try k.call { root in
                view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                root.addSublayer(view.layer)
            }
            try k.advance(to: later)
            return (k, view)
        }

        /// The ease-in-ease-out curve (0.42, 0, 0.58, 1) at x.
        func easeInOut(_ x: Double) -> Double { bezierY(0.42, 0, 0.58, 1, atX: x) }

        @Test func theDefaultCurveIsEaseInEaseOutFromTheOldValue() throws {
            let (k, view) = try viewAt(1)
            try k.call { _ in UIView.animate(withDuration: 0.5) { view.alpha = 0 } }
            let l = k.layers[0]
            #expect(l[.opacity].num == 0)
            let a = try #require(l.animation(forKey: "opacity"))
            #expect(a.fromToBy?.from?.num == 1 && a.timing.duration == 0.5 && a.timing.beginTime == 1)
            let f = try #require(a.timingFunction)
            #expect([f.x1, f.y1, f.x2, f.y2] == [0.42, 0, 0.58, 1])
            // A quarter of the way in time, 1 − ease(0.25) of the way from 1 to 0.
            #expect(abs(try k.presented(l, at: 1.125).number(.opacity) - (1 - easeInOut(0.25))) < 1e-4)
            #expect(try k.presented(l, at: 2).number(.opacity) == 0)
        }

        @Test func aDelayStartsLaterAndFillsBackwards() throws {
            let (k, view) = try viewAt(1)
            try k.call { _ in
                UIView.animate(withDuration: 0.4, delay: 0.3, options: [], animations: { view.center = CGPoint(x: 110, y: 10) })
            }
            let l = k.layers[0]
            let a = try #require(l.animation(forKey: "position"))
            #expect(abs(a.timing.beginTime - 1.3) < 1e-12 && a.timing.fillMode == .backwards)
            #expect(a.fromToBy?.from?.pt == FXCore.Point(10, 10))
            // During the delay the old position shows, not the new model value.
            #expect(try k.presented(l, at: 1.1).point(.position) == FXCore.Point(10, 10))
            #expect(abs(try k.presented(l, at: 1.5).point(.position).x - 60) < 1e-9)  // half time: ease-in-out gives half
        }

        @Test func curveOptionsChooseTheTimingFunction() throws {
            let (k, view) = try viewAt(1)
            try k.call { _ in
                UIView.animate(withDuration: 1, delay: 0, options: [.curveEaseIn], animations: { view.alpha = 0.5 })
                UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.center = .zero })
                UIView.animate(withDuration: 1, delay: 0, options: [.curveEaseOut, .repeat, .autoreverse],
                               animations: { view.layer.cornerRadius = 3 })
            }
            let l = k.layers[0]
            let points = { (key: String) in l.animation(forKey: key)?.timingFunction.map { [$0.x1, $0.y1, $0.x2, $0.y2] } }
            #expect(points("opacity") == [0.42, 0, 1, 1])
            #expect(points("position") == [0, 0, 1, 1] || l.animation(forKey: "position")?.timingFunction == nil)
            #expect(points("cornerRadius") == [0, 0, 0.58, 1])
            let t = try #require(l.animation(forKey: "cornerRadius")).timing
            #expect(t.repeatCount == .infinity && t.autoreverses)
        }

        @Test func theSpringFormMakesASpringThatSettlesInTheDuration() throws {
            let (k, view) = try viewAt(1)
            try k.call { _ in
                UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 2,
                               options: [], animations: { view.center = CGPoint(x: 50, y: 10) })
            }
            let a = try #require(k.layers[0].animation(forKey: "position"))
            let s = try #require(a.spring)
            #expect(s.uiKitDampingRatio == 0.6 && s.initialVelocity == 2 && a.timing.duration == 0.8)
            #expect(a.fromToBy?.from?.pt == FXCore.Point(10, 10))
        }

        @Test func theCompletionRunsWithTrueWhenTheAnimationsEnd() throws {
            let (k, view) = try viewAt(1)
            var heard: [(Bool, Double)] = []
            try k.call { _ in
                UIView.animate(withDuration: 0.5, delay: 0.25, options: [], animations: {
                    view.alpha = 0
                    view.center = CGPoint(x: 30, y: 30)
                }, completion: { finished in heard.append((finished, CACurrentMediaTime())) })
            }
            try k.advance(to: 1.7)
            #expect(heard.isEmpty)
            try k.advance(to: 3)
            #expect(heard.count == 1 && heard.first?.0 == true && heard.first?.1 == 1.75)
        }

        @Test func theCompletionRunsWithFalseWhenAnAnimationIsRemoved() throws {
            let (k, view) = try viewAt(1)
            var heard: [Bool] = []
            try k.call { _ in
                UIView.animate(withDuration: 2, animations: { view.alpha = 0 }, completion: { heard.append($0) })
            }
            try k.advance(to: 1.5)
            try k.call { _ in view.layer.removeAllAnimations() }
            try k.advance(to: 4)
            #expect(heard == [false])
        }

        @Test func performWithoutAnimationInsideABlockChangesAtOnce() throws {
            let (k, view) = try viewAt(1)
            try k.call { _ in
                UIView.animate(withDuration: 1) {
                    view.alpha = 0.5
                    UIView.performWithoutAnimation { view.center = CGPoint(x: 70, y: 70) }
                }
            }
            #expect(k.layers[0].animationKeys == ["opacity"])
            #expect(k.layers[0][.position].pt == FXCore.Point(70, 70))
        }

        @Test func keyframeSegmentsOfDifferentPropertiesKeepTheirShareOfTheDuration() throws {
            let (k, view) = try viewAt(1)
            try k.call { _ in
                UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0 }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center = CGPoint(x: 90, y: 10) }
                })
            }
            let l = k.layers[0]
            let fade = try #require(l.animation(forKey: "opacity")), move = try #require(l.animation(forKey: "position"))
            // One key-frame animation per property over the whole block, as UIKit builds them.
            #expect(fade.timing.beginTime == 1 && fade.timing.duration == 2)
            #expect(move.timing.beginTime == 1 && move.timing.duration == 2)
            // Before its share starts a property shows its old value; after its share it holds the new one.
            // Linear key frames: a quarter of the block is half of alpha's share, so alpha is half way from 1 to 0.
            let early = try k.presented(l, at: 1.5)
            #expect(early.point(.position) == FXCore.Point(10, 10))
            #expect(near(early.number(.opacity), 0.5))
            let mid = try k.presented(l, at: 2.5)
            #expect(mid.number(.opacity) == 0 && mid.point(.position).x > 10 && mid.point(.position).x < 90)
            #expect(try k.presented(l, at: 4).point(.position) == FXCore.Point(90, 10))
        }

        @Test func keyframeSegmentsOfOnePropertyPassThroughEachValue() throws {
            // UIKit: the two blocks make alpha go 1 → 0.5 over the first second and 0.5 → 0 over the next;
            // the completion hears finished = true. Checked at the segment boundaries, where any curve agrees.
            let (k, view) = try viewAt(1)
            var finished: [Bool] = []
            try k.call { _ in
                UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0.5 }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0 }
                }, completion: { finished.append($0) })
            }
            let l = k.layers[0]
            let atStart = try k.presented(l, at: 1).number(.opacity)
            let inFirst = try k.presented(l, at: 1.5).number(.opacity)
            let atSecond = try k.presented(l, at: 2).number(.opacity)
            let inSecond = try k.presented(l, at: 2.5).number(.opacity)
            let atEnd = try k.presented(l, at: 3.5).number(.opacity)
            #expect(abs(atSecond - 0.5) < 1e-9 && atEnd == 0)
            #expect(atStart == 1)
            #expect(inFirst > 0.5 && inFirst < 1)
            #expect(near(inSecond, 0.25))
            #expect(finished == [true])
        }

        @Test func transitionAddsATransitionOfTheViewsLayer() throws {
            let (k, view) = try viewAt(1)
            try k.call { _ in
                UIView.transition(with: view, duration: 0.3, options: [.transitionCrossDissolve], animations: {
                    view.backgroundColor = .red
                })
                let other = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
                view.addSubview(other)
                UIView.transition(with: other, duration: 0.6, options: [.transitionFlipFromLeft], animations: nil)
            }
            let l = k.layers[0]
            #expect(l.animationKeys == ["transition"])
            let a = try #require(l.animation(forKey: "transition"))
            guard case .transition(let t) = a.kind else { Issue.record("not a transition"); return }
            #expect(t.type == .fade && a.timing.duration == 0.3)
            // The change inside the block is made at once: no colour animation of its own.
            #expect(l[.backgroundColor].col == FXCore.Color(red: 1, green: 0, blue: 0))
            guard case .transition(let flip) = try #require(l.sublayers.first?.animation(forKey: "transition")).kind else {
                Issue.record("no flip"); return
            }
            #expect(flip.type == .flip && flip.subtype == .fromLeft)
        }

        @Test func frameCenterAndTransformAreTheLayers() throws {
            let k = try FacadeStage()
            try k.call { root in
                let v = UIView(frame: CGRect(x: 10, y: 20, width: 40, height: 60))
                root.addSublayer(v.layer)
                v.transform = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
            }
            let l = k.layers[0]
            #expect(l[.bounds].rct == FXCore.Rect(0, 0, 40, 60))
            #expect(l[.position].pt == FXCore.Point(30, 50))  // the centre: the default anchor is (0.5, 0.5)
            #expect(l[.transform].xform?.entries == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        }
    }
}

/// What UIKit's documentation says of blocks beyond the basic form.
extension Facade {
    @Suite struct UIViewAnimationEdgeTests {
        func viewAt(_ later: Double) throws -> (FacadeStage, UIView) {
            try UIViewAnimationTests().viewAt(later)
        }

        @Test func aDurationOfZeroChangesWithoutAnimating() throws {
            // animate(withDuration:animations:): "If you specify a negative value or 0, the changes are made without animating them."
            let (k, view) = try viewAt(1)
            var finished: [Bool] = []
            try k.call { _ in UIView.animate(withDuration: 0, animations: { view.alpha = 0 }, completion: { finished.append($0) }) }
            let shown = try k.presented(k.layers[0], at: 1.1).number(.opacity)
            try k.advance(to: 2)
            #expect(finished == [true])
            #expect(shown == 0)
            #expect(k.layers[0].animationKeys.isEmpty)
        }

        @Test func aNestedBlockInheritsTheOuterDurationUnlessItOverridesIt() throws {
            // View Programming Guide, "Nesting Animation Blocks": by default nested animations inherit the parent's
            // duration and curve; UIView.AnimationOptions.overrideInheritedDuration keeps the nested block's own.
            let (k, view) = try viewAt(1)
            try k.call { _ in
                UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: {
                    view.alpha = 0
                    UIView.animate(withDuration: 0.5, delay: 0, options: [.overrideInheritedDuration, .overrideInheritedCurve],
                                   animations: { view.layer.cornerRadius = 8 })
                    UIView.animate(withDuration: 0.5) { view.center = .zero }
                })
            }
            let l = k.layers[0]
            #expect(l.animation(forKey: "opacity")?.timing.duration == 2)
            #expect(l.animation(forKey: "cornerRadius")?.timing.duration == 0.5)
            #expect(l.animation(forKey: "position")?.timing.duration == 2)
            // The curve too: the inner block without .overrideInheritedCurve is linear like the outer one
            // (a linear curve is (0, 0, 1, 1) or none); the one that overrides it has UIKit's default ease-in-ease-out.
            let inherited = l.animation(forKey: "position")?.timingFunction.map { [$0.x1, $0.y1, $0.x2, $0.y2] }
            #expect(inherited == nil || inherited == [0, 0, 1, 1])
            let own = try #require(l.animation(forKey: "cornerRadius")?.timingFunction)
            #expect([own.x1, own.y1, own.x2, own.y2] == [0.42, 0, 0.58, 1])
        }

        @Test func hiddenIsNotAnimatedByABlock() throws {
            // UIView's animatable properties are frame, bounds, center, transform, alpha and backgroundColor
            // (UIView, "Animations"): hiding a view inside a block hides it at once.
            let (k, view) = try viewAt(1)
            try k.call { _ in UIView.animate(withDuration: 1) { view.isHidden = true } }
            let p = try k.presented(k.layers[0], at: 1.1)
            #expect(p.bool(.isHidden))
            #expect(k.layers[0].animationKeys.isEmpty)
        }

        @Test func beginFromCurrentStateStartsFromWhatIsShown() throws {
            let (k, view) = try viewAt(1)
            try k.call { _ in
                UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.center = CGPoint(x: 110, y: 10) })
            }
            try k.advance(to: 1.5)
            try k.call { _ in
                UIView.animate(withDuration: 1, delay: 0, options: [.beginFromCurrentState], animations: { view.center = CGPoint(x: 0, y: 10) })
            }
            // Half way through the linear move from x = 10 to 110, the view shows x = 60: the new animation starts there.
            let a = try #require(k.layers[0].animation(forKey: "position"))
            #expect(a.fromToBy?.from?.pt == FXCore.Point(60, 10))
        }
    }
}
