// SPDX-License-Identifier: MIT
import CCairo
import Glibc

/// An image drawn much smaller than its pixels, sampled from a halved copy.
///
/// cairo's `CAIRO_FILTER_GOOD` draws an image shrunk by more than 4/3 on
/// both axes through pixman's separable box convolution, whose kernel is
/// built for every paint and whose cost per target pixel grows with the
/// square of the shrink: an image layer drawn at a third of its size reads
/// about sixteen texels a pixel, every frame it moves. Halving the image
/// once (each texel the rounded mean of the 2×2 it covers; an odd last
/// row or column averages what there is) and drawing that copy instead
/// leaves a shrink below 4/3, which cairo samples bilinearly: the box
/// filter's average, computed once, then one bilinear read a pixel.
enum ImageHalving {
    /// The shrink (source texels per target pixel) from which cairo's GOOD filter convolves.
    static let convolutionShrink = 4.0 / 3.0

    /// How many times to halve a source drawn through `m` (source → device, cairo's user
    /// space with the source at its origin) so that its smaller shrink falls below
    /// `convolutionShrink`; 0 when it already does or the map is degenerate. The shrinks are
    /// measured as cairo measures them for its filter (`_cairo_matrix_compute_basis_scale_factors`
    /// on the pattern matrix, the inverse of `m`, y axis major).
    static func halvings(_ m: cairo_matrix_t) -> Int {
        let det = m.xx * m.yy - m.xy * m.yx
        guard det.isFinite, abs(det) > 1e-12 else { return 0 }
        // The pattern matrix (device → source): the inverse of m.
        let ixx = m.yy / det, ixy = -m.xy / det, iyx = -m.yx / det, iyy = m.xx / det
        let major = hypot(ixy, iyy)
        guard major > 0, major.isFinite else { return 0 }
        let minor = abs(ixx * iyy - ixy * iyx) / major
        let shrink = min(major, minor)
        guard shrink >= convolutionShrink else { return 0 }
        return min(12, Int((log2(shrink / convolutionShrink)).rounded(.down)) + 1)
    }

    /// `source` (an ARGB32 image surface) halved once: ⌈w/2⌉ × ⌈h/2⌉ texels.
    static func halve(_ source: Surface) -> Surface {
        let w = source.width, h = source.height
        let nw = (w + 1) / 2, nh = (h + 1) / 2
        let out = Surface(width: nw, height: nh)
        cairo_surface_flush(source.surface)
        cairo_surface_flush(out.surface)
        let ss = Int(cairo_image_surface_get_stride(source.surface)) / 4
        let ds = Int(cairo_image_surface_get_stride(out.surface)) / 4
        let src = UnsafeRawPointer(cairo_image_surface_get_data(source.surface)!).assumingMemoryBound(to: UInt32.self)
        let dst = UnsafeMutableRawPointer(cairo_image_surface_get_data(out.surface)!).assumingMemoryBound(to: UInt32.self)
        for y in 0..<nh {
            let r0 = src + 2 * y * ss
            let r1 = 2 * y + 1 < h ? r0 + ss : nil
            let row = dst + y * ds
            for x in 0..<nw {
                var a: UInt32 = 0, r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, n: UInt32 = 0
                func take(_ v: UInt32) {
                    a += v >> 24; r += v >> 16 & 0xFF; g += v >> 8 & 0xFF; b += v & 0xFF; n += 1
                }
                take(r0[2 * x])
                if 2 * x + 1 < w { take(r0[2 * x + 1]) }
                if let r1 {
                    take(r1[2 * x])
                    if 2 * x + 1 < w { take(r1[2 * x + 1]) }
                }
                let half = n / 2
                row[x] = ((a + half) / n) << 24 | ((r + half) / n) << 16 | ((g + half) / n) << 8 | (b + half) / n
            }
        }
        cairo_surface_mark_dirty(out.surface)
        return out
    }
}
