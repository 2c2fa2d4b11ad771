// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import Testing
import UIKit

/// The layers that draw content (shape, text, gradient), the views built on
/// them, and events on the simulated clock.
extension Facade {
    @Suite struct ContentTests {
        @Test func aCommittedShapeLayersPathAndStrokeEndAnimateImplicitly() throws {
            // Apple marks path and strokeEnd animatable: the change shows between the old and the new shape.
            let k = try FacadeStage()
            var shape: CAShapeLayer!
            try k.call { root in
                shape = CAShapeLayer()
                shape.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
                root.addSublayer(shape)
            }
            try k.advance(to: 1)
            try k.call { _ in
                shape.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 30, height: 10)).cgPath
                shape.strokeEnd = 0.5
            }
            let l = k.layers[0]
            #expect(Set(l.animationKeys) == ["path", "strokeEnd"])
            let mid = try k.presented(l, at: 1.125)
            let stroke = mid.number(.strokeEnd)
            #expect(stroke > 0.5 && stroke < 1)
            let width = try #require(mid[.path].pth?.points.map(\.x).max())
            // From the old rectangle (width 10) to the new (30), eased: between the two.
            #expect(width > 10 + 1e-6 && width < 30 - 1e-6)
            #expect(l.animation(forKey: "path")?.fromToBy?.from?.pth?.points.map(\.x).max() == 10)
            #expect(try k.presented(l, at: 2)[.path].pth?.points.map(\.x).max() == 30)
        }

        @Test func aCommittedLayersContentsAnimateFromTheOldImage() throws {
            // Apple marks contents animatable; the implicit action goes from the image shown before the change.
            let k = try FacadeStage()
            var layer: CALayer!
            var red: UIImage!, blue: UIImage!
            try k.call { root in
                red = UIImage.make(width: 1, height: 1, rgba: [255, 0, 0, 255])
                blue = UIImage.make(width: 2, height: 1, rgba: [0, 0, 255, 255, 0, 0, 255, 255])
                layer = CALayer()
                layer.contents = red.cgImage
                root.addSublayer(layer)
            }
            try k.advance(to: 1)
            try k.call { _ in layer.contents = blue.cgImage }
            let a = try #require(k.layers[0].animation(forKey: "contents"))
            guard case .image(let from)? = a.fromToBy?.from else { Issue.record("no old image: \(String(describing: a.fromToBy))"); return }
            #expect(from?.width == 1 && from?.pixels == [255, 0, 0, 255])
            guard case .image(let now) = k.layers[0][.contents] else { Issue.record("no contents"); return }
            #expect(now?.width == 2)
        }

        @Test func aLabelsTextFontColourAndAlignmentAreItsTextLayers() throws {
            let k = try FacadeStage()
            try k.call { root in
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
                label.text = "Hello"
                label.font = UIFont.boldSystemFont(ofSize: 22)
                label.textColor = .red
                label.textAlignment = .center
                root.addSublayer(label.layer)
            }
            let l = k.layers[0]
            #expect(l.kind == .text)
            #expect(l[.string] == .string("Hello") && l[.fontSize].num == 22)
            #expect(l[.foregroundColor].col == FXCore.Color(red: 1, green: 0, blue: 0))
            #expect(l[.alignmentMode] == .choice(FXCore.AlignmentMode.center))
        }

        @Test func gradientColoursAreCGColorsAndAUIColorIsRefusedWithAHint() throws {
            let k = try FacadeStage()
            try k.call { root in
                let g = CAGradientLayer()
                g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
                g.locations = [0, 0.75]
                root.addSublayer(g)
            }
            let g = k.layers[0]
            #expect(g[.colors] == .colors([FXCore.Color(red: 1, green: 0, blue: 0), FXCore.Color(red: 0, green: 0, blue: 1)]))
            #expect(g[.locations] == .numbers([0, 0.75]))
            do {
                try k.call { _ in
                    let a = CABasicAnimation(keyPath: "backgroundColor")
                    a.toValue = UIColor.red
                    CALayer().add(a, forKey: "c")
                }
                Issue.record("the call did not fail")
            } catch {
                #expect("\(error)".contains("pass its .cgColor"))
            }
        }

        @Test func aGradientListMixingColoursAndNumbersFailsNamingItsFirstKind() throws {
            // CAGradientLayer.colors takes CGColors only (Apple's page); a list that mixes in a number, first or
            // later, fails the call with one line naming the kind of the list's first element.
            for (list, first) in [([UIColor.red.cgColor, 0.5] as [Any], "CGColor"), ([0.5, UIColor.red.cgColor] as [Any], "Double")] {
                let k = try FacadeStage()
                do {
                    try k.call { root in
                        let g = CAGradientLayer()
                        root.addSublayer(g)
                        g.colors = list
                    }
                    Issue.record("the call did not fail")
                } catch {
                    #expect("\(error)".contains("CAGradientLayer.colors: an array of \(first) values; Core Animation takes numbers or CGColors here"))
                }
            }
        }

        @Test func anActivityIndicatorTurnsAndHidesWhenStopped() throws {
            // UIActivityIndicatorView: hidesWhenStopped (default true) hides the view whenever it is not animating.
            let k = try FacadeStage()
            var spinner: UIActivityIndicatorView!
            try k.call { root in
                spinner = UIActivityIndicatorView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                root.addSublayer(spinner.layer)
                spinner.startAnimating()
            }
            let l = k.layers[0]
            let turn = try #require(l.animation(forKey: "turn"))
            #expect(turn.timing.repeatCount == .infinity && turn.timing.duration == 1)
            #expect(l[.isHidden] == .bool(false))
            // A quarter of the turn at 0.25 s: the presented rotation is π/2 about z.
            let t = try k.presented(l, at: 0.25).transform(.transform)
            #expect(abs(t.m11) < 1e-9 && abs(t.m12 - 1) < 1e-9)
            try k.call { _ in spinner.stopAnimating() }
            #expect(l.animations.isEmpty)
            #expect(l[.isHidden] == .bool(true))
            try k.call { _ in spinner.startAnimating() }
            #expect(l[.isHidden] == .bool(false))
        }

        @Test func eventsAndTimersRunAsTransactionsOnTheSimulatedClock() throws {
            let k = try FacadeStage()
            var layer: CALayer!
            var heard: [String] = []
            try k.call { root in
                layer = CALayer()
                root.addSublayer(layer)
                SimulatedClock.main.on(event: "tap") {
                    heard.append("tap at \(CACurrentMediaTime())")
                    layer.opacity = 0  // a later call: the committed layer animates
                }
                SimulatedClock.main.async { heard.append("async at \(CACurrentMediaTime())") }
            }
            try k.stage.schedule(event: "tap", at: 0.75)
            try k.advance(to: 0.9)
            #expect(heard == ["async at 0.0", "tap at 0.75"])
            let a = try #require(k.layers[0].animation(forKey: "opacity"))
            #expect(a.timing.beginTime == 0.75 && a.timing.duration == 0.25)
        }
    }
}
