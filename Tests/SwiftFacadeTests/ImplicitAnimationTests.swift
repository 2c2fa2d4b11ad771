// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import QuartzCore
import Testing
import UIKit

/// Implicit animations and CATransaction, as Apple's CALayer `action(forKey:)`
/// and CATransaction pages describe them: a change to a committed standalone
/// layer animates for 0.25 s from the value shown before; a view's layer and
/// a transaction with actions disabled change at once.
extension Facade {
    @Suite struct ImplicitAnimationTests {
        @Test func aCommittedLayerAnimatesFromTheOldValueForAQuarterSecond() throws {
            let (k, layer) = try FacadeStage.changedAtOne { $0.opacity = 0.2 }
            #expect(layer[.opacity].num == 0.2)
            #expect(layer.animationKeys == ["opacity"])
            let a = try #require(layer.animations.first)
            #expect(a.keyName == "opacity" && a.fromToBy?.from?.num == 1)
            #expect(a.timing.duration == 0.25 && a.timing.beginTime == 1)
            #expect(try k.presented(layer, at: 1).number(.opacity) == 1)
            let mid = try k.presented(layer, at: 1.125).number(.opacity)
            #expect(mid < 0.99 && mid > 0.21)
            #expect(try k.presented(layer, at: 1.3).number(.opacity) == 0.2)
        }

        @Test func aLayerChangedInTheCallThatMadeItDoesNotAnimate() throws {
            let k = try FacadeStage()
            try k.call { root in
                let layer = CALayer()
                root.addSublayer(layer)
                layer.opacity = 0.5
                layer.position = CGPoint(x: 30, y: 40)
            }
            #expect(k.layers[0].animations.isEmpty)
            #expect(k.layers[0][.opacity].num == 0.5 && k.layers[0][.position].pt == FXCore.Point(30, 40))
        }

        @Test func aViewsLayerDoesNotAnimateOutsideAnAnimationBlock() throws {
            let k = try FacadeStage()
            var view: UIView!
            try k.call { root in
                view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                root.addSublayer(view.layer)
            }
            try k.advance(to: 1)
            try k.call { _ in
                view.alpha = 0.3
                view.layer.position = CGPoint(x: 50, y: 50)
            }
            #expect(k.layers[0].animations.isEmpty)
            #expect(k.layers[0][.opacity].num.map { abs($0 - 0.3) < 1e-6 } == true)
            #expect(k.layers[0][.position].pt == FXCore.Point(50, 50))
        }

        @Test func disableActionsChangesAtOnce() throws {
            let (_, layer) = try FacadeStage.changedAtOne { l in
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                l.opacity = 0
                CATransaction.commit()
            }
            #expect(layer.animations.isEmpty && layer[.opacity].num == 0)
        }

        @Test func theTransactionsDurationAndTimingFunction() throws {
            let (_, layer) = try FacadeStage.changedAtOne { l in
                CATransaction.begin()
                CATransaction.setAnimationDuration(2)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
                l.position = CGPoint(x: 40, y: 10)
                CATransaction.commit()
            }
            let a = try #require(layer.animations.first)
            #expect(a.keyName == "position" && a.timing.duration == 2)
            let f = try #require(a.timingFunction)
            #expect([f.x1, f.y1, f.x2, f.y2] == [0.42, 0, 1, 1])
            #expect(a.fromToBy?.from?.pt == FXCore.Point(0, 0))
        }

        @Test func aNestedTransactionStartsWithItsParentsSettingsAndTheOuterOneIsRestored() throws {
            let k = try FacadeStage()
            var a: CALayer!, b: CALayer!, c: CALayer!
            try k.call { root in
                a = CALayer(); b = CALayer(); c = CALayer()
                root.addSublayer(a); root.addSublayer(b); root.addSublayer(c)
            }
            try k.advance(to: 1)
            try k.call { _ in
                CATransaction.begin()
                CATransaction.setAnimationDuration(1.5)
                CATransaction.begin()
                a.opacity = 0  // inherits 1.5
                CATransaction.setAnimationDuration(0.5)
                b.opacity = 0  // the inner setting
                CATransaction.commit()
                c.opacity = 0  // the outer one again
                CATransaction.commit()
            }
            #expect(k.layers.map { $0.animations.first?.timing.duration } == [1.5, 0.5, 1.5])
        }

        @Test func nullInActionsTurnsOffOneKeyOnly() throws {
            let (_, layer) = try FacadeStage.changedAtOne { l in
                l.actions = ["opacity": NSNull()]
                l.opacity = 0.1
                l.cornerRadius = 4
            }
            #expect(layer.animationKeys == ["cornerRadius"])
        }

        final class SlowDelegate: NSObject, CALayerDelegate {
            func action(for layer: CALayer, forKey event: String) -> CAAction? {
                let a = CABasicAnimation(keyPath: event)
                a.duration = 3
                return a
            }
        }

        @Test func theDelegatesActionComesFirst() throws {
            let delegate = SlowDelegate()
            let (_, layer) = try FacadeStage.changedAtOne { l in
                l.delegate = delegate
                l.actions = ["opacity": NSNull()]  // the delegate is asked before the dictionary
                l.opacity = 0.4
            }
            let a = try #require(layer.animations.first)
            #expect(a.timing.duration == 3 && a.fromToBy?.from?.num == 1)
        }

        @Test func theCompletionBlockRunsWhenTheAnimationsHaveStopped() throws {
            var ranAt: [Double] = []
            let (k, _) = try FacadeStage.changedAtOne { l in
                CATransaction.begin()
                CATransaction.setAnimationDuration(0.5)
                CATransaction.setCompletionBlock { ranAt.append(CACurrentMediaTime()) }
                l.opacity = 0
                CATransaction.commit()
            }
            try k.advance(to: 1.4)
            #expect(ranAt.isEmpty)
            try k.advance(to: 2)
            #expect(ranAt == [1.5])
        }

        @Test func aCompletionBlockWithNothingToWaitForStillRunsAtThatTime() throws {
            var ranAt: [Double] = []
            let (k, _) = try FacadeStage.changedAtOne { l in
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                CATransaction.setCompletionBlock { ranAt.append(CACurrentMediaTime()) }
                l.opacity = 0
                CATransaction.commit()
            }
            try k.advance(to: 1)
            #expect(ranAt == [1])
        }
    }
}
