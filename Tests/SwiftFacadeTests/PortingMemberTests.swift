// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import Testing
import UIKit

/// Members that public iOS code overrides or names, with the behaviour Apple documents for them.
extension Facade {
    @Suite struct PortingMemberTests {
        /// A layer that counts its layouts and lays its one sublayer out inset by 2 points.
        final class Insetting: CALayer {
            let inner = CALayer()
            var layouts = 0
            var boundsSet = 0
            override init() {
                super.init()
                addSublayer(inner)
            }
            override init(layer: Any) { super.init(layer: layer) }
            required init?(coder: NSCoder) { super.init(coder: coder) }
            override func layoutSublayers() {
                super.layoutSublayers()
                layouts += 1
                inner.frame = bounds.insetBy(dx: 2, dy: 2)
            }
            override var bounds: CGRect {
                didSet { boundsSet += 1 }
            }
        }

        @Test func aLayerMarkedForLayoutIsLaidOutBeforeTheCommit() throws {
            // CALayer: setNeedsLayout marks the layer, and layoutSublayers runs in the next update (before the
            // transaction commits); a change of the bounds' size marks it. What layout sets is what is committed.
            let k = try FacadeStage()
            var layer: Insetting!
            try k.call { root in
                layer = Insetting()
                root.addSublayer(layer)
                layer.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
            }
            #expect(layer.layouts == 1)
            // Setting frame goes through bounds (an override of bounds hears it), as Core Animation's frame does.
            #expect(layer.boundsSet == 1)
            #expect(k.layers[0].sublayers.first?[.bounds].rct == FXCore.Rect(0, 0, 16, 6))
            #expect(k.layers[0].sublayers.first?[.position].pt == FXCore.Point(10, 5))
            try k.call { _ in layer.position = CGPoint(x: 50, y: 50) }
            #expect(layer.layouts == 1)  // a move is not a change of size
            try k.call { _ in
                layer.setNeedsLayout()
                #expect(layer.needsLayout())
                layer.layoutIfNeeded()
                #expect(layer.layouts == 2 && !layer.needsLayout())
            }
            #expect(layer.layouts == 2)  // laid out once: nothing was marked at the commit
        }

        /// A view whose layer is a subclass of the test's own, as ShimmerSwift's view does.
        final class Tinted: UIView {
            final class TintLayer: CALayer {
                var tint = "red"
            }
            override class var layerClass: AnyClass { TintLayer.self }
        }

        final class NotALayer: UIView {
            override class var layerClass: AnyClass { NSObject.self }
        }

        @Test func layerClassMakesTheViewsLayerOfThatClass() throws {
            let k = try FacadeStage()
            try k.call { root in
                let view = Tinted(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                root.addSublayer(view.layer)
                let made = try #require(view.layer as? Tinted.TintLayer)
                #expect(made.tint == "red" && made.delegate === view)
                #expect(UILabel().layer is CATextLayer)
            }
            #expect(k.layers[0][.bounds].rct == FXCore.Rect(0, 0, 10, 10))
            do {
                try k.call { _ in _ = NotALayer(frame: .zero) }
                Issue.record("the call did not fail")
            } catch {
                #expect("\(error)".contains("NSObject is not a subclass of CALayer"))
            }
        }

        @Test func preSwift42NamesAreTheTypedConstants() throws {
            // Swift 4.1's kCA… constants name the same choices as Swift 4.2's typed ones.
            let k = try FacadeStage()
            try k.call { root in
                let l = CALayer()
                root.addSublayer(l)
                let a = CAKeyframeAnimation(keyPath: "position")
                a.values = [CGPoint.zero, CGPoint(x: 10, y: 0)]
                a.calculationMode = kCAAnimationDiscrete
                a.fillMode = kCAFillModeForwards
                a.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseOut)
                a.duration = 1
                a.repeatCount = HUGE
                l.add(a, forKey: "move")
            }
            let a = try #require(k.layers[0].animation(forKey: "move"))
            let f = try #require(a.timingFunction)
            #expect([f.x1, f.y1, f.x2, f.y2] == [0, 0, 0.58, 1])
            #expect(a.timing.fillMode == .forwards)
            // Darwin's HUGE is MAXFLOAT, a Float: "repeat forever" in practice.
            #expect(HUGE == Float.greatestFiniteMagnitude && a.timing.repeatCount == Double(Float.greatestFiniteMagnitude))
            #expect(kCAAnimationDiscrete == .discrete && kCAAnimationRotateAuto == .rotateAuto && kCALineCapRound == .round && kCATransitionFromLeft == .fromLeft)
        }

        /// A label that keeps what it was given, as CLTypingLabel overrides `text`.
        final class Keeping: UILabel {
            var given: [String] = []
            override var text: String! {
                get { super.text }
                set { given.append(newValue ?? "nil"); super.text = newValue }
            }
        }

        final class Framed: UIView {
            var frames: [CGRect] = []
            var removed = 0
            var awoke = false
            override var frame: CGRect { didSet { frames.append(frame) } }
            override func removeFromSuperview() { removed += 1; super.removeFromSuperview() }
            override func awakeFromNib() { super.awakeFromNib(); awoke = true }
            override var intrinsicContentSize: CGSize { CGSize(width: 24, height: 24) }
        }

        @Test func overridableViewMembersAreCalled() throws {
            let k = try FacadeStage()
            try k.call { root in
                let label = Keeping()
                label.text = "Hi"
                #expect(label.given == ["Hi"] && label.text == "Hi" && label.frame == .zero)
                let v = Framed(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
                root.addSublayer(v.layer)
                let parent = UIView()
                parent.addSubview(v)
                v.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
                v.removeFromSuperview()
                v.awakeFromNib()
                // init(frame:) sets the frame through the override too, as UIKit's initWithFrame: does.
                #expect(v.frames == [CGRect(x: 1, y: 2, width: 3, height: 4), CGRect(x: 0, y: 0, width: 5, height: 5)])
                #expect(v.removed == 1 && v.awoke)
                #expect(v.intrinsicContentSize == CGSize(width: 24, height: 24))
                // UIKit: a view with no natural size answers UIView.noIntrinsicMetric (−1) on both axes.
                #expect(UIView().intrinsicContentSize == CGSize(width: -1, height: -1))
                #expect(UIButton().frame == .zero && UIActivityIndicatorView().isHidden)
            }
        }

        @Test func aButtonKeepsOneTitlePerStateAndShowsTheNormalOne() throws {
            // UIButton.setTitle(_:for:): the last title set for a state replaces the one before; nil removes it;
            // the label shows the normal state's title.
            let k = try FacadeStage()
            var seen: [String?] = []
            try k.call { root in
                let b = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
                root.addSublayer(b.layer)
                b.setTitle("Log In", for: .normal)
                b.setTitle("Wait", for: .highlighted)
                b.setTitle("Off", for: .disabled)
                b.setTitle("Still", for: .highlighted)
                seen = [b.title(for: .normal), b.title(for: .highlighted), b.title(for: .disabled), b.titleLabel?.text]
                b.setTitle(nil, for: .highlighted)
                b.setTitle("Log Out", for: .normal)
                seen += [b.title(for: .normal), b.title(for: .disabled), b.titleLabel?.text]
                b.setTitle(nil, for: .normal)
                seen.append(b.title(for: .normal))
            }
            #expect(seen == ["Log In", "Still", "Off", "Log In", "Log Out", "Off", "Log Out", nil])
        }

        @Test func anImageViewDrawsATemplateImageInItsTintColour() throws {
            // UIImage.RenderingMode.alwaysTemplate: "Always draw the image as a template image, ignoring its color
            // information" — the view's tintColor where the image is opaque, keeping each pixel's alpha.
            let k = try FacadeStage()
            var view: UIImageView!
            try k.call { root in
                let icon = try #require(UIImage.make(width: 2, height: 1, rgba: [10, 20, 30, 255, 200, 100, 50, 128]))
                view = UIImageView(image: icon.withRenderingMode(.alwaysTemplate))
                view.tintColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
                root.addSublayer(view.layer)
                let plain = UIImageView(image: icon)
                plain.tintColor = .red
                root.addSublayer(plain.layer)
            }
            guard case .image(let tinted?) = k.layers[0][.contents], case .image(let own?) = k.layers[1][.contents] else {
                Issue.record("no contents"); return
            }
            // Premultiplied in the engine: red at alpha 255, then red at alpha 128 (255·128/255 = 128).
            #expect(tinted.pixels == [255, 0, 0, 255, 128, 0, 0, 128])
            #expect(own.pixels[0...3] == [10, 20, 30, 255])
            try k.call { _ in view.tintColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
            guard case .image(let blue?) = k.layers[0][.contents] else { Issue.record("no contents"); return }
            #expect(blue.pixels[0...3] == [0, 0, 255, 255])
        }

        @Test func imageRenderingModeIsKeptWithThePixels() throws {
            let k = try FacadeStage()
            try k.call { _ in
                let image = try #require(UIImage.make(width: 1, height: 1, rgba: [255, 0, 0, 255]))
                #expect(image.renderingMode == .automatic)
                let template = image.withRenderingMode(.alwaysTemplate)
                #expect(template.renderingMode == .alwaysTemplate && template.cgImage === image.cgImage)
                #expect(UIImage().size == .zero && UIImage().cgImage == nil)
                let layer = CAGradientLayer()
                layer.drawsAsynchronously = true
                #expect(layer.drawsAsynchronously)
            }
        }
    }
}
