// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import Testing
import UIKit

/// Members the Swift corpus's sources waited for (docs/SWIFT-CORPUS.md), each with Apple's documented behaviour.
extension Facade {
    @Suite struct CorpusMemberTests {
        @Test func theDisableActionsKeyTurnsImplicitAnimationsOff() throws {
            // kCATransactionDisableActions with kCFBooleanTrue is setDisableActions(true): no implicit animation.
            let (_, off) = try FacadeStage.changedAtOne { l in
                CATransaction.begin()
                CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)
                #expect(CATransaction.disableActions())
                #expect((CATransaction.value(forKey: kCATransactionDisableActions) as? NSNumber)?.boolValue == true)
                l.opacity = 0
                CATransaction.commit()
            }
            #expect(off.animations.isEmpty && off[.opacity].num == 0)
            // kCFBooleanFalse leaves the quarter-second implicit animation on.
            let (_, on) = try FacadeStage.changedAtOne { l in
                CATransaction.begin()
                CATransaction.setValue(kCFBooleanFalse, forKey: kCATransactionDisableActions)
                l.opacity = 0
                CATransaction.commit()
            }
            #expect(on.animationKeys == ["opacity"])
        }

        @Test func theDurationAndTimingKeysSetWhatTheirMethodsSet() throws {
            let (_, layer) = try FacadeStage.changedAtOne { l in
                CATransaction.begin()
                CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
                CATransaction.setValue(CAMediaTimingFunction(name: .easeIn), forKey: kCATransactionAnimationTimingFunction)
                #expect(CATransaction.animationDuration() == 2)
                l.opacity = 0
                CATransaction.commit()
            }
            let a = try #require(layer.animations.first)
            #expect(a.timing.duration == 2)
        }

        @Test func otherKeysAreKeptPerTransactionAndReadFromTheInnermostThatSetOne() throws {
            let k = try FacadeStage()
            try k.call { _ in
                CATransaction.begin()
                CATransaction.setValue("outer", forKey: "myKey")
                CATransaction.begin()
                #expect(CATransaction.value(forKey: "myKey") as? String == "outer")
                CATransaction.setValue("inner", forKey: "myKey")
                #expect(CATransaction.value(forKey: "myKey") as? String == "inner")
                CATransaction.commit()
                #expect(CATransaction.value(forKey: "myKey") as? String == "outer")
                CATransaction.setValue(nil, forKey: "myKey")
                #expect(CATransaction.value(forKey: "myKey") == nil)
                CATransaction.commit()
            }
            // Apple's key strings.
            #expect(kCATransactionDisableActions == "disableActions" && kCATransactionAnimationDuration == "animationDuration")
        }

        @Test func aGradientOfUIColorsDrawsNothingAndKeepsWhatItWasGiven() throws {
            // iOS draws CGColors only; UIColor objects (not CGColors) give no gradient, and the call does not fail.
            let k = try FacadeStage()
            var g: CAGradientLayer!
            try k.call { root in
                g = CAGradientLayer()
                g.colors = [UIColor.red, UIColor.blue]
                root.addSublayer(g)
                #expect(g.colors?.count == 2 && g.colors?.first is UIColor)
            }
            #expect(k.layers[0][.colors] == .colors([]))
            // Given CGColors later (the library's own update), it draws them.
            try k.call { _ in g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor] }
            #expect(k.layers[0][.colors] == .colors([FXCore.Color(red: 1, green: 0, blue: 0), FXCore.Color(red: 0, green: 0, blue: 1)]))
            // nil clears them (Apple: the default is nil).
            try k.call { _ in g.colors = nil; #expect(g.colors == nil) }
            #expect(k.layers[0][.colors] == .colors([]))
        }

        @Test func contentScaleFactorIsTheLayersContentsScale() throws {
            // Apple: changing contentScaleFactor changes the layer's contentsScale.
            let k = try FacadeStage()
            try k.call { _ in
                let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                #expect(v.contentScaleFactor == 1)
                v.contentScaleFactor = 3
                #expect(v.layer.contentsScale == 3)
                v.layer.contentsScale = 2
                #expect(v.contentScaleFactor == 2)
            }
        }

        @Test func aNamedImageWithATraitCollectionIsTheNamedImage() throws {
            let k = try FacadeStage()
            try k.call { _ in
                let dot = try #require(UIImage.make(width: 1, height: 1, rgba: [255, 0, 0, 255]))
                UIImage.register(dot, named: "corpus-dot")
                let found = UIImage(named: "corpus-dot", in: nil, compatibleWith: nil)
                #expect(found?.size == CGSize(width: 1, height: 1))
                #expect(UIImage(named: "corpus-dot", in: nil, compatibleWith: UITraitCollection(displayScale: 2)) != nil)
                #expect(UIImage(named: "no-such-image-here", in: nil, compatibleWith: nil) == nil)
            }
        }

        @Test func aLabelTruncatesItsTailByDefault() throws {
            // Apple: lineBreakMode's default is NSLineBreakMode.byTruncatingTail (raw value 4).
            let k = try FacadeStage()
            try k.call { _ in
                let label = UILabel(frame: .zero)
                #expect(label.lineBreakMode == .byTruncatingTail && label.lineBreakMode.rawValue == 4)
                label.lineBreakMode = .byWordWrapping
                #expect(label.lineBreakMode.rawValue == 0)
            }
        }
    }
}
