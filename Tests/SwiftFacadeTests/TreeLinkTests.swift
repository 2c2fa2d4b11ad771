// SPDX-License-Identifier: MIT
import Foundation
import Testing
import UIKit

/// A layer's superlayer and delegate and a view's superview are not weak
/// references (a weak reference would put every view and superlayer on the
/// Swift runtime's slow retain path); the object they name clears them as it
/// goes, so they read nil once it is gone, as Apple's weak ones do.
extension Facade {
    @Suite struct TreeLinkTests {
        final class Held: @unchecked Sendable {
            var layer: CALayer?
            var view: UIView?
            weak var gone: AnyObject?
        }

        @Test func aLayerOutlivingItsViewHasNoDelegate() throws {
            let k = try FacadeStage()
            let held = Held()
            try k.call { root in
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                held.layer = view.layer
                held.gone = view
                #expect(view.layer.delegate === view)
                root.addSublayer(view.layer)
            }
            try k.call { _ in
                #expect(held.gone == nil)
                #expect(held.layer?.delegate == nil)
                // With no view to answer "no action", a change of a layer in the tree animates implicitly.
                held.layer?.opacity = 0.5
            }
            #expect(k.layers.first?.animations.count == 1)
        }

        @Test func aSublayerOutlivingItsSuperlayerHasNone() throws {
            let k = try FacadeStage()
            let held = Held()
            try k.call { _ in
                let parent = CALayer(), child = CALayer()
                parent.addSublayer(child)
                #expect(child.superlayer === parent)
                held.layer = child
                held.gone = parent
            }
            try k.call { _ in
                #expect(held.gone == nil)
                #expect(held.layer?.superlayer == nil)
            }
        }

        @Test func aSubviewOutlivingItsSuperviewHasNone() throws {
            let k = try FacadeStage()
            let held = Held()
            try k.call { _ in
                let parent = UIView(frame: .zero), child = UIView(frame: .zero)
                parent.addSubview(child)
                #expect(child.superview === parent && child.layer.superlayer === parent.layer)
                held.view = child
                held.gone = parent
            }
            try k.call { _ in
                #expect(held.gone == nil)
                #expect(held.view?.superview == nil)
                #expect(held.view?.layer.superlayer == nil)
                #expect(held.view?.window == nil)
            }
        }

        @Test func aDelegateSetByCodeIsStillWeakAndReplacesTheView() throws {
            final class Listener: NSObject, CALayerDelegate {}
            let k = try FacadeStage()
            try k.call { _ in
                let view = UIView(frame: .zero)
                var listener: Listener? = Listener()
                view.layer.delegate = listener
                #expect(view.layer.delegate === listener)
                listener = nil
                #expect(view.layer.delegate == nil)
            }
        }
    }
}
