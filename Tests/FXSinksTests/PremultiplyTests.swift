// SPDX-License-Identifier: MIT
import CPixels
import Testing
@testable import FXPNG

/// Straight alpha to premultiplied (`fx_premultiply_rgba`, which FXPNG's decoder runs on what libpng
/// decodes): every colour c' = (c × a + 127) / 255, rounded to nearest, the rule written out here,
/// for every pair (c, a), by the SIMD path and the portable C alike, and in a decoded file.
@Suite struct PremultiplyTests {
    /// The rule, computed here with a division.
    static func rule(_ c: Int, _ a: Int) -> UInt8 { UInt8((c * a + 127) / 255) }

    /// The kernel's divide-free form of x / 255, (x + 1 + (x >> 8)) >> 8, is exact for every x the
    /// rule can reach: x = c × a + 127 ≤ 255 × 255 + 127.
    @Test func theDivisionWithoutADivideIsExactWhereverTheRuleReaches() {
        var wrong: [Int] = []
        for x in 0...(255 * 255 + 127) where (x + 1 + (x >> 8)) >> 8 != x / 255 { wrong.append(x) }
        #expect(wrong.isEmpty, "first wrong at \(wrong.first ?? -1)")
    }

    /// All 65,536 (c, a) pairs in each colour channel (red c, green and blue c shifted by 85 and 170, so
    /// every channel meets every pair), started at each of four byte offsets so that the SIMD path's
    /// groups of four and its leftover pixels both see every pixel.
    @Test(arguments: [false, true])
    func everyColourAndAlphaFollowTheRule(portable: Bool) {
        let kernel = portable ? fx_premultiply_rgba_portable : fx_premultiply_rgba
        for skip in 0..<4 {
            var straight: [UInt8] = []
            for a in 0..<256 {
                for c in 0..<256 { straight += [UInt8(c), UInt8((c + 85) % 256), UInt8((c + 170) % 256), UInt8(a)] }
            }
            var pixels = straight
            pixels.withUnsafeMutableBufferPointer { kernel($0.baseAddress! + 4 * skip, $0.count / 4 - skip) }
            var wrong = 0
            for i in 0..<(pixels.count / 4) {
                let p = 4 * i, a = Int(straight[p + 3])
                let want: [UInt8] = i < skip ? Array(straight[p..<(p + 4)])
                    : [Self.rule(Int(straight[p]), a), Self.rule(Int(straight[p + 1]), a), Self.rule(Int(straight[p + 2]), a), UInt8(a)]
                if Array(pixels[p..<(p + 4)]) != want { wrong += 1 }
            }
            #expect(wrong == 0, "\(portable ? "portable" : "SIMD") path from pixel \(skip): \(wrong) pixels wrong")
        }
    }

    /// An RGBA file with every alpha (column x has alpha x) and a background chunk (bKGD), which sends it
    /// to libpng, whose straight samples are premultiplied after decoding.
    @Test func aDecodedFileWithPartialAlphaIsPremultipliedByTheRule() throws {
        let width = 256, height = 9
        var random = PlainPNGTests.Bytes(state: 7)
        var straight: [UInt8] = []
        var stream: [UInt8] = []
        for _ in 0..<height {
            var row: [UInt8] = []
            for x in 0..<width { row += [random.next(), random.next(), random.next(), UInt8(x)] }
            straight += row
            stream += [0] + row
        }
        var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        file += PlainPNGTests.chunk("IHDR", PlainPNGTests.be32(UInt32(width)) + PlainPNGTests.be32(UInt32(height)) + [8, 6, 0, 0, 0])
        file += PlainPNGTests.chunk("bKGD", [0, 0, 0, 0, 0, 0])
        file += PlainPNGTests.chunk("IDAT", PlainPNGTests.zlib(stream)) + PlainPNGTests.chunk("IEND", [])
        file.withUnsafeBytes { #expect(PlainPNG.decode($0, maxSide: 8192) == nil, "libpng's file") }
        let image = try PNGDecoder.decode(file, label: "t")
        #expect(image.width == width && image.height == height)
        var want: [UInt8] = []
        for p in stride(from: 0, to: straight.count, by: 4) {
            let a = Int(straight[p + 3])
            want += [Self.rule(Int(straight[p]), a), Self.rule(Int(straight[p + 1]), a), Self.rule(Int(straight[p + 2]), a), UInt8(a)]
        }
        #expect(image.pixels.count == want.count)
        #expect(image.pixels == want, "\(zip(image.pixels, want).filter { $0 != $1 }.count) samples unlike the rule")
    }
}
