// SPDX-License-Identifier: MIT
import CCairo
import FXCore

/// Drop shadows: the alpha of what a layer drew, blurred, tinted and offset.
enum Shadow {
    /// Paints the shadow of `group` (a target-sized surface) onto `cr`.
    /// `offset` and `radius` are in target pixels; the blur is a Gaussian of standard deviation `radius`.
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
        // shadowRadius is the Gaussian's standard deviation (docs/RENDERING.md): three passes of an
        // extended box, each with a third of the variance, make a Gaussian of exactly that variance.
        let box = ExtendedBox(variance: radius * radius / 3)
        if box.radius > 0 || box.endWeight > 0 {
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

    /// A box of integer `radius` plus `endWeight` (0 ≤ w < 1) on the two taps just outside it: unlike
    /// a plain box, it reaches any variance, so the blur's sigma is the one asked for, not the nearest
    /// odd width's (Gwosdek, Grewenig, Bruhn and Weickert, "Theoretical foundations of Gaussian
    /// convolution by extended box filtering", SSVM 2011).
    struct ExtendedBox {
        let radius: Int
        let endWeight: Float

        init(variance v: Double) {
            guard v > 0, v.isFinite else { radius = 0; endWeight = 0; return }
            // A box of radius r has variance r(r + 1)/3; take the largest r not above v, then the weight
            // on taps ±(r + 1) that brings the variance up to v.
            let r = min(1 << 20, Int(pixels: ((1 + 12 * v).squareRoot() - 1) / 2))
            let d = Double(r)
            let a = (v * (2 * d + 1) - d * (d + 1) * (2 * d + 1) / 3) / (2 * (d + 1) * (d + 1) - 2 * v)
            radius = r
            endWeight = Float(max(0, min(1, a)))
        }
    }

    private static func blur(_ a: inout [Float], _ w: Int, _ h: Int, _ box: ExtendedBox, horizontal: Bool) {
        let (n, lines) = horizontal ? (w, h) : (h, w)
        let r = min(box.radius, n), e = box.endWeight
        var line = [Float](repeating: 0, count: n)
        let scale = 1 / (Float(2 * r + 1) + 2 * e)
        for l in 0..<lines {
            func at(_ i: Int) -> Int { horizontal ? l * w + i : i * w + l }
            func value(_ i: Int) -> Float { i >= 0 && i < n ? a[at(i)] : 0 }
            var sum: Float = 0
            for i in -r...r where i >= 0 && i < n { sum += a[at(i)] }
            for i in 0..<n {
                line[i] = (sum + e * (value(i - r - 1) + value(i + r + 1))) * scale
                let out = i - r, inn = i + r + 1
                if out >= 0 { sum -= a[at(out)] }
                if inn < n { sum += a[at(inn)] }
            }
            for i in 0..<n { a[at(i)] = line[i] }
        }
    }
}
