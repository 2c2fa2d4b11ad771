// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import Testing
import UIKit

/// Apple's classes are Objective-C, so every member can be overridden; the facade's members that
/// iOS subclasses override are in the class bodies, open, and an override is what a write runs.
extension Facade {
    @Suite struct OverrideTests {
        /// A layer that logs its overridden setters and removal, passing each on to Core Animation's.
        final class Logging: CALayer {
            var log: [String] = []
            override var backgroundColor: CGColor? {
                get { super.backgroundColor }
                set { log.append("backgroundColor"); super.backgroundColor = newValue }
            }
            override var opacity: Float {
                didSet { log.append("opacity \(opacity)") }
            }
            override var cornerRadius: CGFloat {
                get { super.cornerRadius }
                set { log.append("cornerRadius"); super.cornerRadius = newValue * 2 }  // the override decides
            }
            override func removeFromSuperlayer() {
                log.append("removeFromSuperlayer")
                super.removeFromSuperlayer()
            }
            override func display() { log.append("display") }
        }

        /// An animation that always repeats three times, whatever is set.
        final class Thrice: CABasicAnimation {
            override var repeatCount: Float {
                get { 3 }
                set {}
            }
        }

        @Test func overriddenSettersAreWhatWritesRun() throws {
            let k = try FacadeStage()
            nonisolated(unsafe) var layer: Logging!
            try k.call { root in
                layer = Logging()
                root.addSublayer(layer)
                layer.backgroundColor = UIColor.red.cgColor
                layer.opacity = 0.5
                layer.cornerRadius = 4
            }
            #expect(layer.log == ["backgroundColor", "opacity 0.5", "cornerRadius"])
            let l = k.layers[0]
            #expect(l[.backgroundColor].col == FXCore.Color(red: 1, green: 0, blue: 0, alpha: 1))
            #expect(l[.opacity].num == 0.5)
            #expect(l[.cornerRadius].num == 8)  // the override doubled it
            try k.call { _ in
                #expect(near(layer.cornerRadius, 8))  // read through the override's getter (the host is read in a call)
                layer.display()
                layer.removeFromSuperlayer()
            }
            #expect(layer.log.suffix(2) == ["display", "removeFromSuperlayer"])
            #expect(k.layers.isEmpty && layer.superlayer == nil)
        }

        /// A shape layer that draws at most half its path, whatever is set, and a view that counts its tags.
        final class HalfShape: CAShapeLayer {
            override var strokeEnd: CGFloat {
                get { super.strokeEnd }
                set { super.strokeEnd = min(newValue, 0.5) }
            }
        }
        final class Tagged: UIView {
            var tags = 0
            override var tag: Int { didSet { tags += 1 } }
        }

        @Test func subclassesOfTheOtherClassesOverrideTheirPropertiesToo() throws {
            let k = try FacadeStage()
            nonisolated(unsafe) var view: Tagged!
            try k.call { root in
                let shape = HalfShape()
                root.addSublayer(shape)
                shape.strokeEnd = 0.8
                view = Tagged(frame: .zero)
                view.tag = 7
            }
            #expect(k.layers[0][.strokeEnd].num == 0.5)
            #expect(view.tags == 1 && view.tag == 7)
        }

        @Test func anOverriddenAnimationPropertyIsWhatTheEngineGets() throws {
            let k = try FacadeStage()
            try k.call { root in
                let l = CALayer()
                root.addSublayer(l)
                let a = Thrice(keyPath: "opacity")
                a.fromValue = 1
                a.toValue = 0
                a.duration = 0.5
                a.repeatCount = 1
                l.add(a, forKey: "blink")
            }
            // Three repeats of 0.5 s: active 1.5 s, as the override says.
            #expect(k.layers[0].animations.first?.timing.repeatCount == 3)
            #expect(k.layers[0].animations.first?.timing.activeDuration == 1.5)
        }
    }
}
