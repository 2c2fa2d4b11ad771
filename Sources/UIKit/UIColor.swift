// SPDX-License-Identifier: MIT
import QuartzCore

/// A colour (`UIColor`), sRGB with straight alpha.
open class UIColor: NSObject, _ExpressibleByColorLiteral, @unchecked Sendable {
    public let cgColor: CGColor

    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    public init(cgColor: CGColor) { self.cgColor = cgColor }
    /// `UIColor()`: Apple documents no value for it; here it is transparent (white 0, alpha 0), so a
    /// placeholder colour that is never replaced draws nothing.
    override public convenience init() { self.init(white: 0, alpha: 0) }
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(cgColor: CGColor(gray: white, alpha: alpha)) }
    /// HSB as UIKit defines it (hue 0…1 around the colour wheel).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, i = Int(h) % 6, f = h - CGFloat(Int(h))
        let v = brightness, p = v * (1 - saturation), q = v * (1 - saturation * f), t = v * (1 - saturation * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(cgColor: cgColor.copy(alpha: alpha)!) }

    /// Red, green, blue and alpha into the pointers; always succeeds for these colours.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.rgba
        red?.pointee = c[0]; green?.pointee = c[1]; blue?.pointee = c[2]; alpha?.pointee = c[3]
        return true
    }

    override open func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.cgColor == cgColor }

    // The named colours, with the component values Apple's pages give.
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }
    // The light-appearance system colours (Apple's Human Interface Guidelines, "Color").
    public class var systemRed: UIColor { UIColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1) }
    public class var systemGreen: UIColor { UIColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1) }
    public class var systemBlue: UIColor { UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1) }
    public class var systemOrange: UIColor { UIColor(red: 1, green: 149 / 255, blue: 0, alpha: 1) }
    public class var systemYellow: UIColor { UIColor(red: 1, green: 204 / 255, blue: 0, alpha: 1) }
    public class var systemPink: UIColor { UIColor(red: 1, green: 45 / 255, blue: 85 / 255, alpha: 1) }
    public class var systemPurple: UIColor { UIColor(red: 175 / 255, green: 82 / 255, blue: 222 / 255, alpha: 1) }
    public class var systemTeal: UIColor { UIColor(red: 90 / 255, green: 200 / 255, blue: 250 / 255, alpha: 1) }
    public class var systemIndigo: UIColor { UIColor(red: 88 / 255, green: 86 / 255, blue: 214 / 255, alpha: 1) }
    public class var systemGray: UIColor { UIColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 1) }
    public class var systemBackground: UIColor { .white }
    public class var label: UIColor { .black }
}

/// A font by name and size (`UIFont`). The system font is the renderer's
/// sans-serif face; other names go to pango, which falls back to a face it has.
open class UIFont: NSObject, CATextLayerFont, @unchecked Sendable {
    public let fontName: String
    public let pointSize: CGFloat

    public init?(name fontName: String, size fontSize: CGFloat) {
        self.fontName = fontName
        pointSize = fontSize
    }
    init(face: String, size: CGFloat) {
        fontName = face
        pointSize = size
    }

    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(face: "Sans", size: fontSize) }
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(face: "Sans Bold", size: fontSize) }
    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(face: "Sans Italic", size: fontSize) }
    public class var systemFontSize: CGFloat { 14 }
    public class var labelFontSize: CGFloat { 17 }
    public func withSize(_ size: CGFloat) -> UIFont { UIFont(face: fontName, size: size) }
    public var familyName: String { fontName }
}
