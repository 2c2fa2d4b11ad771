import FXCore

typealias FXCoreImage = FXCore.Image

/// Cairo surfaces for layer images, made once per image and kept while the
/// image is in use.
final class ImageCache {
    private var surfaces: [ObjectIdentifier: (image: FXCoreImage, surface: Surface)] = [:]

    func surface(_ image: FXCoreImage) -> Surface {
        let key = ObjectIdentifier(image)
        if let hit = surfaces[key] { return hit.surface }
        let s = Surface(rgba: image.pixels, width: image.width, height: image.height)
        surfaces[key] = (image, s)
        return s
    }
}
