// SPDX-License-Identifier: MIT
/// One rendered picture: premultiplied RGBA, 8 bits a channel, rows top to
/// bottom without padding. Sinks read frames; they never draw.
public struct Frame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]
    /// The sample time the frame shows.
    public let time: Double

    public init(width: Int, height: Int, pixels: [UInt8], time: Double) {
        precondition(pixels.count == width * height * 4, "a frame holds width × height × 4 bytes")
        self.width = width; self.height = height; self.pixels = pixels; self.time = time
    }

    /// The premultiplied RGBA of one pixel.
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The frame composited over an opaque colour (for formats without alpha: GIF, Y4M).
    public func opaque(over background: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 0)) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        let bg = [Int(background.r), Int(background.g), Int(background.b)]
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for p in 0..<(width * height) {
                    let a = Int(src[p * 4 + 3])
                    for c in 0..<3 {
                        dst[p * 3 + c] = UInt8(min(255, Int(src[p * 4 + c]) + (bg[c] * (255 - a) + 127) / 255))
                    }
                }
            }
        }
        return out
    }
}

/// A rendered picture lent without a copy: cairo's ARGB32 rows, premultiplied,
/// one native-endian 32-bit word a pixel (on little-endian machines the bytes
/// B, G, R, A: libav's `AV_PIX_FMT_BGRA`), `stride` bytes from one row to the
/// next. Valid only inside the closure it is lent to.
public struct PixelRows {
    public let width: Int
    public let height: Int
    public let base: UnsafePointer<UInt8>
    public let stride: Int
    /// The sample time the picture shows.
    public let time: Double
    /// Which render of its renderer this is (1, 2, …).
    public let sequence: Int
    /// The rows that can differ from those of render `sequence` − 1 (the renderer
    /// redraws only what changed): all of them for the first, none when nothing changed.
    public let changedRows: Range<Int>

    public init(width: Int, height: Int, base: UnsafePointer<UInt8>, stride: Int, time: Double,
                sequence: Int = 1, changedRows: Range<Int>? = nil) {
        self.width = width; self.height = height; self.base = base; self.stride = stride; self.time = time
        self.sequence = sequence
        self.changedRows = changedRows ?? 0..<height
    }

    /// The same picture as a `Frame` (premultiplied RGBA bytes): a copy.
    public func frame() -> Frame {
        let n = width * height
        let pixels = [UInt8](unsafeUninitializedCapacity: n * 4) { out, count in
            let dst = UnsafeMutableRawPointer(out.baseAddress!).assumingMemoryBound(to: UInt32.self)
            for y in 0..<height {
                let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                let line = dst + y * width
                for x in 0..<width {
                    // 0xAARRGGBB as a word; the bytes R, G, B, A are the word 0xAABBGGRR in memory.
                    let v = row[x]
                    line[x] = ((v & 0xFF00_FF00) | ((v >> 16) & 0xFF) | ((v & 0xFF) << 16)).littleEndian
                }
            }
            count = n * 4
        }
        return Frame(width: width, height: height, pixels: pixels, time: time)
    }
}
