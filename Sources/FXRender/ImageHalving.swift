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

    /// `source` (an ARGB32 image surface) halved once: ⌈w/2⌉ × ⌈h/2⌉ texels, each channel the
    /// rounded mean `(sum + n/2) / n` of the `n` texels (4, or fewer at an odd edge) it covers.
    static func halve(_ source: Surface) -> Surface {
        cairo_surface_flush(source.surface)
        return halve(UnsafeRawPointer(cairo_image_surface_get_data(source.surface)!), width: source.width, height: source.height,
                     rowBytes: Int(cairo_image_surface_get_stride(source.surface)), swappingRedAndBlue: false)
    }

    /// An image's premultiplied RGBA pixels halved once, as `halve` halves them once made an
    /// ARGB32 surface (the same texels: every channel is averaged alone, so the order of the
    /// channels in a texel does not matter). An image drawn at under 3/4 of its size needs
    /// only its halvings: made from its pixels, its full-size surface (4 bytes a pixel, freshly
    /// mapped, and a pass that reorders its channels) is never made.
    static func halve(rgba pixels: [UInt8], width: Int, height: Int) -> Surface {
        pixels.withUnsafeBytes { halve($0.baseAddress!, width: width, height: height, rowBytes: width * 4, swappingRedAndBlue: true) }
    }

    /// The halving of `w` × `h` texels of 32 bits, `rowBytes` apart, into a new ARGB32 surface;
    /// `swappingRedAndBlue` turns RGBA's byte order (R at bit 0) into ARGB32's (B at bit 0).
    private static func halve(_ src: UnsafeRawPointer, width w: Int, height h: Int, rowBytes: Int, swappingRedAndBlue swap: Bool) -> Surface {
        let nw = (w + 1) / 2, nh = (h + 1) / 2
        let out = Surface(width: nw, height: nh)
        cairo_surface_flush(out.surface)
        let ds = Int(cairo_image_surface_get_stride(out.surface)) / 4
        let dst = UnsafeMutableRawPointer(cairo_image_surface_get_data(out.surface)!).assumingMemoryBound(to: UInt32.self)
        @inline(__always) func texel(_ row: UnsafeRawPointer, _ x: Int) -> UInt32 { row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self) }
        @inline(__always) func put(_ v: UInt32) -> UInt32 { swap ? (v & 0xFF00_FF00) | (v >> 16 & 0xFF) | (v & 0xFF) << 16 : v }
        for y in 0..<(h / 2) {
            let r0 = src + 2 * y * rowBytes, r1 = r0 + rowBytes, row = dst + y * ds
            for x in 0..<(w / 2) { row[x] = put(blockMean(texel(r0, 2 * x), texel(r0, 2 * x + 1), texel(r1, 2 * x), texel(r1, 2 * x + 1))) }
            if w % 2 == 1 { row[w / 2] = put(edgeMean(texel(r0, w - 1), texel(r1, w - 1))) }
        }
        if h % 2 == 1 {
            let r0 = src + (h - 1) * rowBytes, row = dst + (h / 2) * ds
            for x in 0..<(w / 2) { row[x] = put(edgeMean(texel(r0, 2 * x), texel(r0, 2 * x + 1))) }
            if w % 2 == 1 { row[w / 2] = put(edgeMean(texel(r0, w - 1))) }
        }
        cairo_surface_mark_dirty(out.surface)
        return out
    }

    /// The rounded mean of a whole 2×2 block, `(sum + 2) >> 2` a channel: the channels at bits 0
    /// and 16 (and those at 8 and 24, shifted down) summed at once in 16-bit lanes of one word,
    /// where four 8-bit values and the 2 reach at most 1022 and never carry into the next lane.
    @inline(__always)
    private static func blockMean(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        let lanes: UInt32 = 0x00FF_00FF, half: UInt32 = 0x0002_0002
        let low = (a & lanes) + (b & lanes) + (c & lanes) + (d & lanes) + half
        let high = (a >> 8 & lanes) + (b >> 8 & lanes) + (c >> 8 & lanes) + (d >> 8 & lanes) + half
        return (low >> 2 & lanes) | (high << 6 & ~lanes)
    }

    /// The general rule, for the odd last column and row: each channel the rounded mean
    /// `(sum + n/2) / n` of the one or two texels there are.
    private static func edgeMean(_ a: UInt32, _ b: UInt32? = nil) -> UInt32 {
        let n: UInt32 = b == nil ? 1 : 2
        var mean: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let sum = (a >> shift & 0xFF) + ((b ?? 0) >> shift & 0xFF)
            mean |= ((sum + n / 2) / n) << shift
        }
        return mean
    }
}
