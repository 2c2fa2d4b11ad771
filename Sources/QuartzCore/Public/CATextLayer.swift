// SPDX-License-Identifier: MIT
import CFX
import CoreGraphics
import FXPluginKit

/// A layer that draws a string (`CATextLayer`).
open class CATextLayer: CALayer {
    override class var hostKind: Layer.Kind { .text }

    override public init() { super.init(); modelReads.keepTextDefaults(generation: Entry.generation) }
    override public init(layer: Any) { super.init(layer: layer); modelReads.keepTextDefaults(generation: Entry.generation) }
    public required init?(coder: NSCoder) { super.init(coder: coder); modelReads.keepTextDefaults(generation: Entry.generation) }

    /// A String, or an NSAttributedString: its text, with each range's
    /// `foregroundColor` attribute drawn in that colour (fonts per range are
    /// not kept; the layer's font draws every range). Reads back what was set.
    open var string: Any? {
        get { attributedString ?? read("string").string }
        set {
            // Unwrapped first: a copy of the optional itself needs `Any?`'s
            // type, which the runtime makes by name on first use.
            guard let value = newValue else { return setPlain("") }
            switch value {
            case let s as String: setPlain(s)
            case let s as NSAttributedString:
                attributedString = s.copy() as? NSAttributedString
                write("string", s.string)
                write("foregroundColorRuns", AttributedRuns.numbers(s))
            default: Fault.record(PluginError("CATextLayer.string: a \(HostValue.describe(value)) is not text", status: FX_ERR_BAD_TYPE))
            }
        }
    }
    /// The attributed string last set, if the last string set was one: UIKit's label reads it without
    /// casting `string` (a cast of a String held in `Any` to a class bridges it to an NSString first).
    @_spi(UIKit) public private(set) var attributedString: NSAttributedString?

    /// A plain string; the runs an attributed string set are cleared.
    private func setPlain(_ s: String) {
        if attributedString != nil {
            attributedString = nil
            write("foregroundColorRuns", [Double]())
        }
        write("string", s)
    }
    /// Sets `font` to a font name, as setting it to the name as an NSString
    /// does, without the round trip through NSString (on Linux each bridge
    /// copies the characters): UIKit's labels set their font this way.
    @_spi(UIKit) public func setFontName(_ name: String) { write("font", name, kept: .string(name)) }

    /// A font name (String), or any object whose description names the font
    /// (UIFont gives its name); the size comes from `fontSize`, as on iOS.
    open var font: CFTypeRef? {
        get { read("font").string.map { $0 as NSString } }
        set {
            switch newValue {
            case nil: write("font", NoValue())
            case let s as NSString: write("font", s as String, kept: .string(s as String))
            case let named as CATextLayerFont: write("font", named.fontName, kept: .string(named.fontName))
            default: Fault.record(PluginError("CATextLayer.font: pass a font name or a UIFont", status: FX_ERR_BAD_TYPE))
            }
        }
    }
    open var fontSize: CGFloat {
        get { read("fontSize").cgFloat }
        set {
            let size = Double(newValue)
            write("fontSize", size, kept: .number(size), holds: { hold(fontSize: size, action: $0) })
        }
    }
    open var foregroundColor: CGColor? {
        get { read("foregroundColor").cgColor }
        set { write("foregroundColor", newValue?.fx) }
    }
    open var alignmentMode: CATextLayerAlignmentMode {
        get { CATextLayerAlignmentMode(rawValue: read("alignmentMode").string ?? "natural") }
        set { write("alignmentMode", newValue.rawValue, kept: .string(newValue.rawValue)) }
    }
    open var isWrapped: Bool {
        get { read("wrapped").bool }
        set { write("wrapped", newValue) }
    }
    open var truncationMode: CATextLayerTruncationMode {
        get { CATextLayerTruncationMode(rawValue: read("truncationMode").string ?? "none") }
        set { write("truncationMode", newValue.rawValue) }
    }
}

/// A font that can be given to `CATextLayer.font` (UIKit's UIFont is one).
public protocol CATextLayerFont: AnyObject {
    var fontName: String { get }
}

/// A colour that an attributed string given to `CATextLayer.string` may
/// colour a range with, besides a CGColor (UIKit's UIColor is one).
public protocol CATextLayerColor: AnyObject {
    var cgColor: CGColor { get }
}
