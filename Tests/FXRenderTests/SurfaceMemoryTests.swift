// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import Testing
@testable import FXRender

/// A frame-sized Surface lives on SurfaceMemory's huge-page-aligned mapping,
/// zeroed, and drawing on it gives the bytes drawing on a surface cairo
/// allocated itself gives. (The mapping is also marked clear for cairo, as a
/// surface cairo allocated is: without that, one Lottie test file came out a
/// level apart in six samples. That case is checked by comparing the Lottie
/// files' output before and after, not here: these drawings agree either way.)
@Suite struct SurfaceMemoryTests {
    /// Antialiased fills and strokes, half-transparent, OVER, the first drawing on the surface.
    func draw(_ cr: OpaquePointer) {
        for k in 0..<12 {
            let x = 37.3 + Double(k) * 101.7, y = 61.9 + Double(k % 5) * 131.3
            cairo_new_path(cr)
            cairo_arc(cr, x, y, 23.4 + Double(k) * 3.1, 0, 2 * .pi)
            cairo_set_source_rgba(cr, 0.9, 0.3 + Double(k) * 0.05, 0.2, 0.55)
            cairo_fill_preserve(cr)
            cairo_set_line_width(cr, 2.6)
            cairo_set_source_rgba(cr, 0.1, 0.2, 0.8, 0.7)
            cairo_stroke(cr)
        }
        cairo_rectangle(cr, 400.5, 200.25, 333.3, 222.2)
        cairo_set_source_rgba(cr, 0.2, 0.7, 0.3, 0.4)
        cairo_fill(cr)
    }

    @Test func aFrameSizedSurfaceIsOnItsMappingAndDrawsAsCairosOwn() throws {
        let w = 1280, h = 720
        let ours = Surface(width: w, height: h)
        let base = try #require(cairo_image_surface_get_data(ours.surface))
        #expect(UInt(bitPattern: base) % UInt(SurfaceMemory.hugePage) == 0, "the pixels are SurfaceMemory's")
        draw(ours.cr)
        let theirs: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
        defer { cairo_surface_destroy(theirs) }
        let cr: OpaquePointer = cairo_create(theirs)
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(ours.surface)
        cairo_surface_flush(theirs)
        let a = UnsafeRawBufferPointer(start: base, count: w * h * 4)
        let b = UnsafeRawBufferPointer(start: try #require(cairo_image_surface_get_data(theirs)), count: w * h * 4)
        #expect(a.elementsEqual(b), "the same bytes")
        #expect(a.contains { $0 != 0 }, "something was drawn")
    }
}
