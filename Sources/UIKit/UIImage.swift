// SPDX-License-Identifier: MIT
import FXPluginKit
import Foundation
import QuartzCore

/// Decoded pixels (`UIImage`). `UIImage(named:)` finds images the plugin
/// registered under a name (generated at build time, or read from a file
/// parameter with `UIImage(contentsOfFile:)`), then PNG files beside the plugin,
/// since a plugin has no asset catalogue.
open class UIImage: NSObject, @unchecked Sendable {
    public let cgImage: CGImage?
    public let scale: CGFloat = 1
    public var size: CGSize { CGSize(width: CGFloat(cgImage?.width ?? 0), height: CGFloat(cgImage?.height ?? 0)) }

    /// How a view draws the image (`UIImage.RenderingMode`). An image view draws
    /// an `.alwaysTemplate` image as Apple's template: its alpha only, in the
    /// view's `tintColor`. That needs the pixels, which fx.h 1.2 does not give
    /// back, so it is done for images the plugin made from bytes (`make`); a
    /// template image read from a PNG is drawn in its own colours, with a
    /// warning in fxhost's log.
    public enum RenderingMode: Int, Sendable {
        case automatic, alwaysOriginal, alwaysTemplate
    }
    public let renderingMode: RenderingMode
    /// The straight-alpha bytes the image was made from, when the plugin made it (`make`).
    let rgba: [UInt8]?

    public init(cgImage: CGImage) {
        self.cgImage = cgImage
        renderingMode = .automatic
        rgba = nil
    }

    init(cgImage: CGImage?, renderingMode: RenderingMode, rgba: [UInt8]?) {
        self.cgImage = cgImage
        self.renderingMode = renderingMode
        self.rgba = rgba
    }

    /// An empty image (no pixels, size zero), as `UIImage()` is on iOS.
    override public init() {
        cgImage = nil
        renderingMode = .automatic
        rgba = nil
    }

    /// The same pixels with `renderingMode` set (see `RenderingMode`).
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(cgImage: cgImage, renderingMode: renderingMode, rgba: rgba)
    }

    /// What an image view shows: a template image in `tint`, keeping each pixel's alpha.
    func shown(tint: UIColor?) -> CGImage? {
        guard renderingMode == .alwaysTemplate, let tint, let cgImage else { return cgImage }
        guard let rgba else {
            if !UIImage.warnedUntinted {
                UIImage.warnedUntinted = true
                Host.log("UIImageView: a template image read from a PNG is drawn in its own colours (fxhost gives a plugin no pixels back to tint); make it with UIImage.make to have it tinted", warning: true)
            }
            return cgImage
        }
        let c = tint.cgColor.rgba.map { max(0, min(1, Double($0))) }
        var out = [UInt8](repeating: 0, count: rgba.count)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            out[i] = UInt8((c[0] * 255).rounded())
            out[i + 1] = UInt8((c[1] * 255).rounded())
            out[i + 2] = UInt8((c[2] * 255).rounded())
            out[i + 3] = UInt8((Double(rgba[i + 3]) * c[3]).rounded())
        }
        guard let image = try? Image(width: cgImage.width, height: cgImage.height, rgba: out) else { return cgImage }
        return CGImage(image: image)
    }
    nonisolated(unsafe) static var warnedUntinted = false

    /// The image registered with `UIImage.register(_:named:)` under `name`, else the
    /// PNG file `name` (with `.png` added when it has no extension, as iOS does) in
    /// the plugin's folder (`Bundle.plugin`); nil when there is neither.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil)
    }

    /// As `init?(named:)`, looking in `bundle`'s folder (the plugin's when nil) after the registry.
    public convenience init?(named name: String, in bundle: Bundle?) {
        if let image = UIImage.registry[name], let cgImage = image.cgImage {
            self.init(cgImage: cgImage, renderingMode: .automatic, rgba: image.rgba)
            return
        }
        let file = (name as NSString).pathExtension.isEmpty ? name + ".png" : name
        let path = (bundle ?? .plugin).bundlePath + "/" + file
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        self.init(contentsOfFile: path)
    }

    /// `UIImage(named:in:compatibleWith:)`: as `init?(named:in:)`. A plugin has one image per name (no
    /// asset catalogue with variants by scale, size class or appearance), so `traitCollection` chooses nothing.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name, in: bundle)
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

    /// PNG bytes (`UIImage(data:)`); nil (and the host's reason in the log) when they are not a PNG it
    /// can read, as UIKit returns nil for data it cannot read. Decoded by the host in memory (fx.h 1.4;
    /// `PNGBytes` says what an older host does); other formats iOS reads (JPEG, GIF, HEIC) are not decoded.
    public convenience init?(data: Data) {
        do {
            self.init(cgImage: CGImage(image: try PNGBytes.decode(data)))
        } catch {
            Host.log("UIImage(data:) of \(data.count) bytes: \(error)", warning: true)
            return nil
        }
    }

    /// `UIImage(data:scale:)`: as `UIImage(data:)`; an image here has scale 1, so `scale` is not kept.
    public convenience init?(data: Data, scale: CGFloat) { self.init(data: data) }

    /// Straight-alpha RGBA bytes, rows top to bottom: how a plugin makes the images its code names.
    public static func make(width: Int, height: Int, rgba: [UInt8]) -> UIImage? {
        guard let image = try? Image(width: width, height: height, rgba: rgba) else { return nil }
        return UIImage(cgImage: CGImage(image: image), renderingMode: .automatic, rgba: rgba)
    }

    /// Makes `image` what `UIImage(named: name)` returns.
    public static func register(_ image: UIImage, named name: String) { registry[name] = image }

    nonisolated(unsafe) static var registry: [String: UIImage] = [:]
}
