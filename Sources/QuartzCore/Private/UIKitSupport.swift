// SPDX-License-Identifier: MIT
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

    /// A layer of the class a view's `layerClass` names. The framework's
    /// classes are made with `init()`. A subclass of the plugin's own is made
    /// through `init?(coder:)`, the initialiser CALayer declares `required`
    /// (making `init()` required would reject subclasses that override it
    /// without `required`, as iOS code does): its stored properties get their
    /// initial values, but the body of its `init()` does not run. A class that
    /// is not a CALayer, or whose `init?(coder:)` returns nil, fails the plugin call.
    public static func makeLayer(_ type: AnyClass) -> CALayer {
        guard let layerType = type as? CALayer.Type else {
            fail("layerClass: \(type) is not a subclass of CALayer; return CALayer.self or a subclass of it")
            return CALayer()
        }
        switch ObjectIdentifier(layerType) {
        case ObjectIdentifier(CALayer.self): return CALayer()
        case ObjectIdentifier(CAShapeLayer.self): return CAShapeLayer()
        case ObjectIdentifier(CAGradientLayer.self): return CAGradientLayer()
        case ObjectIdentifier(CATextLayer.self): return CATextLayer()
        case ObjectIdentifier(CAReplicatorLayer.self): return CAReplicatorLayer()
        case ObjectIdentifier(CAEmitterLayer.self): return CAEmitterLayer()
        default:
            if let made = layerType.init(coder: NSCoder()) { return made }
            fail("layerClass: \(layerType).init?(coder:) returned nil; a view makes its layer of a class of the plugin's own through init?(coder:), so let it call super.init(coder:)")
            return CALayer()
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
