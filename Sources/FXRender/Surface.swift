import CPangoCairo
import FXCore

/// An owned cairo image surface (ARGB32: premultiplied, native-endian 32-bit
/// pixels) with its drawing context.
final class Surface {
    let surface: OpaquePointer
    let cr: OpaquePointer
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(self.width), Int32(self.height))
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Clears a pixel-aligned rectangle to transparent.
    func clear(_ r: FXCore.Rect) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_rectangle(cr, r.origin.x, r.origin.y, r.size.width, r.size.height)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The pixels as premultiplied RGBA bytes.
    func rgba() -> [UInt8] {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let v = row[x]
                    let i = (y * width + x) * 4
                    dst[i] = UInt8(truncatingIfNeeded: v >> 16)
                    dst[i + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    dst[i + 2] = UInt8(truncatingIfNeeded: v)
                    dst[i + 3] = UInt8(truncatingIfNeeded: v >> 24)
                }
            }
        }
        return out
    }

    /// A surface holding premultiplied RGBA pixels (an image's).
    convenience init(rgba: [UInt8], width: Int, height: Int) {
        self.init(width: width, height: height)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        rgba.withUnsafeBufferPointer { src in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    row[x] = UInt32(src[i + 3]) << 24 | UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
