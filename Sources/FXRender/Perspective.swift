import CPangoCairo
import CPixman

/// Paints a surface through a projective map with pixman, for layers whose
/// transform has perspective (flip, cube): cairo only knows affine maps.
enum Perspective {
    /// Composites `source` onto `target` with `h` mapping source pixels to
    /// target pixels, bilinear-filtered, `alpha` applied.
    static func composite(_ source: Surface, onto target: Surface, _ h: Homography, alpha: Double) {
        guard let inv = h.inverse else { return }
        cairo_surface_flush(source.surface)
        cairo_surface_flush(target.surface)
        let src = pixmanImage(source)
        let dst = pixmanImage(target)
        defer { pixman_image_unref(src); pixman_image_unref(dst) }
        // pixman maps destination → source with column vectors: the transpose of our row form.
        func f(_ v: Double) -> pixman_fixed_t { pixman_fixed_t(max(-32767, min(32767, v)) * 65536) }
        let m = inv.m
        // Normalise so the fixed-point entries keep precision.
        let n = max(abs(m.8), 1e-9)
        var t = pixman_transform()
        t.matrix.0 = (f(m.0 / n), f(m.3 / n), f(m.6 / n))
        t.matrix.1 = (f(m.1 / n), f(m.4 / n), f(m.7 / n))
        t.matrix.2 = (f(m.2 / n), f(m.5 / n), f(m.8 / n))
        pixman_image_set_transform(src, &t)
        pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(src, PIXMAN_REPEAT_NONE)
        var mask: OpaquePointer?
        if alpha < 1 {
            var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(max(0, min(1, alpha)) * 65535))
            mask = pixman_image_create_solid_fill(&c)
        }
        // Only the part of the target the mapped source can cover.
        let corners = [h.apply(0, 0), h.apply(Double(source.width), 0),
                       h.apply(Double(source.width), Double(source.height)), h.apply(0, Double(source.height))]
        var x0 = 0, y0 = 0, x1 = target.width, y1 = target.height
        if corners.allSatisfy({ $0.w > 0 }) {
            x0 = max(0, Int(pixels: corners.map(\.x).min()!.rounded(.down)) - 1)
            y0 = max(0, Int(pixels: corners.map(\.y).min()!.rounded(.down)) - 1)
            x1 = min(target.width, Int(pixels: corners.map(\.x).max()!.rounded(.up)) + 1)
            y1 = min(target.height, Int(pixels: corners.map(\.y).max()!.rounded(.up)) + 1)
        }
        if x1 > x0 && y1 > y0 {
            pixman_image_composite32(PIXMAN_OP_OVER, src, mask, dst, Int32(x0), Int32(y0), 0, 0,
                                     Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
        }
        if let mask { pixman_image_unref(mask) }
        cairo_surface_mark_dirty(target.surface)
    }

    private static func pixmanImage(_ s: Surface) -> OpaquePointer {
        let data = cairo_image_surface_get_data(s.surface)!
        let stride = cairo_image_surface_get_stride(s.surface)
        return pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(s.width), Int32(s.height),
                                        UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), stride)
    }
}
