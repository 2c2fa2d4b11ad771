import FXPluginKit
import QuartzCore

/// Decoded pixels (`UIImage`). `UIImage(named:)` finds images the plugin
/// registered under a name (generated at build time, or read from a file
/// parameter with `UIImage(contentsOfFile:)`), since a plugin has no asset catalogue.
open class UIImage: NSObject, @unchecked Sendable {
    public let cgImage: CGImage?
    public let scale: CGFloat = 1
    public var size: CGSize { CGSize(width: CGFloat(cgImage?.width ?? 0), height: CGFloat(cgImage?.height ?? 0)) }

    public init(cgImage: CGImage) { self.cgImage = cgImage }

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
