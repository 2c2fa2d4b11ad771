// SPDX-License-Identifier: MIT
import FXCore
@testable import FXHost
import Foundation
import QuartzCore
import Testing

/// A layer's geometry, time and tree as Apple's CALayer page describes them,
/// and misuse failing the plugin call with the host's message.
extension Facade {
    @Suite struct LayerTests {
        @Test func settingTheFrameSetsBoundsSizeAndPositionThroughTheAnchorPoint() throws {
            // Apple: frame is derived from bounds, anchorPoint and position; setting it sets position and bounds.size.
            let k = try FacadeStage()
            var frame = CGRect.null
            try k.call { root in
                let l = CALayer()
                root.addSublayer(l)
                l.bounds = CGRect(x: 7, y: 9, width: 1, height: 1)
                l.anchorPoint = CGPoint(x: 0.25, y: 0.5)
                l.frame = CGRect(x: 10, y: 20, width: 40, height: 60)
                frame = l.frame
            }
            let l = k.layers[0]
            #expect(l[.bounds].rct == FXCore.Rect(7, 9, 40, 60))  // the bounds origin stays
            #expect(l[.position].pt == FXCore.Point(10 + 0.25 * 40, 20 + 0.5 * 60))
            #expect(frame == CGRect(x: 10, y: 20, width: 40, height: 60))
        }

        @Test func theFrameFollowsPositionAndAnchorPoint() throws {
            let k = try FacadeStage()
            var frame = CGRect.null
            try k.call { root in
                let l = CALayer()
                root.addSublayer(l)
                l.bounds = CGRect(x: 0, y: 0, width: 30, height: 10)
                l.position = CGPoint(x: 100, y: 50)
                l.anchorPoint = CGPoint(x: 1, y: 0)
                frame = l.frame
            }
            #expect(frame == CGRect(x: 70, y: 50, width: 30, height: 10))
        }

        @Test func convertTimeThroughBeginTimeSpeedAndTimeOffset() throws {
            // Apple's CAMediaTiming: local = (parent − beginTime) × speed + timeOffset, layer by layer from the root.
            let k = try FacadeStage()
            var got: [Double] = []
            try k.call { root in
                let a = CALayer(), b = CALayer()
                root.addSublayer(a)
                a.addSublayer(b)
                a.beginTime = 2; a.speed = 2; a.timeOffset = 1
                b.speed = 0.5; b.timeOffset = 3
                got = [a.convertTime(10, from: nil), b.convertTime(10, from: nil), b.convertTime(17, from: a),
                       a.convertTime(11.5, from: b), b.convertTime(11.5, to: nil), a.convertTime(17, to: b),
                       a.convertTime(CACurrentMediaTime(), from: nil), b.convertTime(CACurrentMediaTime(), from: nil)]
            }
            let aLocal = { (t: Double) in (t - 2) * 2 + 1 }, bLocal = { (t: Double) in aLocal(t) * 0.5 + 3 }
            #expect(got == [aLocal(10), bLocal(10), bLocal(10), aLocal(10), 10, bLocal(10), aLocal(0), bLocal(0)])
            let a = k.layers[0]
            #expect(a.timing == LayerTiming(beginTime: 2, speed: 2, timeOffset: 1))
            #expect(a.sublayers[0].timing == LayerTiming(beginTime: 0, speed: 0.5, timeOffset: 3))
        }

        @Test func aLayerAddedToItselfFailsTheCallWithTheHostsMessage() throws {
            let k = try FacadeStage()
            do {
                try k.call { root in
                    let l = CALayer()
                    root.addSublayer(l)
                    l.addSublayer(l)
                }
                Issue.record("the call did not fail")
            } catch {
                #expect("\(error)".contains("it would contain itself"))
            }
            // The failure belonged to that call: the next one runs clean.
            try k.call { root in root.addSublayer(CALayer()) }
        }

        @Test func anUnknownKeyPathInAnAnimationFailsTheCall() throws {
            let k = try FacadeStage()
            do {
                try k.call { root in
                    let l = CALayer()
                    root.addSublayer(l)
                    let a = CABasicAnimation(keyPath: "opacty")
                    a.fromValue = 0
                    l.add(a, forKey: "typo")
                }
                Issue.record("the call did not fail")
            } catch {
                #expect("\(error)".contains("unknown key path 'opacty'"))
            }
        }

        @Test func aValueCoreAnimationCannotTakeFailsWithWhatToPass() throws {
            let k = try FacadeStage()
            do {
                try k.call { root in
                    let l = CALayer()
                    root.addSublayer(l)
                    let a = CABasicAnimation(keyPath: "backgroundColor")
                    a.toValue = NSObject()
                    l.add(a, forKey: "colour")
                }
                Issue.record("the call did not fail")
            } catch {
                #expect("\(error)".contains("CABasicAnimation(keyPath: \"backgroundColor\").toValue"))
            }
        }

        @Test func theTreeOrderIsTheHosts() throws {
            let k = try FacadeStage()
            var parents: [Bool] = []
            try k.call { root in
                let a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
                a.opacity = 0.1; b.opacity = 0.2; c.opacity = 0.3; d.opacity = 0.4
                root.addSublayer(a)
                root.addSublayer(b)
                root.insertSublayer(c, at: 0)
                root.insertSublayer(d, above: c)
                b.removeFromSuperlayer()
                a.addSublayer(c)  // moves c out of root
                parents = [c.superlayer === a, b.superlayer == nil, root.sublayers?.count == 2]
            }
            #expect(parents == [true, true, true])
            let order = k.layers.map { $0[.opacity].num.map { (($0 * 10).rounded()) } }
            #expect(order == [4, 1])  // d, a
            #expect(k.layers[1].sublayers.map { ($0[.opacity].num! * 10).rounded() } == [3])
        }

        @Test func keyValueCodingReachesTheModelByKeyPath() throws {
            let k = try FacadeStage()
            var read: [Any?] = []
            try k.call { root in
                let l = CALayer()
                root.addSublayer(l)
                l.setValue(0.5, forKeyPath: "transform.scale.x")
                l.setValue(25, forKeyPath: "position.y")
                l.setValue("kept", forKey: "myOwnKey")
                read = [l.value(forKeyPath: "position.y"), l.value(forKey: "myOwnKey")]
            }
            let t = try #require(k.layers[0][.transform].xform)
            #expect(t.m11 == 0.5 && t.m22 == 1)
            #expect(k.layers[0][.position].pt?.y == 25)
            #expect(read[0] as? CGFloat == 25 && read[1] as? String == "kept")
        }

        @Test func geometryReadInACallFollowsEveryWriteBeforeIt() throws {
            // Apple's CALayer: frame.origin = position − anchorPoint × bounds.size; a key path write
            // (`bounds.size.width`, `position.x`, `transform.scale.x`) changes the property it names.
            // Each read below comes after a write that changes what it reads, in the same plugin call.
            let k = try FacadeStage()
            var frames: [CGRect] = [], bounds: [CGRect] = [], positions: [CGPoint] = [], scales: [CGFloat] = []
            try k.call { root in
                let l = CALayer()
                root.addSublayer(l)
                l.frame = CGRect(x: 10, y: 20, width: 40, height: 30)  // position (30, 35)
                frames.append(l.frame)
                l.setValue(60, forKeyPath: "bounds.size.width")
                bounds.append(l.bounds)
                frames.append(l.frame)  // (30 − 30, 35 − 15, 60, 30)
                l.anchorPoint = CGPoint(x: 0, y: 0)
                frames.append(l.frame)  // (30, 35, 60, 30)
                l.setValue(5, forKeyPath: "position.x")
                positions.append(l.position)
                l.transform = CATransform3DMakeScale(2, 2, 1)
                scales.append(l.transform.m11)
                l.setValue(3, forKeyPath: "transform.scale.x")
                scales.append(l.transform.m11)
                l.bounds = CGRect(x: 1, y: 2, width: 7, height: 8)
                bounds.append(l.bounds)
            }
            #expect(frames == [CGRect(x: 10, y: 20, width: 40, height: 30), CGRect(x: 0, y: 20, width: 60, height: 30),
                               CGRect(x: 30, y: 35, width: 60, height: 30)])
            #expect(bounds == [CGRect(x: 0, y: 0, width: 60, height: 30), CGRect(x: 1, y: 2, width: 7, height: 8)])
            #expect(positions == [CGPoint(x: 5, y: 35)])
            #expect(scales == [2, 3])
            #expect(k.layers[0][.bounds].rct == FXCore.Rect(1, 2, 7, 8))
        }

        @Test func aRefusedGeometryWriteLeavesTheValueReadBefore() throws {
            // The host refuses a bounds that is not finite; the layer still reads the bounds it had,
            // and the call fails with the host's message.
            let k = try FacadeStage()
            var after: CGRect?
            #expect(throws: (any Error).self) {
                try k.call { root in
                    let l = CALayer()
                    root.addSublayer(l)
                    l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                    _ = l.bounds
                    l.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
                    after = l.bounds
                }
            }
            #expect(after == CGRect(x: 0, y: 0, width: 10, height: 10))
        }

        @Test func boolValuesByKeyPathAndAsAnimationValues() throws {
            // setValue(_:forKeyPath:) and fromValue/toValue take a Bool for a Bool property (Apple boxes it as NSNumber).
            let k = try FacadeStage()
            try k.call { root in
                let l = CALayer()
                root.addSublayer(l)
                l.setValue(true, forKeyPath: "masksToBounds")
                let a = CABasicAnimation(keyPath: "hidden")
                a.fromValue = true
                a.toValue = false
                a.duration = 1
                l.add(a, forKey: "blink")
            }
            #expect(k.layers.first?[.masksToBounds] == .bool(true))
            let blink = try #require(k.layers.first?.animation(forKey: "blink")?.fromToBy)
            #expect(blink.from == .bool(true) && blink.to == .bool(false))
        }

        @Test func hidingACommittedStandaloneLayerDoesNotFailTheCall() throws {
            // hidden is animatable on CALayer; the implicit action's fromValue is the Bool shown before.
            let (k, _) = try FacadeStage.changedAtOne { $0.isHidden = true }
            #expect(k.layers[0][.isHidden] == .bool(true))
            #expect(k.layers[0].animation(forKey: "hidden")?.fromToBy?.from == .bool(false))
        }

        @Test func aTransformReachesTheModelEntryForEntry() throws {
            let k = try FacadeStage()
            var set = CATransform3DIdentity
            try k.call { root in
                let l = CALayer()
                root.addSublayer(l)
                var t = CATransform3DRotate(CATransform3DMakeTranslation(5, 7, 9), 0.4, 0, 1, 0)
                t.m34 = -1.0 / 500
                l.transform = t
                set = t
            }
            #expect(k.layers[0][.transform].xform?.entries == set.entries)
            #expect(set.m34 == -0.002 && set.m41 != 0)
        }
    }
}

/// Apple's recipes built on a layer's time and geometry.
extension Facade {
    @Suite struct LayerRecipeTests {
        @Test func pauseAndResumeAsTechnicalQA1673Does() throws {
            // QA1673 "How to pause the animation of a layer tree": pause with speed 0 and the current local time
            // as timeOffset; resume with speed 1 and beginTime = (local time now) − (time paused at).
            let k = try FacadeStage()
            var layer: CALayer!
            try k.call { root in
                layer = CALayer()
                root.addSublayer(layer)
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 0
                a.toValue = 1
                a.duration = 2
                layer.add(a, forKey: "fade")
            }
            try k.advance(to: 0.5)
            try k.call { _ in
                let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
                layer.speed = 0
                layer.timeOffset = paused
            }
            let l = k.layers[0]
            #expect(try k.presented(l, at: 1.5).number(.opacity) == 0.25)
            try k.advance(to: 2)
            try k.call { _ in
                let paused = layer.timeOffset
                layer.speed = 1
                layer.timeOffset = 0
                layer.beginTime = 0
                layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
            }
            // 0.5 s of animation before the pause and 0.5 s after the resume: a quarter plus a quarter.
            #expect(abs(try k.presented(l, at: 2.5).number(.opacity) - 0.5) < 1e-9)
        }

        @Test func notRemovedOnCompletionHoldsTheEndAndStaysOnTheLayer() throws {
            let k = try FacadeStage()
            var layer: CALayer!
            try k.call { root in
                layer = CALayer()
                root.addSublayer(layer)
                let a = CABasicAnimation(keyPath: "position.x")
                a.fromValue = 0
                a.toValue = 40
                a.duration = 1
                a.fillMode = .forwards
                a.isRemovedOnCompletion = false
                layer.add(a, forKey: "slide")
            }
            #expect(try k.presented(k.layers[0], at: 3).point(.position).x == 40)
            var still: CAAnimation?
            try k.call { _ in still = layer.animation(forKey: "slide") }
            #expect((still as? CABasicAnimation)?.toValue as? Int == 40)
        }

        @Test func convertingPointsThroughPositionAnchorBoundsOriginAndTransform() throws {
            // A point of the layer's bounds, relative to the anchor point, through the transform, then at the position.
            let k = try FacadeStage()
            var got: [CGPoint] = []
            try k.call { root in
                let l = CALayer()
                root.addSublayer(l)
                l.bounds = CGRect(x: 10, y: 10, width: 40, height: 20)
                l.position = CGPoint(x: 100, y: 50)
                got.append(l.convert(CGPoint(x: 10, y: 10), to: root))  // the bounds' top-left corner
                l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
                got.append(l.convert(CGPoint(x: 50, y: 30), to: root))  // bottom-right: (20, 10) from the anchor
                got.append(root.convert(CGPoint(x: 90, y: 70), to: l))
            }
            #expect(got[0] == CGPoint(x: 80, y: 40))
            // (20, 10) turned a quarter clockwise on screen is (−10, 20); at the position, (90, 70).
            #expect(abs(got[1].x - 90) < 1e-9 && abs(got[1].y - 70) < 1e-9)
            #expect(abs(got[2].x - 50) < 1e-9 && abs(got[2].y - 30) < 1e-9)
        }
    }
}
