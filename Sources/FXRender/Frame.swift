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
