import FXCore

typealias FXCoreImage = FXCore.Image

/// Cairo surfaces for layer images, made once per image and kept while the
/// image is in use.
final class ImageCache {
    private var surfaces: [ObjectIdentifier: (image: FXCoreImage, surface: Surface, opaque: Bool)] = [:]

    func surface(_ image: FXCoreImage) -> Surface { entry(image).surface }

    /// Whether every pixel of the image is opaque (it hides what lies under it).
    func isOpaque(_ image: FXCoreImage) -> Bool { entry(image).opaque }

    private func entry(_ image: FXCoreImage) -> (image: FXCoreImage, surface: Surface, opaque: Bool) {
        let key = ObjectIdentifier(image)
        if let hit = surfaces[key] { return hit }
        let s = Surface(rgba: image.pixels, width: image.width, height: image.height)
        var opaque = true
        image.pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count { if p[i] != 255 { opaque = false; break }; i += 4 }
        }
        let e = (image, s, opaque)
        surfaces[key] = e
        return e
    }
}
