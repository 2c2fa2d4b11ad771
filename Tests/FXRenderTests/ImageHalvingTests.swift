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
}
