// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import Testing
@testable import FXRender

/// `ImageHalving`: when an image is drawn from a halved copy (cairo's shrink
/// measure, 4/3 the threshold), and the copy's texels (rounded means of the
/// 2×2 each covers, fewer at an odd edge), with expected values worked by hand.
@Suite struct ImageHalvingTests {
    private func matrix(_ xx: Double, _ yx: Double, _ xy: Double, _ yy: Double) -> cairo_matrix_t {
        var m = cairo_matrix_t()
        cairo_matrix_init(&m, xx, yx, xy, yy, 0, 0)
        return m
    }

    /// Drawn at scale s, the shrink is 1/s: 1/0.8 = 1.25 < 4/3 keeps the image; 1/0.7 ≈ 1.43 halves
    /// once (0.71 left); 1/0.25 = 4 halves twice (4/4 = 1 < 4/3); 1/0.1 = 10 three times (10/8).
    @Test func halvingsFollowTheSmallerShrink() {
        #expect(ImageHalving.halvings(matrix(1, 0, 0, 1)) == 0)
        #expect(ImageHalving.halvings(matrix(2, 0, 0, 2)) == 0)
        #expect(ImageHalving.halvings(matrix(0.8, 0, 0, 0.8)) == 0)
        #expect(ImageHalving.halvings(matrix(0.7, 0, 0, 0.7)) == 1)
        #expect(ImageHalving.halvings(matrix(0.25, 0, 0, 0.25)) == 2)
        #expect(ImageHalving.halvings(matrix(0.1, 0, 0, 0.1)) == 3)
        // Turned by 90° at scale 0.25: the same shrink.
        #expect(ImageHalving.halvings(matrix(0, 0.25, -0.25, 0)) == 2)
        // Shrunk on one axis only (x by 4, y not): the smaller shrink, 1, keeps the image.
        #expect(ImageHalving.halvings(matrix(0.25, 0, 0, 1)) == 0)
        // Degenerate: nothing to measure.
        #expect(ImageHalving.halvings(matrix(0, 0, 0, 0)) == 0)
    }

    /// A 3×3 image halves to 2×2: the top-left texel averages four pixels, the right column two,
    /// the bottom row two, the corner one. Channels in premultiplied ARGB32.
    @Test func halvedTexelsAreRoundedMeans() {
        let s = Surface(width: 3, height: 3)
        cairo_surface_flush(s.surface)
        let stride = Int(cairo_image_surface_get_stride(s.surface)) / 4
        let px = UnsafeMutableRawPointer(cairo_image_surface_get_data(s.surface)!).assumingMemoryBound(to: UInt32.self)
        // Alpha and red per pixel (green and blue 0), red ≤ alpha as premultiplied pixels are.
        let alpha: [[UInt32]] = [[255, 0, 100], [255, 255, 50], [10, 20, 30]]
        let red: [[UInt32]] = [[255, 0, 100], [1, 0, 50], [10, 20, 30]]
        for y in 0..<3 { for x in 0..<3 { px[y * stride + x] = alpha[y][x] << 24 | red[y][x] << 16 } }
        cairo_surface_mark_dirty(s.surface)
        let h = ImageHalving.halve(s)
        #expect(h.width == 2 && h.height == 2)
        cairo_surface_flush(h.surface)
        let hs = Int(cairo_image_surface_get_stride(h.surface)) / 4
        let out = UnsafeRawPointer(cairo_image_surface_get_data(h.surface)!).assumingMemoryBound(to: UInt32.self)
        func texel(_ x: Int, _ y: Int) -> (UInt32, UInt32) { (out[y * hs + x] >> 24, out[y * hs + x] >> 16 & 0xFF) }
        // (255 + 0 + 255 + 255 + 2) / 4 = 191.75 → 191; red (255 + 0 + 1 + 0 + 2) / 4 = 64.
        #expect(texel(0, 0) == (191, 64))
        // (100 + 50 + 1) / 2 = 75; red the same.
        #expect(texel(1, 0) == (75, 75))
        // (10 + 20 + 1) / 2 = 15; red the same.
        #expect(texel(0, 1) == (15, 15))
        // One pixel: itself.
        #expect(texel(1, 1) == (30, 30))
    }

    /// Premultiplied ARGB32 texels from a fixed pseudo-random sequence (so failures repeat): alpha
    /// 0, 255 or any, each colour at most alpha, often equal to it (so whole blocks of 255 occur).
    struct Texels {
        var state: UInt64
        mutating func next(_ below: UInt32) -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33) % below
        }
        mutating func texel() -> UInt32 {
            let kind = next(4)
            let a = kind == 0 ? 0 : kind == 1 ? 255 : next(256)
            var v = a << 24
            for shift: UInt32 in [16, 8, 0] { v |= (next(3) == 0 ? a : next(a + 1)) << shift }
            return v
        }
    }

    /// The rule written out plainly: each texel of the copy, channel by channel, the rounded mean
    /// (sum + n/2) / n of the n source texels (four, or at an odd last row or column fewer) it covers.
    static func reference(_ texels: [UInt32], width w: Int, height h: Int) -> [UInt32] {
        var out: [UInt32] = []
        for y in 0..<((h + 1) / 2) {
            for x in 0..<((w + 1) / 2) {
                var covered: [UInt32] = []
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] where 2 * x + dx < w && 2 * y + dy < h {
                    covered.append(texels[(2 * y + dy) * w + 2 * x + dx])
                }
                let n = UInt32(covered.count)
                var texel: UInt32 = 0
                for shift: UInt32 in [24, 16, 8, 0] {
                    let sum = covered.reduce(0) { $0 + ($1 >> shift & 0xFF) }
                    texel |= ((sum + n / 2) / n) << shift
                }
                out.append(texel)
            }
        }
        return out
    }

    /// `halve` gives the reference's texels, bit for bit, on random images of odd and even sizes.
    @Test(arguments: [(1, 1), (1, 6), (7, 1), (2, 2), (3, 5), (4, 3), (64, 63), (63, 64), (257, 130), (130, 257)])
    func halvingFollowsTheRuleOnRandomImages(width: Int, height: Int) {
        var random = Texels(state: UInt64(width * 1000 + height))
        let texels = (0..<(width * height)).map { _ in random.texel() }
        let s = Surface(width: width, height: height)
        cairo_surface_flush(s.surface)
        let stride = Int(cairo_image_surface_get_stride(s.surface)) / 4
        let px = UnsafeMutableRawPointer(cairo_image_surface_get_data(s.surface)!).assumingMemoryBound(to: UInt32.self)
        for y in 0..<height { for x in 0..<width { px[y * stride + x] = texels[y * width + x] } }
        cairo_surface_mark_dirty(s.surface)
        Self.expectRule(ImageHalving.halve(s), halving: texels, width: width, height: height)
    }

    /// The ARGB32 words of a surface, row by row.
    static func words(_ s: Surface) -> [UInt32] {
        cairo_surface_flush(s.surface)
        let stride = Int(cairo_image_surface_get_stride(s.surface)) / 4
        let px = UnsafeRawPointer(cairo_image_surface_get_data(s.surface)!).assumingMemoryBound(to: UInt32.self)
        return (0..<s.height).flatMap { y in (0..<s.width).map { x in px[y * stride + x] } }
    }

    /// `halved` is ⌈w/2⌉ × ⌈h/2⌉ and holds the reference's texels for `texels`, bit for bit.
    static func expectRule(_ halved: Surface, halving texels: [UInt32], width: Int, height: Int) {
        let nw = (width + 1) / 2, nh = (height + 1) / 2
        #expect(halved.width == nw && halved.height == nh)
        let wrong = zip(words(halved), reference(texels, width: width, height: height)).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(wrong.count == 0, "\(width)×\(height): first wrong texel at x \((wrong.first ?? 0) % nw), y \((wrong.first ?? 0) / nw)")
    }

    /// An image's RGBA bytes halved straight into ARGB32 give the rule's texels too: each texel of
    /// the random images written as the bytes R, G, B, A (an image's order), and the copy read back
    /// in cairo's word order (A, R, G, B from the top bits down).
    @Test(arguments: [(1, 1), (1, 6), (7, 1), (2, 2), (3, 5), (4, 3), (64, 63), (257, 130)])
    func halvingAnImagesBytesFollowsTheRule(width: Int, height: Int) {
        var random = Texels(state: UInt64(width * 7919 + height))
        let texels = (0..<(width * height)).map { _ in random.texel() }
        let rgba = texels.flatMap { v in [UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF), UInt8(v >> 24)] }
        Self.expectRule(ImageHalving.halve(rgba: rgba, width: width, height: height), halving: texels, width: width, height: height)
    }

    /// The cache's halvings of an image are the same texels whether its full-size surface was made
    /// first (halved from it) or never (the first halving made from the image's bytes): the rule
    /// applied twice, on an image of odd sizes.
    @Test func cachedHalvingsDoNotDependOnTheFullSizeSurface() {
        let width = 37, height = 23
        var random = Texels(state: 4242)
        let texels = (0..<(width * height)).map { _ in random.texel() }
        let rgba = texels.flatMap { v in [UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF), UInt8(v >> 24)] }
        let image = FXCore.Image(width: width, height: height, pixels: rgba, label: "random")
        let once = Self.reference(texels, width: width, height: height)
        let want = Self.reference(once, width: (width + 1) / 2, height: (height + 1) / 2)
        let fromBytes = ImageCache()
        #expect(Self.words(fromBytes.surface(image, halvings: 2)) == want)
        let fromSurface = ImageCache()
        _ = fromSurface.surface(image)
        #expect(Self.words(fromSurface.surface(image, halvings: 2)) == want)
    }
}
