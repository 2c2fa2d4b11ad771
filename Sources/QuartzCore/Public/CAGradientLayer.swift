// SPDX-License-Identifier: MIT
import CoreGraphics
import FXPluginKit

/// A layer that draws a colour gradient (`CAGradientLayer`).
open class CAGradientLayer: CALayer {
    override class var hostKind: Layer.Kind { .gradient }

    override public init() { super.init() }
    override public init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    override init(presenting model: CALayer) { super.init(presenting: model) }

    override open func presentation() -> CAGradientLayer? { CAGradientLayer(presenting: self) }

    /// CGColors (what `UIColor.cgColor` gives); anything else fails the call with what to pass.
    open var colors: [Any]? {
        get { if case .colors(let cs) = read("colors"), !cs.isEmpty { cs.map(CGColor.init) } else { nil } }
        set {
            do { write("colors", try HostValue.make(newValue ?? [Any](), for: "CAGradientLayer.colors")) } catch { Fault.record(error) }
        }
    }
    open var locations: [NSNumber]? {
        get { read("locations").numbers.flatMap { $0.isEmpty ? nil : $0.map { NSNumber(value: $0) } } }
        set { write("locations", (newValue ?? []).map(\.doubleValue)) }
    }
    open var startPoint: CGPoint {
        get { read("startPoint").cgPoint }
        set { write("startPoint", newValue.fx) }
    }
    open var endPoint: CGPoint {
        get { read("endPoint").cgPoint }
        set { write("endPoint", newValue.fx) }
    }
    open var type: CAGradientLayerType {
        get { CAGradientLayerType(rawValue: read("type").string ?? "axial") }
        set { write("type", newValue.rawValue) }
    }
}
