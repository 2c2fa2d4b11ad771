import FXPluginKit
import QuartzCore

/// Decoded pixels (`UIImage`). `UIImage(named:)` finds images the plugin
/// registered under a name (generated at build time, or read from a file
/// parameter with `UIImage(contentsOfFile:)`), since a plugin has no asset catalogue.
open class UIImage: NSObject, @unchecked Sendable {
    public let cgImage: CGImage?
    public let scale: CGFloat = 1
    public var size: CGSize { CGSize(width: CGFloat(cgImage?.width ?? 0), height: CGFloat(cgImage?.height ?? 0)) }

    /// How a view draws the image (`UIImage.RenderingMode`). The mode is kept and
    /// read back, but every mode draws the image's own colours here: tinting a
    /// template image needs its pixels, which fx.h 1.2 does not give back to a plugin.
    public enum RenderingMode: Int, Sendable {
        case automatic, alwaysOriginal, alwaysTemplate
    }
    public let renderingMode: RenderingMode

    public init(cgImage: CGImage) {
        self.cgImage = cgImage
        renderingMode = .automatic
    }

    init(cgImage: CGImage?, renderingMode: RenderingMode) {
        self.cgImage = cgImage
        self.renderingMode = renderingMode
    }

    /// An empty image (no pixels, size zero), as `UIImage()` is on iOS.
    override public init() {
        cgImage = nil
        renderingMode = .automatic
    }

    /// The same pixels with `renderingMode` set (see `RenderingMode`).
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(cgImage: cgImage, renderingMode: renderingMode)
    }

    /// An image registered with `UIImage.register(_:named:)`; nil when none has that name.
    public convenience init?(named name: String) {
        guard let image = UIImage.registry[name] else { return nil }
        self.init(cgImage: image)
    }

    /// A PNG file; nil (and the host's reason in the log) when it cannot be read.
    public convenience init?(contentsOfFile path: String) {
        do {
            self.init(cgImage: CGImage(image: try Image(png: path)))
        } catch {
            Host.log("UIImage(contentsOfFile: \(path)): \(error)", warning: true)
            return nil
        }
    }

    /// Straight-alpha RGBA bytes, rows top to bottom: how a plugin makes the images its code names.
    public static func make(width: Int, height: Int, rgba: [UInt8]) -> UIImage? {
        guard let image = try? Image(width: width, height: height, rgba: rgba) else { return nil }
        return UIImage(cgImage: CGImage(image: image))
    }

    /// Makes `image` what `UIImage(named: name)` returns.
    public static func register(_ image: UIImage, named name: String) { registry[name] = image.cgImage }

    nonisolated(unsafe) static var registry: [String: CGImage] = [:]
}
