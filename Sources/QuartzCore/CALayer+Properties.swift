// SPDX-License-Identifier: MIT
import CFX
import CoreGraphics
import FXPluginKit

/// Every property the engine has, by Apple's names and types. Reads go to
/// the host (the presented value on a presentation copy); writes go through
/// the key's action (implicit animations).
extension CALayer {
    public var anchorPoint: CGPoint {
        get { read("anchorPoint").cgPoint }
        set { write("anchorPoint", newValue.fx, kept: .point(newValue.fx)) }
    }
    public var zPosition: CGFloat {
        get { read("zPosition").cgFloat }
        set { write("zPosition", Double(newValue)) }
    }
    public var transform: CATransform3D {
        get { read("transform").transform3D }
        set {
            let t = newValue.fx
            write("transform", t, kept: .transform(t), holds: { hold(transform: t, action: $0) })
        }
    }
    public var sublayerTransform: CATransform3D {
        get { read("sublayerTransform").transform3D }
        set { write("sublayerTransform", newValue.fx) }
    }
    public var opacity: Float {
        get { Float(read("opacity").cgFloat) }
        set {
            let o = newValue.decimal
            write("opacity", o, holds: { hold(opacity: o, action: $0) })
        }
    }
    public var isHidden: Bool {
        get { read("hidden").bool }
        set { write("hidden", newValue) }
    }
    public var backgroundColor: CGColor? {
        get { read("backgroundColor").cgColor }
        set { write("backgroundColor", newValue?.fx) }
    }
    public var cornerRadius: CGFloat {
        get { read("cornerRadius").cgFloat }
        set { write("cornerRadius", Double(newValue)) }
    }
    public var borderWidth: CGFloat {
        get { read("borderWidth").cgFloat }
        set { write("borderWidth", Double(newValue)) }
    }
    public var borderColor: CGColor? {
        get { read("borderColor").cgColor }
        set { write("borderColor", newValue?.fx) }
    }
    public var masksToBounds: Bool {
        get { read("masksToBounds").bool }
        set { write("masksToBounds", newValue) }
    }
    /// A CGImage (what `UIImage.cgImage` gives), or nil.
    public var contents: Any? {
        get { image(read("contents")) }
        set {
            switch newValue {
            case nil: write("contents", NoValue())
            case let image as CGImage: write("contents", image.image)
            default: Fault.record(PluginError("contents: a \(HostValue.describe(newValue!)) is not an image; Core Animation takes a CGImage (UIImage's cgImage)", status: FX_ERR_BAD_TYPE))
            }
        }
    }
    public var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: read("contentsGravity").string ?? "resize") }
        set { write("contentsGravity", newValue.rawValue) }
    }
    public var shadowColor: CGColor? {
        get { read("shadowColor").cgColor }
        set { write("shadowColor", newValue?.fx) }
    }
    public var shadowOpacity: Float {
        get { Float(read("shadowOpacity").cgFloat) }
        set { write("shadowOpacity", newValue.decimal) }
    }
    public var shadowOffset: CGSize {
        get { read("shadowOffset").cgSize }
        set { write("shadowOffset", newValue.fx) }
    }
    public var shadowRadius: CGFloat {
        get { read("shadowRadius").cgFloat }
        set { write("shadowRadius", Double(newValue)) }
    }

    // MARK: - Drawing, which fxhost does not call back

    /// No-ops: fxhost draws layer content itself from the layer's properties and calls no draw methods (docs/SWIFT.md).
    public func setNeedsDisplay() {}
    public func displayIfNeeded() {}
}
