// SPDX-License-Identifier: MIT
import Foundation

/// The timing both layers and animations have (Apple's `CAMediaTiming`).
/// On a layer, `beginTime`, `speed` and `timeOffset` map its parent's time to
/// its own (local = (parent − beginTime) × speed + timeOffset); fxhost layers
/// never end, so a layer keeps `duration`, `repeatCount`, `repeatDuration`,
/// `autoreverses` and `fillMode` for reading but they change nothing (docs/SWIFT-COVERAGE.md).
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

/// The simulated clock now, in seconds (`CACurrentMediaTime()`): the host's
/// time, never the wall clock. Absolute begin times such as
/// `CACurrentMediaTime() + 0.3` mean what they mean on a device.
public func CACurrentMediaTime() -> CFTimeInterval { FXClock.now }

/// A cubic Bézier from (0, 0) to (1, 1) that paces an animation (`CAMediaTimingFunction`).
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    let points: (Float, Float, Float, Float)
    /// The name it was made with: the host then uses the named curve's exact control points.
    let name: CAMediaTimingFunctionName?

    /// Apple's named curves: linear (0,0,1,1), easeIn (0.42,0,1,1),
    /// easeOut (0,0,0.58,1), easeInEaseOut (0.42,0,0.58,1), default (0.25,0.1,0.25,1).
    /// Any other name is linear's. (A `switch`: an array of the names to
    /// search made its generic type on first use, about 14,000 instructions.)
    public init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: points = (0.42, 0, 1, 1); self.name = name
        case .easeOut: points = (0, 0, 0.58, 1); self.name = name
        case .easeInEaseOut: points = (0.42, 0, 0.58, 1); self.name = name
        case .default: points = (0.25, 0.1, 0.25, 1); self.name = name
        default: points = (0, 0, 1, 1); self.name = .linear
        }
    }

    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        points = (c1x, c1y, c2x, c2y)
        name = nil
    }

    /// Control point 0…3 ((0,0), c1, c2, (1,1)) into `values` (two floats).
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p: (Float, Float) = switch idx {
        case 1: (points.0, points.1)
        case 2: (points.2, points.3)
        case 3: (1, 1)
        default: (0, 0)
        }
        ptr[0] = p.0
        ptr[1] = p.1
    }

    var numbers: [Double] { [points.0.decimal, points.1.decimal, points.2.decimal, points.3.decimal] }

    override public func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? CAMediaTimingFunction else { return false }
        return numbers == o.numbers
    }
}

/// What a layer runs when a property changes (`CAAction`): an animation adds
/// itself under the key; `NSNull` stops the search and does nothing.
///
/// Class-bound, as Apple's (an Objective-C protocol, which only classes
/// adopt): an optional action is then one reference, copied and released
/// without the type metadata an any-type existential needs, which the
/// runtime would otherwise build on the first property change of a process.
public protocol CAAction: AnyObject {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// An animation's start and stop (Apple's `CAAnimationDelegate`, whose methods are optional).
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    /// `flag` is false when the animation was removed before it finished.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// A layer's delegate (`CALayerDelegate`): here, the action lookup, which is
/// how a view turns off its layer's implicit animations (UIKit's views
/// answer `NSNull` outside animation blocks).
public protocol CALayerDelegate: AnyObject {
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    func layoutSublayers(of layer: CALayer)
    /// Displays the layer instead of its own drawing (Apple: "the layer calls this
    /// method instead of draw(_:in:)"); the default draws it as a layer without one does.
    func display(_ layer: CALayer)
    /// Draws the layer's content (a view's `draw(_:)` is called from here).
    func draw(_ layer: CALayer, in ctx: CGContext)
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    public func layoutSublayers(of layer: CALayer) {}
    public func display(_ layer: CALayer) { layer.drawContents() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
}
