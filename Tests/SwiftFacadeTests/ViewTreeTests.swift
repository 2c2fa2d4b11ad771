// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import Testing
import UIKit

/// The view tree mirrored in the layer tree, and UIKit's layout pass.
extension Facade {
    @Suite struct ViewTreeTests {
        /// A view that lays its one subview out inset by 5 points, counting its layouts.
        final class Inset: UIView {
            let child = UIView(frame: .zero)
            var layouts = 0
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(child)
            }
            required init?(coder: NSCoder) { nil }
            override func layoutSubviews() {
                layouts += 1
                child.frame = bounds.insetBy(dx: 5, dy: 5)
            }
        }

        @Test func subviewOrderIsTheLayerOrder() throws {
            let k = try FacadeStage()
            try k.call { root in
                let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                root.addSublayer(container.layer)
                let views = (1...3).map { i -> UIView in
                    let v = UIView(frame: .zero)
                    v.alpha = CGFloat(i) / 10
                    container.addSubview(v)
                    return v
                }
                container.bringSubviewToFront(views[0])  // 2, 3, 1
                container.sendSubviewToBack(views[2])  // 3, 2, 1
                views[1].removeFromSuperview()  // 3, 1
                container.insertSubview(views[1], belowSubview: views[0])  // 3, 2, 1
            }
            let alphas = k.layers[0].sublayers.map { (($0[.opacity].num ?? 0) * 10).rounded() }
            #expect(alphas == [3, 2, 1])
        }

        @Test func aFrameChangeInABlockAnimatesBoundsAndPosition() throws {
            let k = try FacadeStage()
            var view: UIView!
            try k.call { root in
                view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                root.addSublayer(view.layer)
            }
            try k.advance(to: 1)
            try k.call { _ in UIView.animate(withDuration: 1) { view.frame = CGRect(x: 100, y: 0, width: 40, height: 40) } }
            let l = k.layers[0]
            #expect(Set(l.animationKeys) == ["bounds", "position"])
            #expect(l.animation(forKey: "bounds")?.fromToBy?.from?.rct == FXCore.Rect(0, 0, 20, 20))
            #expect(l.animation(forKey: "position")?.fromToBy?.from?.pt == FXCore.Point(10, 10))
            #expect(l[.position].pt == FXCore.Point(120, 20) && l[.bounds].rct == FXCore.Rect(0, 0, 40, 40))
        }

        @Test func aRotationAnimatesAsARotation() throws {
            // A quarter turn animated linearly is an eighth of a turn half way (Core Animation interpolates the
            // decomposed rotation, not the matrix entries, which would shrink the layer half way).
            let k = try FacadeStage()
            var view: UIView!
            try k.call { root in
                view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                root.addSublayer(view.layer)
            }
            try k.advance(to: 1)
            try k.call { _ in
                UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear],
                               animations: { view.transform = CGAffineTransform(rotationAngle: .pi / 2) })
            }
            let t = try k.presented(k.layers[0], at: 1.5).transform(.transform)
            #expect(abs(t.m11 - cos(Double.pi / 4)) < 1e-6 && abs(t.m12 - sin(Double.pi / 4)) < 1e-6)
        }

        @Test func aSizeChangeLaysOutOnceAsTheCallCommits() throws {
            let k = try FacadeStage()
            var view: Inset!
            var layoutsInCall = -1
            try k.call { root in
                view = Inset(frame: CGRect(x: 0, y: 0, width: 50, height: 30))
                root.addSublayer(view.layer)
                view.frame = CGRect(x: 0, y: 0, width: 60, height: 30)
                layoutsInCall = view.layouts
            }
            #expect(layoutsInCall == 0 && view.layouts == 1)  // deferred to the layout pass, and run once
            #expect(k.layers[0].sublayers[0][.bounds].rct == FXCore.Rect(0, 0, 50, 20))
        }

        @Test func layoutIfNeededInABlockAnimatesWhatLayoutChanges() throws {
            // The UIKit idiom: change what layout depends on, then `UIView.animate { view.layoutIfNeeded() }`.
            let k = try FacadeStage()
            var view: Inset!
            try k.call { root in
                view = Inset(frame: CGRect(x: 0, y: 0, width: 50, height: 30))
                root.addSublayer(view.layer)
            }
            try k.advance(to: 1)
            try k.call { _ in
                view.bounds = CGRect(x: 0, y: 0, width: 90, height: 30)
                UIView.animate(withDuration: 0.5) { view.layoutIfNeeded() }
            }
            let child = k.layers[0].sublayers[0]
            #expect(child[.bounds].rct == FXCore.Rect(0, 0, 80, 20))
            let a = try #require(child.animation(forKey: "bounds"))
            #expect(a.fromToBy?.from?.rct == FXCore.Rect(0, 0, 40, 20) && a.timing.duration == 0.5)
            #expect(k.layers[0].animations.isEmpty)  // the container's own change was outside the block
        }
    }
}
