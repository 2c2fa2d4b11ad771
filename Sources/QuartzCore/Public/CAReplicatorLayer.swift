// SPDX-License-Identifier: MIT
import CoreGraphics
import FXPluginKit

/// A layer that draws its sublayers `instanceCount` times (`CAReplicatorLayer`).
open class CAReplicatorLayer: CALayer {
    override class var hostKind: Layer.Kind { .replicator }

    override public init() { super.init() }
    override public init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    override init(presenting model: CALayer) { super.init(presenting: model) }

    override open func presentation() -> CAReplicatorLayer? { CAReplicatorLayer(presenting: self) }

    open var instanceCount: Int {
        get { Int(read("instanceCount").number ?? 1) }
        set { write("instanceCount", newValue) }
    }
    open var instanceDelay: CFTimeInterval {
        get { read("instanceDelay").number ?? 0 }
        set { write("instanceDelay", newValue) }
    }
    open var instanceTransform: CATransform3D {
        get { read("instanceTransform").transform3D }
        set { write("instanceTransform", newValue.fx) }
    }
    open var instanceColor: CGColor? {
        get { read("instanceColor").cgColor }
        set { write("instanceColor", newValue?.fx) }
    }
    open var instanceRedOffset: Float {
        get { Float(read("instanceRedOffset").cgFloat) }
        set { write("instanceRedOffset", newValue.decimal) }
    }
    open var instanceGreenOffset: Float {
        get { Float(read("instanceGreenOffset").cgFloat) }
        set { write("instanceGreenOffset", newValue.decimal) }
    }
    open var instanceBlueOffset: Float {
        get { Float(read("instanceBlueOffset").cgFloat) }
        set { write("instanceBlueOffset", newValue.decimal) }
    }
    open var instanceAlphaOffset: Float {
        get { Float(read("instanceAlphaOffset").cgFloat) }
        set { write("instanceAlphaOffset", newValue.decimal) }
    }
    open var preservesDepth: Bool {
        get { read("preservesDepth").bool }
        set { write("preservesDepth", newValue) }
    }
}
