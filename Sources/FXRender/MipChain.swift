// SPDX-License-Identifier: MIT
import CPixels
import FXCore

/// A particle image prepared for drawing many small copies: the drawn part
/// of it and its halvings (a mipmap chain, each level the 2×2 box average of
/// the one above, rounded), so that a copy drawn smaller than the image
/// samples a level about its own size instead of skipping texels. Each level
/// has a border of two transparent texels, so bilinear reads at and just past
/// the edges need no tests, and each texel is spread to four 16-bit lanes (`Lanes`).
/// Beside the texels, each level's alpha alone (`alphaPairs`, `alphaQuads`), for
/// drawing what needs only the sprite's alpha.
final class MipChain {
    struct Level {
        /// Texels, without the border.
        let width: Int, height: Int
        /// Where the level's top-left border texel is in `texels`; rows are `width + 4` long.
        let offset: Int
    }
    let levels: [Level]
    /// `levels` at a fixed address, for `ParticleRaster.SpriteView` (placing particles in C).
    let levelList: UnsafeMutableBufferPointer<fx_mip_level>
    let texels: UnsafeMutablePointer<UInt64>
    /// Laid out as `texels`: each texel's alpha in the low 32 bits, the alpha of the
    /// texel below it in the high 32 (so one read gives a bilinear sample's column).
    let alphaPairs: UnsafeMutablePointer<UInt64>
    /// Laid out as `texels`: the alphas of each texel and of its neighbours right, below and
    /// below right, as bytes 0 to 3 (so one read gives a bilinear sample's four alphas). The
    /// last column of each level's border, and its last row, hold 0: no read starts there.
    let alphaQuads: UnsafeMutablePointer<UInt32>
    /// Every texel of every level is grey and opaque-proportioned: red = green = blue = alpha
    /// (premultiplied white at some alpha), so its alpha says everything about it.
    let grey: Bool

    /// The chain of `image`'s pixels `x0..<x1` × `y0..<y1`.
    init(_ image: FXCore.Image, x0: Int, y0: Int, x1: Int, y1: Int) {
        var top = [UInt32](repeating: 0, count: (x1 - x0) * (y1 - y0))
        image.pixels.withUnsafeBufferPointer { src in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let j = (y * image.width + x) * 4
                    top[(y - y0) * (x1 - x0) + x - x0] =
                        UInt32(src[j + 3]) << 24 | UInt32(src[j]) << 16 | UInt32(src[j + 1]) << 8 | UInt32(src[j + 2])
                }
            }
        }
        var plain = [(x1 - x0, y1 - y0, top)]
        while let (w, h, px) = plain.last, w > 1 || h > 1, plain.count < 12 {
            let nw = (w + 1) / 2, nh = (h + 1) / 2
            var next = [UInt32](repeating: 0, count: nw * nh)
            for y in 0..<nh {
                for x in 0..<nw {
                    var sum: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] where 2 * x + dx < w && 2 * y + dy < h {
                        let v = px[(2 * y + dy) * w + 2 * x + dx]
                        sum.0 += v >> 24; sum.1 += v >> 16 & 0xFF; sum.2 += v >> 8 & 0xFF; sum.3 += v & 0xFF
                    }
                    next[y * nw + x] = ((sum.0 + 2) / 4) << 24 | ((sum.1 + 2) / 4) << 16 | ((sum.2 + 2) / 4) << 8 | (sum.3 + 2) / 4
                }
            }
            plain.append((nw, nh, next))
        }
        var levels: [Level] = []
        var total = 0
        for (w, h, _) in plain {
            levels.append(Level(width: w, height: h, offset: total))
            total += (w + 4) * (h + 4)
        }
        let texels = UnsafeMutablePointer<UInt64>.allocate(capacity: total)
        texels.initialize(repeating: 0, count: total)
        for (level, (w, _, px)) in zip(levels, plain) {
            for (i, v) in px.enumerated() { texels[level.offset + (i / w + 2) * (w + 4) + i % w + 2] = Lanes.spread(v) }
        }
        let pairs = UnsafeMutablePointer<UInt64>.allocate(capacity: total)
        pairs.initialize(repeating: 0, count: total)
        for level in levels {
            let rl = level.width + 4
            for i in level.offset..<(level.offset + rl * (level.height + 3)) {
                pairs[i] = Lanes.alpha(texels[i]) | Lanes.alpha(texels[i + rl]) << 32
            }
        }
        let quads = UnsafeMutablePointer<UInt32>.allocate(capacity: total)
        quads.initialize(repeating: 0, count: total)
        for level in levels {
            let rl = level.width + 4
            for y in 0..<(level.height + 3) {
                for x in 0..<(rl - 1) {
                    let i = level.offset + y * rl + x
                    quads[i] = UInt32(Lanes.alpha(texels[i]) | Lanes.alpha(texels[i + 1]) << 8
                        | Lanes.alpha(texels[i + rl]) << 16 | Lanes.alpha(texels[i + rl + 1]) << 24)
                }
            }
        }
        self.levels = levels
        levelList = UnsafeMutableBufferPointer.allocate(capacity: levels.count)
        _ = levelList.initialize(from: levels.map { fx_mip_level(width: Int64($0.width), height: Int64($0.height), offset: Int64($0.offset)) })
        self.texels = texels
        alphaPairs = pairs
        alphaQuads = quads
        grey = plain.allSatisfy { level in
            level.2.allSatisfy { v in v >> 24 == v >> 16 & 0xFF && v >> 24 == v >> 8 & 0xFF && v >> 24 == v & 0xFF }
        }
    }

    deinit {
        texels.deallocate()
        alphaPairs.deallocate()
        alphaQuads.deallocate()
        levelList.deallocate()
    }
}

/// Four 8-bit channels held in the low bytes of four 16-bit lanes of a
/// 64-bit word (A, G, R, B from the top), so that one multiply scales all
/// four without carries between them.
enum Lanes {
    static let mask: UInt64 = 0x00FF_00FF_00FF_00FF

    /// cairo's ARGB32 word → lanes.
    @inline(__always) static func spread(_ p: UInt32) -> UInt64 {
        let x = UInt64(p)
        return (x & 0x00FF_00FF) | (x & 0xFF00_FF00) << 24
    }

    /// Lanes → cairo's ARGB32 word.
    @inline(__always) static func pack(_ x: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (x & 0x00FF_00FF) | (x >> 24 & 0xFF00_FF00))
    }

    @inline(__always) static func alpha(_ x: UInt64) -> UInt64 { x >> 48 }

    /// (a·(256 − w) + b·w) / 256 per channel, w in 0…255.
    @inline(__always) static func lerp(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
        (a &* (256 &- w) &+ b &* w) >> 8 & mask
    }

    /// x · a / 256 per channel, a in 0…256.
    @inline(__always) static func scale256(_ x: UInt64, _ a: UInt64) -> UInt64 { (x &* a) >> 8 & mask }

    /// x · a / 255 per channel, rounded as pixman rounds, a in 0…255.
    @inline(__always) static func mul255(_ x: UInt64, _ a: UInt64) -> UInt64 {
        let t = x &* a &+ 0x0080_0080_0080_0080
        return (t &+ (t >> 8 & mask)) >> 8 & mask
    }

    /// a + b per channel, saturating at 255.
    @inline(__always) static func add(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let s = a &+ b
        let over = s & 0x0100_0100_0100_0100
        return (s | (over &- (over >> 8))) & mask
    }
}
