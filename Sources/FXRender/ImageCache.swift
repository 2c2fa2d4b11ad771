// SPDX-License-Identifier: MIT
import FXCore

typealias FXCoreImage = FXCore.Image

/// Cairo surfaces for layer images, made once per image and kept while the
/// image is in use. Each entry holds its image, so that its identifier is not
/// reused by another image while the entry lives.
final class ImageCache {
    /// What has been made of one image, each part when first asked for.
    private final class Made {
        let image: FXCoreImage
        var surface: Surface?
        var opaque: Bool?
        /// Halved copies (`ImageHalving`): halved once, twice…; the first made from the image's
        /// pixels when its full-size surface was never needed.
        var halvings: [Surface] = []
        init(_ image: FXCoreImage) { self.image = image }
    }

    private var made: [ObjectIdentifier: Made] = [:]
    private var mipChains: [MipKey: (image: FXCoreImage, mips: MipChain)] = [:]

    private struct MipKey: Hashable {
        let image: ObjectIdentifier
        let x0, y0, x1, y1: Int
    }

    private func entry(_ image: FXCoreImage) -> Made {
        if let hit = made[ObjectIdentifier(image)] { return hit }
        let e = Made(image)
        made[ObjectIdentifier(image)] = e
        return e
    }

    func surface(_ image: FXCoreImage) -> Surface {
        let e = entry(image)
        if let s = e.surface { return s }
        let s = Surface(rgba: image.pixels, width: image.width, height: image.height)
        e.surface = s
        return s
    }

    /// The image halved `k` times (`ImageHalving.halve`), made once; `k` 0 is the image.
    func surface(_ image: FXCoreImage, halvings k: Int) -> Surface {
        guard k > 0 else { return surface(image) }
        let e = entry(image)
        while e.halvings.count < k {
            if let last = e.halvings.last ?? e.surface {
                e.halvings.append(ImageHalving.halve(last))
            } else {
                e.halvings.append(ImageHalving.halve(rgba: image.pixels, width: image.width, height: image.height))
            }
        }
        return e.halvings[k - 1]
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
        let e = entry(image)
        if let o = e.opaque { return o }
        var opaque = true
        image.pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count { if p[i] != 255 { opaque = false; break }; i += 4 }
        }
        e.opaque = opaque
        return opaque
    }
}
