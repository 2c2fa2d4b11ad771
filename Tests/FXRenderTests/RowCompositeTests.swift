// SPDX-License-Identifier: MIT
import CCairo
import CPixels
import FXCore
import Testing
@testable import FXRender

/// The row kernels (`fx_over_row`) against cairo itself painting the same
/// pixels with `cairo_paint_with_alpha`, and the SSE2 code against the
/// portable C: the bytes must be the same for every mask.
@Suite struct RowCompositeTests {
    /// Premultiplied pixels from a fixed sequence, in runs of four that are all
    /// clear, all opaque, or mixed (the kernels take shortcuts for the first two),
    /// with some pixels whose colour exceeds their alpha (cairo saturates those).
    static func pixels(_ count: Int, seed: UInt32) -> [UInt32] {
        var state = seed
        func next() -> UInt32 { state = state &* 1_664_525 &+ 1_013_904_223; return state }
        var out: [UInt32] = []
        while out.count < count {
            let run = next() >> 29
            for _ in 0..<4 {
                let r = next()
                let a: UInt32 = run == 0 ? 0 : run <= 2 ? 255 : r >> 24
                func ch(_ v: UInt32) -> UInt32 { run == 7 ? v & 0xFF : a == 0 ? 0 : (v & 0xFF) * a / 255 }
                out.append(run == 0 ? 0 : a << 24 | ch(r >> 16) << 16 | ch(r >> 8) << 8 | ch(r ^ (r >> 13)))
            }
        }
        return Array(out.prefix(count))
    }

    /// A w×h ARGB32 surface holding `px`.
    static func surface(_ px: [UInt32], _ w: Int, _ h: Int) -> Surface {
        let s = Surface(width: w, height: h)
        let stride = Int(cairo_image_surface_get_stride(s.surface)) / 4
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(s.surface)!).assumingMemoryBound(to: UInt32.self)
        for y in 0..<h { for x in 0..<w { data[y * stride + x] = px[y * w + x] } }
        cairo_surface_mark_dirty(s.surface)
        return s
    }

    static func words(_ s: Surface) -> [UInt32] {
        cairo_surface_flush(s.surface)
        let stride = Int(cairo_image_surface_get_stride(s.surface)) / 4
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(s.surface)!).assumingMemoryBound(to: UInt32.self)
        return (0..<s.height).flatMap { y in (0..<s.width).map { data[y * stride + $0] } }
    }

    /// Alphas that give every mask, with those either side of each step of cairo's rounding.
    static let alphas: [Double] = (0...255).flatMap { k -> [Double] in
        let a = Double(k) / 255
        return [a, Double(k * 257 + 128) / 65535 - 1e-9, Double(k * 257 + 128) / 65535 + 1e-9].filter { $0 >= 0 && $0 <= 1 }
    } + [1, 0.37, 0.999, 0.9961, 0.9962, 1e-6]

    @Test func overMatchesCairoForEveryAlpha() {
        let w = 61, h = 7
        let src = Self.pixels(w * h, seed: 7), under = Self.pixels(w * h, seed: 11)
        let image = Self.surface(src, w, h)
        for alpha in Self.alphas {
            let byCairo = Self.surface(under, w, h)
            cairo_set_source_surface(byCairo.cr, image.surface, 0, 0)
            cairo_paint_with_alpha(byCairo.cr, alpha)
            var mine = under
            let mask = BandedPaint.mask(alpha)
            src.withUnsafeBufferPointer { s in
                mine.withUnsafeMutableBufferPointer { d in
                    for y in 0..<h { fx_over_row(d.baseAddress! + y * w, s.baseAddress! + y * w, Int32(w), mask) }
                }
            }
            let expected = Self.words(byCairo)
            let wrong = mine == expected ? 0 : zip(mine, expected).filter { $0 != $1 }.count
            #expect(wrong == 0, "alpha \(alpha) (mask \(mask)): \(wrong) of \(w * h) pixels differ from cairo's")
        }
    }

    @Test func vectorAndPortableCodeAgree() {
        let n = 4099
        let src = Self.pixels(n, seed: 3), under = Self.pixels(n, seed: 5)
        for mask in 0...255 {
            var a = under, b = under
            src.withUnsafeBufferPointer { s in
                a.withUnsafeMutableBufferPointer { fx_over_row($0.baseAddress!, s.baseAddress!, Int32(n), UInt8(mask)) }
                b.withUnsafeMutableBufferPointer { fx_over_row_portable($0.baseAddress!, s.baseAddress!, Int32(n), UInt8(mask)) }
            }
            #expect(a == b, "mask \(mask)")
        }
    }

    /// Image layers over, between and beside other layers, as the renderer gathers
    /// and paints them row by row, against cairo painting each in turn.
    @Test func gatheredPaintsMatchCairoPaintingInTurn() throws {
        let w = 640, h = 360
        let pictures = (0..<4).map { Self.surface(Self.pixels(w * h, seed: UInt32(20 + $0)), w, h) }
        // The first is opaque, so that the renderer copies it in as the covering layer.
        let first = Self.surface(Self.pixels(w * h, seed: 19).map { $0 | 0xFF00_0000 }, w, h)
        func image(_ s: Surface) -> FXCore.Image { Image(width: w, height: h, pixels: s.rgba(), label: "p\(s.width)") }
        let stage = try scene(Double(w), Double(h)) { stage in
            _ = try layer(stage, frame: Rect(0, 0, Double(w), Double(h)), [(.contents, .image(image(first)))])
            _ = try layer(stage, frame: Rect(0, 0, Double(w), Double(h)), [(.contents, .image(image(pictures[0]))), (.opacity, .number(0.4))])
            _ = try layer(stage, frame: Rect(13, -7, Double(w), Double(h)), [(.contents, .image(image(pictures[1]))), (.opacity, .number(0.71))])
            // Not an image: the gathered paints must be done before it.
            _ = try layer(stage, frame: Rect(100, 50, 200, 100), [(.backgroundColor, .color(Color(red: 0.2, green: 0.6, blue: 0.3, alpha: 0.5)))])
            _ = try layer(stage, frame: Rect(-21, 30, Double(w), Double(h)), [(.contents, .image(image(pictures[2])))])
            _ = try layer(stage, frame: Rect(0, 0, Double(w), Double(h)), [(.contents, .image(image(pictures[3]))), (.opacity, .number(0.05))])
        }
        let frame = try render(stage)
        let expected = reference(w, h) { cr in
            for (s, x, y, alpha) in [(first, 0.0, 0.0, 1.0), (pictures[0], 0, 0, 0.4), (pictures[1], 13, -7, 0.71)] {
                cairo_set_source_surface(cr, s.surface, x, y)
                cairo_paint_with_alpha(cr, alpha)
            }
            cairo_rectangle(cr, 100, 50, 200, 100)
            cairo_set_source_rgba(cr, 0.2, 0.6, 0.3, 0.5)
            cairo_fill(cr)
            for (s, x, y, alpha) in [(pictures[2], -21.0, 30.0, 1.0), (pictures[3], 0, 0, 0.05)] {
                cairo_set_source_surface(cr, s.surface, x, y)
                cairo_paint_with_alpha(cr, alpha)
            }
        }
        let same = frame.pixels == expected
        #expect(same, "\(difference(frame.pixels, expected, threshold: 0))")
    }
}
