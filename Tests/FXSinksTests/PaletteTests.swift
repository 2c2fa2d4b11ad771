// SPDX-License-Identifier: MIT
import Foundation
import Testing
@testable import FXImageSinks

/// The GIF palettes: exact for 256 colours or fewer, the median cut up to
/// 4096, libimagequant beyond. Quality is PSNR of the remapped picture
/// against the source, computed here.
@Suite struct PaletteTests {
    /// RGBX pixels from a fixed linear congruential sequence: `levels` values a channel.
    func picture(_ count: Int, levels: UInt32) -> [UInt8] {
        var state: UInt32 = 12345
        var out: [UInt8] = []
        for _ in 0..<count {
            for _ in 0..<3 {
                state = state &* 1_664_525 &+ 1_013_904_223
                out.append(UInt8((state >> 24) % levels * (255 / max(1, levels - 1))))
            }
            out.append(0)
        }
        return out
    }

    func psnr(_ rgbx: [UInt8], _ palette: [(UInt8, UInt8, UInt8)], _ indices: [UInt8]) -> Double {
        var se = 0.0
        for (i, k) in indices.enumerated() {
            let p = palette[Int(k)]
            for (c, v) in [p.0, p.1, p.2].enumerated() { se += pow(Double(rgbx[i * 4 + c]) - Double(v), 2) }
        }
        return se == 0 ? .infinity : 10 * log10(255 * 255 / (se / Double(indices.count * 3)))
    }

    @Test func fewColoursAreKeptExactly() throws {
        let px = picture(64 * 48, levels: 6)  // 6³ = 216 colours at most
        let (palette, indices) = try PaletteQuantizer.quantize(px, width: 64, height: 48)
        #expect(palette.count <= 216)
        #expect(psnr(px, palette, indices) == .infinity)
    }

    @Test func manyColoursGetCloseWithAnyQuantiser() throws {
        for levels in [14, 256] {  // 2744 colours at most (median cut), then tens of thousands (libimagequant)
            let px = picture(160 * 120, levels: UInt32(levels))
            #expect(PaletteQuantizer.fewColours(px) == (levels == 14))
            let (palette, indices) = try PaletteQuantizer.quantize(px, width: 160, height: 120)
            #expect(palette.count <= 256 && indices.count == 160 * 120)
            #expect(indices.allSatisfy { Int($0) < palette.count })
            // Uniform noise over the cube: 256 colours leave an error of about a tenth of the range.
            #expect(psnr(px, palette, indices) > 18, "levels \(levels)")
        }
    }
}
