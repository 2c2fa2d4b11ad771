// SPDX-License-Identifier: MIT
import CFX
import CoreGraphics
import FXPluginKit

/// A layer that emits particles from its cells (`CAEmitterLayer`).
open class CAEmitterLayer: CALayer {
    override class var hostKind: Layer.Kind { .emitter }
    var cellList: [CAEmitterCell] = []

    override public init() { super.init() }
    override public init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    override init(presenting model: CALayer) { super.init(presenting: model) }

    override open func presentation() -> CAEmitterLayer? { CAEmitterLayer(presenting: self) }

    /// The cells, copied into the host when set. The host cannot take cells
    /// away, so a new list must start with the cells already given; change a
    /// cell afterwards by key path: `setValue(0, forKeyPath: "emitterCells.snow.birthRate")`.
    open var emitterCells: [CAEmitterCell]? {
        get { cellList.isEmpty ? nil : cellList }
        set {
            let list = newValue ?? []
            guard list.count >= cellList.count, zip(cellList, list).allSatisfy({ $0 === $1 }) else {
                return Fault.record("emitterCells: fxhost cannot remove cells once given; keep the cells and change them with setValue(_:forKeyPath: \"emitterCells.NAME.FIELD\")")
            }
            for cell in list.dropFirst(cellList.count) {
                Fault.attempt { () throws(PluginError) in try host.addEmitterCell(cell.hostCell()) }
            }
            cellList = list
        }
    }

    open var emitterPosition: CGPoint {
        get { read("emitterPosition").cgPoint }
        set { write("emitterPosition", newValue.fx) }
    }
    open var emitterZPosition: CGFloat {
        get { read("emitterZPosition").cgFloat }
        set { write("emitterZPosition", Double(newValue)) }
    }
    open var emitterSize: CGSize {
        get { read("emitterSize").cgSize }
        set { write("emitterSize", newValue.fx) }
    }
    open var emitterDepth: CGFloat {
        get { read("emitterDepth").cgFloat }
        set { write("emitterDepth", Double(newValue)) }
    }
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { CAEmitterLayerEmitterShape(rawValue: read("emitterShape").string ?? "point") }
        set { write("emitterShape", newValue.rawValue) }
    }
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { CAEmitterLayerEmitterMode(rawValue: read("emitterMode").string ?? "volume") }
        set { write("emitterMode", newValue.rawValue) }
    }
    open var renderMode: CAEmitterLayerRenderMode {
        get { CAEmitterLayerRenderMode(rawValue: read("renderMode").string ?? "unordered") }
        set { write("renderMode", newValue.rawValue) }
    }
    open var birthRate: Float {
        get { Float(read("birthRate").cgFloat) }
        set { write("birthRate", newValue.decimal) }
    }
    open var lifetime: Float {
        get { Float(read("lifetime").cgFloat) }
        set { write("lifetime", newValue.decimal) }
    }
    open var velocity: Float {
        get { Float(read("velocity").cgFloat) }
        set { write("velocity", newValue.decimal) }
    }
    open var scale: Float {
        get { Float(read("scale").cgFloat) }
        set { write("scale", newValue.decimal) }
    }
    open var spin: Float {
        get { Float(read("spin").cgFloat) }
        set { write("spin", newValue.decimal) }
    }
    open var seed: UInt32 {
        get { UInt32(read("seed").number ?? 0) }
        set { write("seed", Double(newValue)) }
    }
}

/// One kind of particle (`CAEmitterCell`): its fields are copied into the
/// host when the cell is given to an emitter (or to a parent cell).
open class CAEmitterCell: NSObject {
    open var name: String?
    open var isEnabled = true
    open var birthRate: Float = 0
    open var lifetime: Float = 0
    open var lifetimeRange: Float = 0
    open var emissionLatitude: CGFloat = 0
    open var emissionLongitude: CGFloat = 0
    open var emissionRange: CGFloat = 0
    open var velocity: CGFloat = 0
    open var velocityRange: CGFloat = 0
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    open var zAcceleration: CGFloat = 0
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    open var scaleSpeed: CGFloat = 0
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    open var color: CGColor?
    open var redRange: Float = 0
    open var greenRange: Float = 0
    open var blueRange: Float = 0
    open var alphaRange: Float = 0
    open var redSpeed: Float = 0
    open var greenSpeed: Float = 0
    open var blueSpeed: Float = 0
    open var alphaSpeed: Float = 0
    /// A CGImage.
    open var contents: Any?
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Kept for code that sets it; particles are drawn at the output's scale.
    open var contentsScale: CGFloat = 1
    open var emitterCells: [CAEmitterCell]?

    override public init() { super.init() }

    func hostCell() throws(PluginError) -> EmitterCell {
        let c = try EmitterCell(name: name ?? "")
        let numbers: [(String, Double)] = [
            ("birthRate", birthRate.decimal), ("lifetime", lifetime.decimal), ("lifetimeRange", lifetimeRange.decimal),
            ("emissionLatitude", Double(emissionLatitude)), ("emissionLongitude", Double(emissionLongitude)),
            ("emissionRange", Double(emissionRange)), ("velocity", Double(velocity)), ("velocityRange", Double(velocityRange)),
            ("xAcceleration", Double(xAcceleration)), ("yAcceleration", Double(yAcceleration)),
            ("zAcceleration", Double(zAcceleration)), ("scale", Double(scale)), ("scaleRange", Double(scaleRange)),
            ("scaleSpeed", Double(scaleSpeed)), ("spin", Double(spin)), ("spinRange", Double(spinRange)),
            ("redRange", redRange.decimal), ("greenRange", greenRange.decimal), ("blueRange", blueRange.decimal),
            ("alphaRange", alphaRange.decimal), ("redSpeed", redSpeed.decimal), ("greenSpeed", greenSpeed.decimal),
            ("blueSpeed", blueSpeed.decimal), ("alphaSpeed", alphaSpeed.decimal),
        ]
        for (field, value) in numbers where value != (field == "scale" ? 1 : 0) { try c.set(field, value) }
        if !isEnabled { try c.set("enabled", false) }
        if let color { try c.set("color", color.fx) }
        switch contents {
        case nil: break
        case let image as CGImage: try c.set("contents", image.image)
        default:
            throw PluginError("CAEmitterCell.contents: a \(HostValue.describe(contents!)) is not an image; pass a CGImage (UIImage's cgImage)",
                              status: FX_ERR_BAD_TYPE)
        }
        if contentsRect != CGRect(x: 0, y: 0, width: 1, height: 1) { try c.set("contentsRect", contentsRect.fx) }
        for child in emitterCells ?? [] { try c.add(child.hostCell()) }
        return c
    }
}
