// SPDX-License-Identifier: MIT
/// Decoded pixels a layer can show as its `contents`: premultiplied RGBA,
/// 8 bits a channel, rows top to bottom with no padding. Immutable and shared:
/// two layers showing one image hold the same object.
public final class Image: Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]
    /// Where the pixels came from (a file name, or a generator's name), for traces.
    public let label: String

    public init(width: Int, height: Int, pixels: [UInt8], label: String) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "image pixels must be width × height × 4 bytes")
        self.width = width; self.height = height; self.pixels = pixels; self.label = label
    }
}
