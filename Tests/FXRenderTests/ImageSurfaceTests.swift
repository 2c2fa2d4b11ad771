// SPDX-License-Identifier: MIT
import CCairo
import Testing
@testable import FXRender

/// An image's premultiplied RGBA in a cairo surface: ARGB32, one native-endian word a pixel with
/// alpha on top (cairo's `cairo_format_t`), so blue, green, red, alpha in memory on this
/// little-endian machine; every row at cairo's stride, whatever the width.
@Suite struct ImageSurfaceTests {
    @Test(arguments: [1, 3, 7, 64, 301])
    func eachPixelLandsAsCairosWordAndComesBackTheSame(width: Int) {
        let height = 5
        var seed: UInt32 = 99
        var rgba: [UInt8] = []
        for _ in 0..<(width * height) {
            seed = seed &* 1_103_515_245 &+ 12345
            let a = UInt8(truncatingIfNeeded: seed >> 16)
            // Premultiplied: no colour above alpha.
            rgba += [UInt8(Int(a) * 3 / 4), UInt8(Int(a) / 2), UInt8(Int(a) / 5), a]
        }
        let s = Surface(rgba: rgba, width: width, height: height)
        cairo_surface_flush(s.surface)
        let data = cairo_image_surface_get_data(s.surface)!
        let stride = Int(cairo_image_surface_get_stride(s.surface))
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4, p = data + y * stride + x * 4
                if [p[0], p[1], p[2], p[3]] != [rgba[i + 2], rgba[i + 1], rgba[i], rgba[i + 3]] { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) of \(width * height) pixels misplaced")
        #expect(s.rgba() == rgba)
    }
}
