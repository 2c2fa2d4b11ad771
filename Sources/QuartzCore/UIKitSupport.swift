import CoreGraphics
import FXPluginKit

/// What UIKit, built on this module, needs of its insides: the stage, the
/// failure of the current plugin call, and a UIKit spring's damping ratio.
@_spi(UIKit) public enum UIKitSupport {
    /// The stage size in points (`UIScreen.main.bounds`).
    public static var stageSize: CGSize {
        let s = Fault.attempt(Size(0, 0)) { () throws(PluginError) -> Size in try Host.stageSize() }
        return CGSize(width: s.width, height: s.height)
    }

    /// Fails the current plugin call with `message`, as Core Animation raises.
    public static func fail(_ message: String) { Fault.record(message) }

    /// A layer of the framework class `type` is, or inherits from (subclasses
    /// of CALayer other than the framework's cannot be made from a metatype here).
    public static func makeLayer(_ type: CALayer.Type) -> CALayer {
        switch type {
        case is CAShapeLayer.Type: CAShapeLayer()
        case is CAGradientLayer.Type: CAGradientLayer()
        case is CATextLayer.Type: CATextLayer()
        case is CAReplicatorLayer.Type: CAReplicatorLayer()
        case is CAEmitterLayer.Type: CAEmitterLayer()
        default: CALayer()
        }
    }

    /// The stage's root as a layer.
    public static func stage(_ layer: Layer) -> CALayer { CALayer(wrapping: layer) }

    /// Called as each plugin call's transaction commits, before its animations
    /// reach the host: UIKit's layout pass.
    nonisolated(unsafe) public static var willCommit: (() -> Void)?

    /// Runs `body` as a plugin call's transaction (for UIKit's own entries).
    public static func run(_ body: () throws -> Void) throws { try Entry.run(body) }
}

extension CASpringAnimation {
    /// UIKit's `usingSpringWithDamping`: with the duration (and initial
    /// velocity) set, the host chooses mass, stiffness and damping so that the
    /// spring settles within the duration at this damping ratio.
    @_spi(UIKit) public var dampingRatio: CGFloat? {
        get { keyedValues["__dampingRatio"] as? CGFloat }
        set { keyedValues["__dampingRatio"] = newValue }
    }
}
