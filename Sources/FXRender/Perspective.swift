// SPDX-License-Identifier: MIT
import CCairo

/// Paints a surface through a projective map, for layers whose transform has
/// perspective (flip, cube): cairo only knows affine maps.
///
/// Each target pixel's centre is mapped back through the inverse in double
/// precision and the source is sampled there with bilinear filtering, source
/// pixel centres at half-integers and transparent outside the source. Both
/// sides use the same continuous coordinates (pixel i covers [i, i + 1]), so a
/// source edge lands exactly where the map sends it, with the same
/// anti-aliasing on every side. (pixman's projective transform, used before,
/// holds the inverse in 16.16 fixed point; its perspective terms, around 1/300,
/// kept two or three significant digits and moved edges by a third of a pixel.)
enum Perspective {
    /// Composites `source` onto `target` with `h` mapping source pixels to
    /// target pixels, `alpha` applied, within the target's current clip. A clip
    /// that is one pixel-aligned rectangle bounds the pixels written; any other
    /// (a rounded masksToBounds, a rotated superlayer's) is applied by cairo, from
    /// a scratch image of the covered box.
    static func composite(_ source: Surface, onto target: Surface, _ h: Homography, alpha: Double) {
        guard let inv = h.inverse, alpha > 0 else { return }
        cairo_surface_flush(source.surface)
        let (clip, rectangular) = clipBox(target)
        guard let content = paintedRect(of: source), let box = coverage(of: content, h, within: clip) else { return }
        if rectangular {
            cairo_surface_flush(target.surface)
            resample(source, inv, alpha: alpha, box: box, into: target, at: (0, 0))
            cairo_surface_mark_dirty(target.surface)
            return
        }
        let scratch = Surface(width: box.x1 - box.x0, height: box.y1 - box.y0)
        cairo_surface_flush(scratch.surface)
        resample(source, inv, alpha: alpha, box: box, into: scratch, at: (box.x0, box.y0))
        cairo_surface_mark_dirty(scratch.surface)
        cairo_save(target.cr)
        cairo_identity_matrix(target.cr)
        cairo_set_source_surface(target.cr, scratch.surface, Double(box.x0), Double(box.y0))
        cairo_paint(target.cr)
        cairo_restore(target.cr)
    }

    /// Blends the resampled source over the target pixels in `box`, into `out` whose pixel (0, 0)
    /// is target pixel `origin`.
    private static func resample(_ source: Surface, _ inv: Homography, alpha: Double,
                                 box: (x0: Int, y0: Int, x1: Int, y1: Int), into out: Surface, at origin: (Int, Int)) {
        let sw = source.width, sh = source.height
        let sstride = Int(cairo_image_surface_get_stride(source.surface)) / 4
        let tstride = Int(cairo_image_surface_get_stride(out.surface)) / 4
        let src = UnsafeRawPointer(cairo_image_surface_get_data(source.surface)!).assumingMemoryBound(to: UInt32.self)
        let dst = UnsafeMutableRawPointer(cairo_image_surface_get_data(out.surface)!).assumingMemoryBound(to: UInt32.self)
        let (ox, oy) = origin
        let m = inv.m
        let a = Float(min(1, alpha))

        /// A premultiplied ARGB32 pixel as four floats; transparent outside the source.
        @inline(__always) func fetch(_ x: Int, _ y: Int) -> SIMD4<Float> {
            guard x >= 0, y >= 0, x < sw, y < sh else { return .zero }
            let p = src[y * sstride + x]
            return SIMD4(Float(p >> 24), Float((p >> 16) & 255), Float((p >> 8) & 255), Float(p & 255))
        }

        /// The bilinear sample at source point (u, v) (pixel centres at half-integers).
        @inline(__always) func sample(_ u: Double, _ v: Double) -> SIMD4<Float> {
            let su = u - 0.5, sv = v - 0.5
            guard su > -1, sv > -1, su < Double(sw), sv < Double(sh) else { return .zero }
            let ix = Int(floorPixels: su), iy = Int(floorPixels: sv)
            let fu = Double(ix), fv = Double(iy)
            let tx = Float(su - fu), ty = Float(sv - fv)
            let top = fetch(ix, iy) * (1 - tx) + fetch(ix + 1, iy) * tx
            let bottom = fetch(ix, iy + 1) * (1 - tx) + fetch(ix + 1, iy + 1) * tx
            return top * (1 - ty) + bottom * ty
        }

        /// The one value of every source pixel within `reach` of (u, v), if they are all the same
        /// (raw comparisons: far cheaper than filtering a region that has nothing to filter).
        @inline(__always) func uniform(_ u: Double, _ v: Double, reach: Double) -> UInt32? {
            let x0 = Int(floorPixels: u - reach), x1 = Int(floorPixels: u + reach)
            let y0 = Int(floorPixels: v - reach), y1 = Int(floorPixels: v + reach)
            guard x0 >= 0, y0 >= 0, x1 < sw, y1 < sh, (x1 - x0 + 1) * (y1 - y0 + 1) <= 81 else { return nil }
            let first = src[y0 * sstride + x0]
            for yy in y0...y1 {
                let line = src + yy * sstride
                for xx in x0...x1 where line[xx] != first { return nil }
            }
            return first
        }

        for y in box.y0..<box.y1 {
            let row = dst + (y - oy) * tstride
            for x in box.x0..<box.x1 {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                // inv · (px, py, 1): its third coordinate is 1/w of the forward map, positive in front of the eye.
                let w = px * m.2 + py * m.5 + m.8
                guard w > 1e-12 else { continue }
                let u = (px * m.0 + py * m.3 + m.6) / w, v = (px * m.1 + py * m.4 + m.7) / w
                // Where the source is minified, one sample per target pixel would alias its edges: take n × n
                // samples over the pixel, n the number of source pixels the pixel spans (the inverse's Jacobian).
                let span = max(abs(m.0 - u * m.2) + abs(m.3 - u * m.5), abs(m.1 - v * m.2) + abs(m.4 - v * m.5)) / w
                let n = span > 1.05 ? min(8, Int(pixels: span.rounded(.up))) : 1
                var s: SIMD4<Float>
                if let flat = uniform(u, v, reach: span / 2 + 1) {
                    // Every source pixel the filter can reach is the same: the sample is that pixel.
                    guard flat != 0 else { continue }
                    if flat >> 24 == 255 && a >= 1 { row[x - ox] = flat; continue }
                    s = SIMD4(Float(flat >> 24), Float((flat >> 16) & 255), Float((flat >> 8) & 255), Float(flat & 255))
                } else if n == 1 {
                    guard u > -0.5, v > -0.5, u < Double(sw) + 0.5, v < Double(sh) + 0.5 else { continue }
                    s = sample(u, v)
                } else {
                    s = .zero
                    for j in 0..<n {
                        let qy = py + (Double(j) + 0.5) / Double(n) - 0.5
                        for i in 0..<n {
                            let qx = px + (Double(i) + 0.5) / Double(n) - 0.5
                            let qw = qx * m.2 + qy * m.5 + m.8
                            guard qw > 1e-12 else { continue }
                            s += sample((qx * m.0 + qy * m.3 + m.6) / qw, (qx * m.1 + qy * m.4 + m.7) / qw)
                        }
                    }
                    s /= Float(n * n)
                }
                s *= a
                guard s[0] > 0 else { continue }
                let d = row[x - ox]
                let dv = SIMD4(Float(d >> 24), Float((d >> 16) & 255), Float((d >> 8) & 255), Float(d & 255))
                let o = s + dv * (1 - s[0] / 255)
                let q = (o + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                row[x - ox] = UInt32(q[0]) << 24 | UInt32(q[1]) << 16 | UInt32(q[2]) << 8 | UInt32(q[3])
            }
        }
    }

    /// The box around the target's clip in device pixels (the whole surface when nothing clips
    /// it), and whether the clip is exactly that box.
    private static func clipBox(_ target: Surface) -> ((x0: Int, y0: Int, x1: Int, y1: Int), Bool) {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(target.cr)
        cairo_identity_matrix(target.cr)
        cairo_clip_extents(target.cr, &x0, &y0, &x1, &y1)
        var rectangular = false
        if let list = cairo_copy_clip_rectangle_list(target.cr) {
            if list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1, let r = list.pointee.rectangles {
                let c = r.pointee
                rectangular = [c.x, c.y, c.width, c.height].allSatisfy { $0 == $0.rounded() }
            }
            cairo_rectangle_list_destroy(list)
        }
        cairo_restore(target.cr)
        let box = (max(0, Int(pixels: x0.rounded(.down))), max(0, Int(pixels: y0.rounded(.down))),
                   min(target.width, Int(pixels: x1.rounded(.up))), min(target.height, Int(pixels: y1.rounded(.up))))
        return (box, rectangular)
    }

    /// The source region a sample can take something from: the box of its pixels that are not
    /// transparent, half a pixel wider on each side (a bilinear sample at u reads the pixels at
    /// u - 0.5 rounded down and the one after it), in continuous coordinates; nil when every pixel
    /// is transparent. A target pixel whose square the map sends wholly outside it takes only
    /// transparent pixels, by every path of `resample` (the uniform test sees the transparent pixel
    /// under the sample point), and is left as it is: skipping it changes no byte. A layer drawn flat
    /// for a perspective is mostly transparent (its surface holds its whole bounds, enlarged on
    /// screen, around a few painted pixels).
    private static func paintedRect(of source: Surface) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        let stride = Int(cairo_image_surface_get_stride(source.surface)) / 4
        let src = UnsafeRawPointer(cairo_image_surface_get_data(source.surface)!).assumingMemoryBound(to: UInt32.self)
        var x0 = source.width, x1 = -1, y0 = -1, y1 = -1
        for y in 0..<source.height {
            let row = UnsafeBufferPointer(start: src + y * stride, count: source.width)
            guard let first = row.firstIndex(where: { $0 != 0 }) else { continue }
            let last = row.lastIndex { $0 != 0 }!
            if y0 < 0 { y0 = y }
            y1 = y
            x0 = min(x0, first)
            x1 = max(x1, last)
        }
        guard y0 >= 0 else { return nil }
        return (Double(x0) - 0.5, Double(y0) - 0.5, Double(x1) + 1.5, Double(y1) + 1.5)
    }

    /// The target pixels the mapped region can touch (its corners' box, one pixel wider), within
    /// `clip`; all of `clip` when a corner lies behind the eye.
    private static func coverage(of region: (x0: Double, y0: Double, x1: Double, y1: Double), _ h: Homography,
                                 within clip: (x0: Int, y0: Int, x1: Int, y1: Int)) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let corners = [h.apply(region.x0, region.y0), h.apply(region.x1, region.y0),
                       h.apply(region.x1, region.y1), h.apply(region.x0, region.y1)]
        var box = clip
        if corners.allSatisfy({ $0.w > 0 && $0.x.isFinite && $0.y.isFinite }) {
            box.x0 = max(clip.x0, Int(pixels: corners.map(\.x).min()!.rounded(.down)) - 1)
            box.y0 = max(clip.y0, Int(pixels: corners.map(\.y).min()!.rounded(.down)) - 1)
            box.x1 = min(clip.x1, Int(pixels: corners.map(\.x).max()!.rounded(.up)) + 1)
            box.y1 = min(clip.y1, Int(pixels: corners.map(\.y).max()!.rounded(.up)) + 1)
        }
        return box.x1 > box.x0 && box.y1 > box.y0 ? box : nil
    }
}
