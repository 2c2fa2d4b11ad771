// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import QuartzCore
import Testing

/// Explicit animations as Apple's CAAnimation, CALayer `add(_:forKey:)` and
/// CAMediaTiming pages describe them, read back from the engine.
extension Facade {
    @Suite struct ExplicitAnimationTests {
        /// A layer made at t = 0 (with `setUp` applied), committed; the clock then moved to `later`.
        func layerAt(_ later: Double, setUp: (CALayer) -> Void = { _ in }) throws -> (FacadeStage, CALayer) {
            let k = try FacadeStage()
            var layer: CALayer!
            try k.call { root in
                layer = CALayer()
                setUp(layer)
                root.addSublayer(layer)
            }
            try k.advance(to: later)
            return (k, layer)
        }

        @Test func aBeginTimeOfZeroIsTheLayersTimeWhenTheCallCommits() throws {
            // Layer time = (parent − beginTime) × speed + timeOffset = (1 − 0) × 1 + 5 at t = 1.
            let (k, layer) = try layerAt(1) { $0.timeOffset = 5 }
            try k.call { _ in
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0
                a.duration = 2
                layer.add(a, forKey: "fade")
            }
            #expect(k.layers[0].animation(forKey: "fade")?.timing.beginTime == 6)
        }

        @Test func anAbsoluteBeginTimeWithFillBackwardsShowsTheFromValueBeforeIt() throws {
            let (k, layer) = try layerAt(1)
            try k.call { _ in
                let a = CABasicAnimation(keyPath: "position.x")
                a.fromValue = 100
                a.toValue = 200
                a.duration = 1
                a.beginTime = CACurrentMediaTime() + 0.5
                a.fillMode = .backwards
                layer.add(a, forKey: "slide")
            }
            let l = k.layers[0]
            #expect(l.animation(forKey: "slide")?.timing.beginTime == 1.5)
            #expect(l.animation(forKey: "slide")?.timing.fillMode == .backwards)
            #expect(try k.presented(l, at: 1.2).point(.position).x == 100)
            #expect(try k.presented(l, at: 2).point(.position).x == 150)  // linear: half way at half time
            #expect(try k.presented(l, at: 2.6).point(.position).x == 0)  // removed: the model again
        }

        @Test func animationForKeyIsTheAddedCopyUntilRemoved() throws {
            let (k, layer) = try layerAt(0.5)
            let original = CABasicAnimation(keyPath: "opacity")
            original.fromValue = 0
            original.duration = 2
            var copyInCall: CAAnimation?
            var keysInCall: [String]?
            try k.call { _ in
                layer.add(original, forKey: "fade")
                copyInCall = layer.animation(forKey: "fade")
                keysInCall = layer.animationKeys()
                original.duration = 9  // changing the original after adding changes nothing added
            }
            let copy = try #require(copyInCall as? CABasicAnimation)
            #expect(copy !== original && copy.duration == 2 && copy.keyPath == "opacity")
            #expect(keysInCall == ["fade"])
            #expect(k.layers[0].animation(forKey: "fade")?.timing.duration == 2)
            try k.advance(to: 1)
            var later: CAAnimation?, afterRemoval: CAAnimation?, keysAfter: [String]? = ["?"]
            try k.call { _ in
                later = layer.animation(forKey: "fade")
                layer.removeAnimation(forKey: "fade")
                afterRemoval = layer.animation(forKey: "fade")
                keysAfter = layer.animationKeys()
            }
            #expect(later === copy)
            #expect(afterRemoval == nil && keysAfter == nil)
            #expect(k.layers[0].animations.isEmpty)
        }

        @Test func animationForKeyIsNilOnceAFinishedAnimationIsRemoved() throws {
            let (k, layer) = try layerAt(0)
            try k.call { _ in
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0
                a.duration = 0.5
                layer.add(a, forKey: "fade")
            }
            try k.advance(to: 1)
            var found: CAAnimation? = CAAnimation()
            try k.call { _ in found = layer.animation(forKey: "fade") }
            #expect(found == nil)
        }

        @Test func theDelegateHearsStartAndAFinishedStop() throws {
            let (k, layer) = try layerAt(0)
            let heard = HeardDelegate()
            var added: CAAnimation?
            try k.call { _ in
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0
                a.duration = 0.75
                a.delegate = heard
                layer.add(a, forKey: "fade")
                added = layer.animation(forKey: "fade")
            }
            try k.advance(to: 2)
            #expect(heard.started.count == 1 && heard.started.first === added)
            #expect(heard.stopped.count == 1)
            #expect(heard.stopped.first?.anim === added && heard.stopped.first?.finished == true && heard.stopped.first?.at == 0.75)
        }

        @Test func removingAnAnimationTellsTheDelegateItDidNotFinish() throws {
            let (k, layer) = try layerAt(0)
            let heard = HeardDelegate()
            try k.call { _ in
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0
                a.duration = 5
                a.delegate = heard
                layer.add(a, forKey: "fade")
            }
            try k.advance(to: 1)
            try k.call { _ in layer.removeAnimation(forKey: "fade") }
            try k.advance(to: 6)
            #expect(heard.stopped.map(\.finished) == [false] && heard.stopped.first?.at == 1)
        }

        @Test func addingUnderTheSameKeyReplacesAndStopsTheOldOne() throws {
            let (k, layer) = try layerAt(0)
            let first = HeardDelegate(), second = HeardDelegate()
            try k.call { _ in
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0
                a.duration = 5
                a.delegate = first
                layer.add(a, forKey: "fade")
            }
            try k.advance(to: 1)
            try k.call { _ in
                let b = CABasicAnimation(keyPath: "opacity")
                b.fromValue = 0.5
                b.duration = 1
                b.delegate = second
                layer.add(b, forKey: "fade")
            }
            #expect(first.stopped.map(\.finished) == [false])
            #expect(k.layers[0].animations.count == 1 && k.layers[0].animations[0].fromToBy?.from?.num == 0.5)
        }

        @Test func keyframeValuesAtKeyTimes() throws {
            let (k, layer) = try layerAt(0)
            try k.call { _ in
                let a = CAKeyframeAnimation(keyPath: "position.x")
                a.values = [0, 50, 80]
                a.keyTimes = [0, 0.25, 1]
                a.duration = 2
                layer.add(a, forKey: "walk")
            }
            let l = k.layers[0]
            // Linear between key times: at 0.5 s (progress 0.25) the second value; at 1.25 s half way from 50 to 80.
            #expect(try k.presented(l, at: 0.5).point(.position).x == 50)
            #expect(abs(try k.presented(l, at: 1.25).point(.position).x - 65) < 1e-9)
        }

        /// iOS code that writes `[a, b] as [AnyObject]` (Ramotion's animated-tab-bar does) boxes
        /// Swift numbers on Linux, where Foundation has no bridging of CGFloat to NSNumber; the
        /// boxed numbers still animate, and colours beside them still do not count as numbers.
        @Test func numbersBoxedAsAnyObjectAreNumbers() throws {
            let (k, layer) = try layerAt(0)
            let x0: CGFloat = 10, x1: CGFloat = 30
            try k.call { _ in
                let a = CAKeyframeAnimation(keyPath: "position.x")
                a.values = [x0, x1] as [AnyObject]
                a.duration = 1
                layer.add(a, forKey: "walk")
            }
            #expect(abs(try k.presented(k.layers[0], at: 0.5).point(.position).x - 20) < 1e-9)
        }

        @Test func aGroupsChildrenRunOnTheGroupsTimeLine() throws {
            let (k, layer) = try layerAt(0)
            try k.call { _ in
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.toValue = 1
                fade.duration = 1
                let move = CABasicAnimation(keyPath: "position.y")
                move.fromValue = 0
                move.toValue = 40
                move.duration = 1
                move.beginTime = 1
                let g = CAAnimationGroup()
                g.animations = [fade, move]
                g.duration = 2
                layer.add(g, forKey: "both")
            }
            let l = k.layers[0]
            guard case .group(let children) = try #require(l.animations.first).kind else { Issue.record("not a group"); return }
            #expect(children.count == 2)
            let p = try k.presented(l, at: 1.5)
            #expect(p.number(.opacity) == 1 && p.point(.position).y == 20)
        }

        @Test func aSpringByPerceptualDurationAndBounce() throws {
            // SwiftUI's Spring(duration:bounce:), which iOS 17's CASpringAnimation initialiser shares:
            // mass 1, stiffness (2π/d)², damping 4π(1 − bounce)/d.
            let d = 0.5, bounce = 0.2
            let spring = CASpringAnimation(perceptualDuration: d, bounce: CGFloat(bounce))
            #expect(abs(spring.perceptualDuration - d) < 1e-12 && abs(Double(spring.bounce) - bounce) < 1e-12)
            let (k, layer) = try layerAt(0)
            try k.call { _ in
                spring.keyPath = "position.y"
                spring.fromValue = 0
                spring.toValue = 100
                layer.add(spring, forKey: "drop")
            }
            let s = try #require(k.layers[0].animations.first?.spring)
            #expect(s.mass == 1)
            #expect(abs(s.stiffness - (2 * Double.pi / d) * (2 * Double.pi / d)) < 1e-9)
            #expect(abs(s.damping - 4 * Double.pi * (1 - bounce) / d) < 1e-9)
        }

        @Test func aNamedTimingFunctionPacesTheAnimation() throws {
            let (k, layer) = try layerAt(0)
            try k.call { _ in
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0
                a.toValue = 1
                a.duration = 1
                a.timingFunction = CAMediaTimingFunction(name: .easeOut)
                layer.add(a, forKey: "fade")
                let custom = CABasicAnimation(keyPath: "position.x")
                custom.fromValue = 0
                custom.toValue = 100
                custom.duration = 1
                custom.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, 0.9, 0.6, 0.1)
                layer.add(custom, forKey: "slide")
            }
            let l = k.layers[0]
            let p = try k.presented(l, at: 0.3)
            #expect(abs(p.number(.opacity) - bezierY(0, 0, 0.58, 1, atX: 0.3)) < 1e-4)
            let tf = try #require(l.animation(forKey: "slide")?.timingFunction)
            #expect(allClose([tf.x1, tf.y1, tf.x2, tf.y2], [0.3, 0.9, 0.6, 0.1], 1e-6))
            #expect(abs(p.point(.position).x - 100 * bezierY(0.3, 0.9, 0.6, 0.1, atX: 0.3)) < 1e-2)
        }

        @Test func maxFloatRepeatsAndAutoreverseReachTheEngine() throws {
            let (k, layer) = try layerAt(0)
            try k.call { _ in
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0
                a.duration = 1
                a.repeatCount = MAXFLOAT
                a.autoreverses = true
                layer.add(a, forKey: "pulse")
            }
            let t = try #require(k.layers[0].animations.first).timing
            #expect(t.repeatCount == Double(Float.greatestFiniteMagnitude) && t.autoreverses)
            // Autoreversing: at 1.5 s it is half way back (from 0 to the model's 1 and back).
            #expect(abs(try k.presented(k.layers[0], at: 1.5).number(.opacity) - 0.5) < 1e-9)
        }

        @Test func presentationInATimerReadsWhatIsOnScreen() throws {
            let (k, layer) = try layerAt(0)
            var seen: [(Double, Float, Float)] = []
            try k.call { _ in
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0
                a.toValue = 1
                a.duration = 2
                layer.add(a, forKey: "fade")
                CATransaction.setDisableActions(true)
                layer.opacity = 0.75  // the model changes; what is shown is the animation's
                SimulatedClock.main.asyncAfter(deadline: .now() + 0.5) {
                    seen.append((CACurrentMediaTime(), layer.presentation()!.opacity, layer.opacity))
                }
            }
            try k.advance(to: 1)
            #expect(seen.count == 1)
            #expect(seen.first?.0 == 0.5 && seen.first?.1 == 0.25 && seen.first?.2 == 0.75)
        }
    }
}
