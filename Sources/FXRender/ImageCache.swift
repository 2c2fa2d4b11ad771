// SPDX-License-Identifier: MIT
import FXCore

typealias FXCoreImage = FXCore.Image

/// Cairo surfaces for layer images, made once per image and kept while the
/// image is in use. Each entry holds its image, so that its identifier is not
/// reused by another image while the entry lives.
final class ImageCache {
    private var surfaces: [ObjectIdentifier: (image: FXCoreImage, surface: Surface)] = [:]
    private var opacity: [ObjectIdentifier: (image: FXCoreImage, opaque: Bool)] = [:]
    private var mipChains: [MipKey: (image: FXCoreImage, mips: MipChain)] = [:]
    /// Halved copies (`ImageHalving`): for each image, its copies halved once, twice…; the first
    /// made from the image's pixels when its full-size surface was never needed.
    private var halved: [ObjectIdentifier: (image: FXCoreImage, copies: [Surface])] = [:]

    private struct MipKey: Hashable {
        let image: ObjectIdentifier
        let x0, y0, x1, y1: Int
    }

    func surface(_ image: FXCoreImage) -> Surface {
        let key = ObjectIdentifier(image)
        if let hit = surfaces[key] { return hit.surface }
        let s = Surface(rgba: image.pixels, width: image.width, height: image.height)
        surfaces[key] = (image, s)
        return s
    }

    /// The image halved `k` times (`ImageHalving.halve`), made once; `k` 0 is the image.
    func surface(_ image: FXCoreImage, halvings k: Int) -> Surface {
        guard k > 0 else { return surface(image) }
        let key = ObjectIdentifier(image)
        var copies = halved[key]?.copies ?? []
        while copies.count < k {
            if let last = copies.last ?? surfaces[key]?.surface {
                copies.append(ImageHalving.halve(last))
            } else {
                copies.append(ImageHalving.halve(rgba: image.pixels, width: image.width, height: image.height))
            }
        }
        halved[key] = (image, copies)
        return copies[k - 1]
    }

    /// The image's pixels `x0..<x1` × `y0..<y1` and their halvings, for drawing particles.
    func mips(_ image: FXCoreImage, x0: Int, y0: Int, x1: Int, y1: Int) -> MipChain {
        let key = MipKey(image: ObjectIdentifier(image), x0: x0, y0: y0, x1: x1, y1: y1)
        if let hit = mipChains[key] { return hit.mips }
        let m = MipChain(image, x0: x0, y0: y0, x1: x1, y1: y1)
        mipChains[key] = (image, m)
        return m
    }

    /// Whether every pixel of the image is opaque (it hides what lies under it).
    func isOpaque(_ image: FXCoreImage) -> Bool {
        let key = ObjectIdentifier(image)
        if let hit = opacity[key] { return hit.opaque }
        var opaque = true
        image.pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count { if p[i] != 255 { opaque = false; break }; i += 4 }
        }
        opacity[key] = (image, opaque)
        return opaque
    }
}
