// SPDX-License-Identifier: MIT
import CPixels
import Foundation
import Testing

/// The RGB to Y′CbCr kernels (Sources/CPixels): the SIMD path and the portable C give the same
/// bytes, and both give what the published rule gives, computed here pixel by pixel from
/// Microsoft's integer form of BT.601 ("Recommended 8-Bit YUV Formats for Video Rendering") and,
/// within one level, from BT.601-7's own matrix in floating point.
@Suite struct YCbCrKernelTests {
    /// Microsoft's integer form, written out from the published formula.
    static func reference(_ r: Int, _ g: Int, _ b: Int) -> (y: UInt8, cb: UInt8, cr: UInt8) {
        (UInt8(((66 * r + 129 * g + 25 * b + 128) >> 8) + 16),
         UInt8(((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128),
         UInt8(((112 * r - 94 * g - 18 * b + 128) >> 8) + 128))
    }

    /// A fixed pseudo-random byte sequence (a linear congruential generator), so failures repeat.
    struct Bytes {
        var state: UInt32
        mutating func next() -> UInt8 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
    }

    /// Pixels in one byte order (`red` at offset 0 or 2), rows `stride` bytes apart.
    struct Picture {
        var bytes: [UInt8]
        let width: Int, height: Int, stride: Int, red: Int

        init(width: Int, height: Int, stride: Int? = nil, red: Int, seed: UInt32) {
            var random = Bytes(state: seed)
            self.init(width: width, height: height, stride: stride, red: red, bytes: (0..<((stride ?? width * 4) * height)).map { _ in random.next() })
        }

        init(width: Int, height: Int, stride: Int? = nil, red: Int, bytes: [UInt8]) {
            self.width = width; self.height = height; self.stride = stride ?? width * 4; self.red = red
            self.bytes = bytes
        }

        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = y * stride + x * 4
            return (Int(bytes[i + red]), Int(bytes[i + 1]), Int(bytes[i + 2 - red]))
        }

        mutating func set(_ x: Int, _ y: Int, _ r: Int, _ g: Int, _ b: Int) {
            let i = y * stride + x * 4
            bytes[i + red] = UInt8(r); bytes[i + 1] = UInt8(g); bytes[i + 2 - red] = UInt8(b)
        }
    }

    typealias Kernel = @convention(c) (UnsafePointer<UInt8>?, Int, Int32, Int32, Int32, Int32,
                                       UnsafeMutablePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, Int,
                                       UnsafeMutablePointer<UInt8>?, Int) -> Void

    /// The three planes `kernel` makes of `picture`, each `pad` bytes wider than its rows, the padding
    /// left at a marker value that must survive.
    static func planes(_ kernel: Kernel, _ p: Picture, quarter: Bool, pad: Int = 3) -> [[UInt8]] {
        let cw = quarter ? p.width / 2 : p.width, ch = quarter ? p.height / 2 : p.height
        let ys = p.width + pad, cs = cw + pad
        var y = [UInt8](repeating: 0xA5, count: ys * p.height)
        var cb = [UInt8](repeating: 0xA5, count: cs * ch), cr = cb
        p.bytes.withUnsafeBufferPointer { src in
            y.withUnsafeMutableBufferPointer { yp in
                cb.withUnsafeMutableBufferPointer { bp in
                    cr.withUnsafeMutableBufferPointer { rp in
                        kernel(src.baseAddress, p.stride, Int32(p.red), Int32(2 - p.red), Int32(p.width), Int32(p.height),
                               yp.baseAddress, ys, bp.baseAddress, cs, rp.baseAddress, cs)
                    }
                }
            }
        }
        return [y, cb, cr]
    }

    /// The planes computed pixel by pixel with `reference`, padding as `planes` leaves it.
    static func expected(_ p: Picture, quarter: Bool, pad: Int = 3) -> [[UInt8]] {
        let cw = quarter ? p.width / 2 : p.width, ch = quarter ? p.height / 2 : p.height
        let ys = p.width + pad, cs = cw + pad
        var y = [UInt8](repeating: 0xA5, count: ys * p.height)
        var cb = [UInt8](repeating: 0xA5, count: cs * ch), cr = cb
        for row in 0..<p.height {
            for x in 0..<p.width {
                let (r, g, b) = p.rgb(x, row)
                y[row * ys + x] = reference(r, g, b).y
            }
        }
        for row in 0..<ch {
            for x in 0..<cw {
                var (r, g, b) = p.rgb(x, row)
                if quarter {
                    // The rounded mean of the 2×2 block, channel by channel.
                    var sum = (0, 0, 0)
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        let c = p.rgb(2 * x + dx, 2 * row + dy)
                        sum = (sum.0 + c.0, sum.1 + c.1, sum.2 + c.2)
                    }
                    (r, g, b) = ((sum.0 + 2) / 4, (sum.1 + 2) / 4, (sum.2 + 2) / 4)
                }
                let v = reference(r, g, b)
                cb[row * cs + x] = v.cb
                cr[row * cs + x] = v.cr
            }
        }
        return [y, cb, cr]
    }

    static let simd: Kernel = fx_ycbcr444, portable: Kernel = fx_ycbcr444_portable
    static let simd420: Kernel = fx_ycbcr420, portable420: Kernel = fx_ycbcr420_portable

    @Test func theSIMDPathIsTheOneBuilt() {
        #if arch(x86_64)
        #expect(fx_ycbcr_simd() == 1)
        #else
        #expect(fx_ycbcr_simd() == 0)
        #endif
    }

    /// Every width up to 40 (tails of every length after the 16-pixel blocks), wide rows, padded
    /// strides, odd heights, both byte orders: random pixels.
    @Test(arguments: [0, 2])
    func randomPixelsAgreeWithTheFormula(red: Int) {
        var shapes = (1...40).map { ($0, 3, $0 * 4) }
        shapes += [(1279, 2, 1279 * 4), (1280, 3, 1280 * 4 + 12), (37, 5, 64 * 4), (16, 1, 16 * 4)]
        for (k, (w, h, stride)) in shapes.enumerated() {
            let p = Picture(width: w, height: h, stride: stride, red: red, seed: UInt32(k + 1))
            let want = Self.expected(p, quarter: false)
            #expect(Self.planes(Self.simd, p, quarter: false) == want, "\(w)×\(h)")
            #expect(Self.planes(Self.portable, p, quarter: false) == want, "\(w)×\(h)")
            guard w % 2 == 0 else { continue }
            let even = Picture(width: w, height: h & ~1 == 0 ? 2 : h & ~1, stride: stride, red: red, seed: UInt32(k + 100))
            let want420 = Self.expected(even, quarter: true)
            #expect(Self.planes(Self.simd420, even, quarter: true) == want420, "\(w)×\(even.height) 4:2:0")
            #expect(Self.planes(Self.portable420, even, quarter: true) == want420, "\(w)×\(even.height) 4:2:0")
        }
    }

    /// Each channel through all 256 levels beside every level of a second channel, the third random.
    @Test(arguments: [0, 2])
    func everyLevelOfEveryChannelAgreesWithTheFormula(red: Int) {
        var p = Picture(width: 256, height: 3 * 256, red: red, seed: 7)
        var random = Bytes(state: 11)
        for pair in 0..<3 {
            for a in 0..<256 {
                for b in 0..<256 {
                    let c = Int(random.next())
                    let row = pair * 256 + a
                    switch pair {
                    case 0: p.set(b, row, a, b, c)
                    case 1: p.set(b, row, c, a, b)
                    default: p.set(b, row, b, c, a)
                    }
                }
            }
        }
        let want = Self.expected(p, quarter: false)
        #expect(Self.planes(Self.simd, p, quarter: false) == want)
        #expect(Self.planes(Self.portable, p, quarter: false) == want)
        let want420 = Self.expected(p, quarter: true)
        #expect(Self.planes(Self.simd420, p, quarter: true) == want420)
        #expect(Self.planes(Self.portable420, p, quarter: true) == want420)
    }

    /// 2×2 blocks whose sums take every value of a channel (0 … 1020: every rounding of the mean),
    /// the other channels random.
    @Test(arguments: [0, 2])
    func everyBlockSumAgreesWithTheFormula(red: Int) {
        let blocks = 1021
        var p = Picture(width: 2 * blocks + 14, height: 6, red: red, seed: 5)
        var random = Bytes(state: 13)
        for channel in 0..<3 {
            for s in 0..<blocks {
                // Four values summing to s, spread unevenly over the block.
                var parts = (0..<4).map { s / 4 + ($0 < s % 4 ? 1 : 0) }
                let d = min(255 - parts[0], parts[1], Int(random.next()) % 64)
                parts[0] += d
                parts[1] -= d
                for (i, (dx, dy)) in [(0, 0), (1, 0), (0, 1), (1, 1)].enumerated() {
                    var c = [Int(random.next()), Int(random.next()), Int(random.next())]
                    c[channel] = parts[i]
                    p.set(2 * s + dx, 2 * channel + dy, c[0], c[1], c[2])
                }
            }
        }
        let want = Self.expected(p, quarter: true)
        #expect(Self.planes(Self.simd420, p, quarter: true) == want)
        #expect(Self.planes(Self.portable420, p, quarter: true) == want)
    }

    /// Every one of the 2^24 colours, in both byte orders: the SIMD path gives the portable bytes
    /// (here no reference is computed per pixel; the tests above tie both paths to the formula).
    @Test func everyColourGivesTheSameBytesOnBothPaths() {
        for red in [0, 2] {
            // Pixel i is the colour i, its fourth byte a varying value the kernels must ignore.
            let bytes = [UInt32](unsafeUninitializedCapacity: 1 << 24) { px, count in
                for i in 0..<(1 << 24) { px[i] = UInt32(i) | UInt32(truncatingIfNeeded: i &* 0x9E37) << 24 }
                count = 1 << 24
            }.withUnsafeBytes { Array($0) }
            let p = Picture(width: 4096, height: 4096, red: red, bytes: bytes)
            #expect(Self.planes(Self.simd, p, quarter: false) == Self.planes(Self.portable, p, quarter: false))
            #expect(Self.planes(Self.simd420, p, quarter: true) == Self.planes(Self.portable420, p, quarter: true))
        }
    }

    /// BT.601-7's matrix itself, in floating point: the integer form is within one level of it.
    @Test func theFormulaIsWithinOneLevelOfTheMatrix() {
        var worst = 0.0
        for r in stride(from: 0, through: 255, by: 5) {
            for g in stride(from: 0, through: 255, by: 5) {
                for b in stride(from: 0, through: 255, by: 5) {
                    let (R, G, B) = (Double(r), Double(g), Double(b))
                    let exact = (16 + (65.481 * R + 128.553 * G + 24.966 * B) / 255,
                                 128 + (-37.797 * R - 74.203 * G + 112.0 * B) / 255,
                                 128 + (112.0 * R - 93.786 * G - 18.214 * B) / 255)
                    let v = Self.reference(r, g, b)
                    worst = max(worst, abs(Double(v.y) - exact.0), abs(Double(v.cb) - exact.1), abs(Double(v.cr) - exact.2))
                }
            }
        }
        #expect(worst < 1)
    }
}
