// SPDX-License-Identifier: MIT
import CoreGraphics
import FXPluginKit

/// A layer that draws a path (`CAShapeLayer`).
open class CAShapeLayer: CALayer {
    var storedPath: CGPath?
    override class var hostKind: Layer.Kind { .shape }

    override public init() { super.init() }
    override public init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    override init(presenting model: CALayer) {
        super.init(presenting: model)
        storedPath = (model as? CAShapeLayer)?.storedPath
    }

    override open func presentation() -> CAShapeLayer? { CAShapeLayer(presenting: self) }

    /// The shape, copied into the host when set (later changes to a CGMutablePath need setting again, as on iOS).
    /// The CGPath is kept here too: it is the old value of the next change's animation.
    open var path: CGPath? {
        get { storedPath }
        set {
            do {
                if let path = try newValue?.hostPath() {
                    write("path", path) { storedPath = newValue }
                } else {
                    write("path", NoValue()) { storedPath = newValue }
                }
            } catch { Fault.record(error) }
        }
    }

    /// The host answers a path with a handle; the CGPath it came from is kept
    /// here. While a path animation runs, the model path stands for the
    /// presented one (the in-between shape is not read back).
    override func presentedValue(forKey key: String) -> Any? {
        key == "path" ? storedPath : super.presentedValue(forKey: key)
    }

    override open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if keyPath == "path", value == nil || value is CGPath { path = value as? CGPath } else { super.setValue(value, forKeyPath: keyPath) }
    }

    override open func value(forKeyPath keyPath: String) -> Any? {
        keyPath == "path" ? storedPath : super.value(forKeyPath: keyPath)
    }
    open var fillColor: CGColor? {
        get { read("fillColor").cgColor }
        set { write("fillColor", newValue?.fx) }
    }
    open var fillRule: CAShapeLayerFillRule {
        get { CAShapeLayerFillRule(rawValue: read("fillRule").string ?? "nonZero") }
        set { write("fillRule", newValue.rawValue) }
    }
    open var strokeColor: CGColor? {
        get { read("strokeColor").cgColor }
        set { write("strokeColor", newValue?.fx) }
    }
    open var lineWidth: CGFloat {
        get { read("lineWidth").cgFloat }
        set { write("lineWidth", Double(newValue)) }
    }
    open var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: read("lineCap").string ?? "butt") }
        set { write("lineCap", newValue.rawValue) }
    }
    open var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: read("lineJoin").string ?? "miter") }
        set { write("lineJoin", newValue.rawValue) }
    }
    open var miterLimit: CGFloat {
        get { read("miterLimit").cgFloat }
        set { write("miterLimit", Double(newValue)) }
    }
    open var lineDashPattern: [NSNumber]? {
        get { read("lineDashPattern").numbers.flatMap { $0.isEmpty ? nil : $0.map { NSNumber(value: $0) } } }
        set { write("lineDashPattern", (newValue ?? []).map(\.doubleValue)) }
    }
    open var lineDashPhase: CGFloat {
        get { read("lineDashPhase").cgFloat }
        set { write("lineDashPhase", Double(newValue)) }
    }
    open var strokeStart: CGFloat {
        get { read("strokeStart").cgFloat }
        set { write("strokeStart", Double(newValue)) }
    }
    open var strokeEnd: CGFloat {
        get { read("strokeEnd").cgFloat }
        set { write("strokeEnd", Double(newValue)) }
    }
}
