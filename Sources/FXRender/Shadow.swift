import CPangoCairo
import FXCore

/// Drop shadows: the alpha of what a layer drew, blurred, tinted and offset.
enum Shadow {
    /// Paints the shadow of `group` (a target-sized surface) onto `cr`.
    /// `offset` and `radius` are in target pixels.
    static func paint(of group: Surface, color: Color, opacity: Double, offset: (Double, Double), radius: Double,
                      onto cr: OpaquePointer) {
        let w = group.width, h = group.height
        cairo_surface_flush(group.surface)
        let stride = Int(cairo_image_surface_get_stride(group.surface))
        let data = cairo_image_surface_get_data(group.surface)!
        var alpha = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { alpha[y * w + x] = Float(row[x] >> 24) / 255 }
        }
        // Three box blurs approximate a Gaussian; Core Animation's shadowRadius is close to its sigma × 2.
        let box = min(Swift.max(w, h), max(0, Int(pixels: (radius / 2 * (12.0 / 3 + 1).squareRoot()).rounded())))
        if box > 0 {
            for _ in 0..<3 {
                blur(&alpha, w, h, box, horizontal: true)
                blur(&alpha, w, h, box, horizontal: false)
            }
        }
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))!
        cairo_surface_flush(mask)
        let ms = Int(cairo_image_surface_get_stride(mask))
        let md = cairo_image_surface_get_data(mask)!
        for y in 0..<h { for x in 0..<w { md[y * ms + x] = UInt8(max(0, min(255, alpha[y * w + x] * 255)).rounded()) } }
        cairo_surface_mark_dirty(mask)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let c = color.clamped
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * max(0, min(1, opacity)))
        cairo_mask_surface(cr, mask, offset.0, offset.1)
        cairo_restore(cr)
        cairo_surface_destroy(mask)
    }

    private static func blur(_ a: inout [Float], _ w: Int, _ h: Int, _ r: Int, horizontal: Bool) {
        let (n, lines) = horizontal ? (w, h) : (h, w)
        var line = [Float](repeating: 0, count: n)
        let scale = 1 / Float(2 * r + 1)
        for l in 0..<lines {
            func at(_ i: Int) -> Int { horizontal ? l * w + i : i * w + l }
            var sum: Float = 0
            for i in -r...r where i >= 0 && i < n { sum += a[at(i)] }
            for i in 0..<n {
                line[i] = sum * scale
                let out = i - r, inn = i + r + 1
                if out >= 0 { sum -= a[at(out)] }
                if inn < n { sum += a[at(inn)] }
            }
            for i in 0..<n { a[at(i)] = line[i] }
        }
    }
}
