// SPDX-License-Identifier: MIT
@_spi(Facade) import CoreGraphics
import FXPluginKit
@_spi(UIKit) import QuartzCore

// UIKit's drawing functions: the current context (a stack, as UIKit keeps
// one), image renderers, and the drawing methods of colours, paths, images
// and strings, all recording into a `CGContext` (docs/SWIFT.md, "Custom drawing").

/// The contexts pushed, innermost last. Every view's layer pushes and pops
/// one as it is first displayed; exempt from Swift's run-time exclusivity
/// checks (about 100 instructions an access), since it is only appended to,
/// popped and read, with no access open across a call.
@exclusivity(unchecked) nonisolated(unsafe) private var contextStack: [CGContext] = []

/// The context `UIView.draw(_:)`, `UIGraphicsImageRenderer` and
/// `UIGraphicsBeginImageContextWithOptions` made current; nil outside them.
public func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.last }
public func UIGraphicsPushContext(_ context: CGContext) { contextStack.append(context) }
public func UIGraphicsPopContext() { _ = contextStack.popLast() }

/// The size of the images begun with `UIGraphicsBeginImageContextWithOptions`, by context.
nonisolated(unsafe) private var imageContextSizes: [ObjectIdentifier: CGSize] = [:]

/// Starts an image context of `size` points (`opaque` and `scale` change
/// nothing: the image is a drawing, drawn at the output's scale).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let ctx = CGContext(area: CGRect(origin: .zero, size: ImageSize.checked(size, "UIGraphicsBeginImageContextWithOptions")))
    imageContextSizes[ObjectIdentifier(ctx)] = ctx.area.size
    UIGraphicsPushContext(ctx)
}
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// What the current image context has drawn, as an image; nil when the current context is not an image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let ctx = contextStack.last, imageContextSizes[ObjectIdentifier(ctx)] != nil else { return nil }
    return ImageSize.image(of: ctx)
}
public func UIGraphicsEndImageContext() {
    guard let ctx = contextStack.last, imageContextSizes.removeValue(forKey: ObjectIdentifier(ctx)) != nil else { return }
    UIGraphicsPopContext()
}

/// Makes images by drawing (`UIGraphicsImageRenderer`). The image is the
/// recorded drawing, not pixels: a layer or image view showing it draws it as
/// layers at the output's scale, and `UIImage.draw(in:)` draws it into another context.
open class UIGraphicsImageRenderer {
    public let format: UIGraphicsImageRendererFormat
    let size: CGSize

    public init(size: CGSize) {
        self.size = ImageSize.checked(size, "UIGraphicsImageRenderer(size:)")
        format = UIGraphicsImageRendererFormat()
    }
    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.size = ImageSize.checked(size, "UIGraphicsImageRenderer(size:format:)")
        self.format = format
    }
    public convenience init(bounds: CGRect) { self.init(size: bounds.size) }

    /// Runs `actions` with a context of the renderer's size made current, and returns what it drew.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let ctx = CGContext(area: CGRect(origin: .zero, size: size))
        UIGraphicsPushContext(ctx)
        actions(UIGraphicsImageRendererContext(cgContext: ctx, format: format))
        UIGraphicsPopContext()
        return ImageSize.image(of: ctx)
    }
}

open class UIGraphicsImageRendererFormat {
    public var scale: CGFloat = 1
    public var opaque = false
    public init() {}
    public class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    public class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

open class UIGraphicsImageRendererContext {
    public let cgContext: CGContext
    public let format: UIGraphicsImageRendererFormat
    /// The image as drawn so far.
    public var currentImage: UIImage { ImageSize.image(of: cgContext) }

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// The sizes image contexts accept, and images made of what they drew.
enum ImageSize {
    /// A finite, non-negative size; anything else fails the plugin call with one line (and draws nothing).
    static func checked(_ size: CGSize, _ call: String) -> CGSize {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            UIKitSupport.fail("\(call): the size \(size.width) × \(size.height) is not a finite size of zero or more points")
            return .zero
        }
        return size
    }

    /// A transparent pixel the recorded images hold as their `CGImage.image` (made once).
    nonisolated(unsafe) static var placeholder: Image?

    static func image(of ctx: CGContext) -> UIImage {
        if let problem = ctx.drawing.problem { UIKitSupport.fail(problem) }
        if placeholder == nil {
            do { placeholder = try Image(width: 1, height: 1, rgba: [0, 0, 0, 0]) } catch {
                UIKitSupport.fail(error.message)
                return UIImage()
            }
        }
        return UIImage(cgImage: CGImage(drawing: ctx.drawing, size: ctx.area.size, placeholder: placeholder!))
    }
}

// MARK: - Drawing with colours, paths, images and text

extension UIColor {
    /// Sets the current context's fill and stroke colours.
    public func set() {
        setFill()
        setStroke()
    }
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
}

extension UIBezierPath {
    /// Fills the path with the current fill colour (nothing outside a drawing context, as on iOS).
    public func fill() {
        UIGraphicsGetCurrentContext()?.fill(userPath: path, evenOdd: usesEvenOddFillRule)
    }
    /// Strokes the path with the current stroke colour and the path's own line width, cap, join, miter limit and dashes.
    public func stroke() {
        var style = CGDrawing.Stroke()
        style.width = lineWidth
        style.cap = lineCapStyle
        style.join = lineJoinStyle
        style.miterLimit = miterLimit
        style.dash = dashPattern
        style.dashPhase = dashPhase
        UIGraphicsGetCurrentContext()?.stroke(userPath: path, style: style)
    }
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        withAlpha(alpha) { fill() }
    }
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        withAlpha(alpha) { stroke() }
    }
    /// Intersects the current context's clip with the path.
    public func addClip() {
        UIGraphicsGetCurrentContext()?.clip(userPath: path, evenOdd: usesEvenOddFillRule)
    }

    private func withAlpha(_ alpha: CGFloat, _ body: () -> Void) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setAlpha(alpha)
        body()
        ctx.restoreGState()
    }
}

extension UIImage {
    /// Draws the image upright in `rect` of the current context.
    public func draw(in rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), let cg = cgImage else { return }
        if let d = cg.drawing {
            ctx.replay(d, from: CGRect(origin: .zero, size: cg.drawnSize), to: rect)
        } else {
            ctx.record(.image(cg, rect: rect, flipped: false))
        }
    }
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setAlpha(alpha)
        draw(in: rect)
        ctx.restoreGState()
    }
}

extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key("NSFont")
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    public static let kern = NSAttributedString.Key("NSKern")
}

/// Text drawn into the current context: one text layer per call, in the
/// first run's font and colour (UIKit's defaults: Helvetica 12 pt, black;
/// here the system font). fxhost cannot measure text, so `draw(in:)` wraps
/// to the rect's width and `size(withAttributes:)` is an estimate.
enum TextDrawing {
    static func draw(_ string: String, _ attributes: [NSAttributedString.Key: Any]?, at origin: CGPoint, width: CGFloat?) {
        guard let ctx = UIGraphicsGetCurrentContext(), !string.isEmpty else { return }
        let font = attributes?[.font] as? UIFont ?? UIFont.systemFont(ofSize: 12)
        let color = (attributes?[.foregroundColor] as? UIColor)?.cgColor ?? CGColor.black
        ctx.record(.text(string, font: font.fontName, size: font.pointSize, color: color, origin: origin, width: width))
    }

    static func attributes(_ s: NSAttributedString) -> [NSAttributedString.Key: Any]? {
        s.length == 0 ? nil : s.attributes(at: 0, effectiveRange: nil)
    }
}

extension NSAttributedString {
    public func draw(at point: CGPoint) { TextDrawing.draw(string, TextDrawing.attributes(self), at: point, width: nil) }
    public func draw(in rect: CGRect) { TextDrawing.draw(string, TextDrawing.attributes(self), at: rect.origin, width: rect.width) }
}

extension String {
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing.draw(self, attrs, at: point, width: nil)
    }
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing.draw(self, attrs, at: rect.origin, width: rect.width)
    }
}

extension NSString {
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing.draw(self as String, attrs, at: point, width: nil)
    }
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing.draw(self as String, attrs, at: rect.origin, width: rect.width)
    }
}
