import CoreGraphics
import FXPluginKit

/// A layer that draws a path (`CAShapeLayer`).
open class CAShapeLayer: CALayer {
    var storedPath: CGPath?
    override class var hostKind: Layer.Kind { .shape }

    override public init() { super.init() }
    override public init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    override init(presenting model: CALayer) { super.init(presenting: model) }

    override open func presentation() -> CAShapeLayer? { CAShapeLayer(presenting: self) }

    /// The shape, copied into the host when set (later changes to a CGMutablePath need setting again, as on iOS).
    public var path: CGPath? {
        get { storedPath }
        set {
            storedPath = newValue
            do {
                write("path", try newValue?.hostPath())
            } catch { Fault.record(error) }
        }
    }
    public var fillColor: CGColor? {
        get { read("fillColor").cgColor }
        set { write("fillColor", newValue?.fx) }
    }
    public var fillRule: CAShapeLayerFillRule {
        get { CAShapeLayerFillRule(rawValue: read("fillRule").string ?? "nonZero") }
        set { write("fillRule", newValue.rawValue) }
    }
    public var strokeColor: CGColor? {
        get { read("strokeColor").cgColor }
        set { write("strokeColor", newValue?.fx) }
    }
    public var lineWidth: CGFloat {
        get { read("lineWidth").cgFloat }
        set { write("lineWidth", Double(newValue)) }
    }
    public var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: read("lineCap").string ?? "butt") }
        set { write("lineCap", newValue.rawValue) }
    }
    public var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: read("lineJoin").string ?? "miter") }
        set { write("lineJoin", newValue.rawValue) }
    }
    public var miterLimit: CGFloat {
        get { read("miterLimit").cgFloat }
        set { write("miterLimit", Double(newValue)) }
    }
    public var lineDashPattern: [NSNumber]? {
        get { read("lineDashPattern").numbers.flatMap { $0.isEmpty ? nil : $0.map { NSNumber(value: $0) } } }
        set { write("lineDashPattern", (newValue ?? []).map(\.doubleValue)) }
    }
    public var lineDashPhase: CGFloat {
        get { read("lineDashPhase").cgFloat }
        set { write("lineDashPhase", Double(newValue)) }
    }
    public var strokeStart: CGFloat {
        get { read("strokeStart").cgFloat }
        set { write("strokeStart", Double(newValue)) }
    }
    public var strokeEnd: CGFloat {
        get { read("strokeEnd").cgFloat }
        set { write("strokeEnd", Double(newValue)) }
    }
}
