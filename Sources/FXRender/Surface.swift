// SPDX-License-Identifier: MIT
import CCairo
import CPixels
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
        surface = SurfaceMemory.surface(width: self.width, height: self.height)
            ?? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(self.width), Int32(self.height))
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
    func rgba() -> [UInt8] { withRows(time: 0) { $0.frame().pixels } }

    /// Lends the surface's own pixels, without a copy, to `body`.
    func withRows<T>(time: Double, sequence: Int = 1, changedRows: Range<Int>? = nil, _ body: (PixelRows) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        let rows = PixelRows(width: width, height: height, base: UnsafePointer(cairo_image_surface_get_data(surface)!),
                             stride: Int(cairo_image_surface_get_stride(surface)), time: time,
                             sequence: sequence, changedRows: changedRows)
        return try body(rows)
    }

    /// A surface holding premultiplied RGBA pixels (an image's).
    convenience init(rgba: [UInt8], width: Int, height: Int) {
        self.init(width: width, height: height)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        rgba.withUnsafeBufferPointer { fx_rgba_to_argb32($0.baseAddress, Int32(width), Int32(height), cairo_image_surface_get_data(surface), stride) }
        cairo_surface_mark_dirty(surface)
    }
}
