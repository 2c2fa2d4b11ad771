// SPDX-License-Identifier: MIT
import FXRender

/// Frames rearranged for encoders: made opaque over a colour, padded to even
/// sizes (4:2:0 chroma needs them), or turned to straight alpha.
enum PixelLayout {
    /// Premultiplied RGBA over an opaque colour, as RGBX (the fourth byte is
    /// ignored by the encoders). Over black this is the frame itself:
    /// premultiplied colour over black is the colour.
    static func rgbx(_ frame: Frame, over bg: (r: UInt8, g: UInt8, b: UInt8)) -> [UInt8] {
        if bg == (0, 0, 0) { return frame.pixels }
        var out = frame.pixels
        let back = (UInt32(bg.r), UInt32(bg.g), UInt32(bg.b))
        out.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let t = 255 - UInt32(p[i + 3])
                guard t != 0 else { continue }
                // src + bg × (1 − alpha), rounded; never above 255 for premultiplied input.
                p[i] = UInt8(min(255, UInt32(p[i]) + (back.0 * t + 127) / 255))
                p[i + 1] = UInt8(min(255, UInt32(p[i + 1]) + (back.1 * t + 127) / 255))
                p[i + 2] = UInt8(min(255, UInt32(p[i + 2]) + (back.2 * t + 127) / 255))
            }
        }
        return out
    }

    /// The next even number: the size a 4:2:0 video of `n` pixels has.
    static func even(_ n: Int) -> Int { n + (n & 1) }

    /// Four-byte pixels padded to even width and height, the added column and
    /// row repeating the last ones (so the edge does not bleed into the chroma).
    static func paddedToEven(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        let w2 = even(width), h2 = even(height)
        if w2 == width && h2 == height { return pixels }
        var out = [UInt8](repeating: 0, count: w2 * h2 * 4)
        pixels.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                let s = src.bindMemory(to: UInt32.self), d = dst.bindMemory(to: UInt32.self)
                for y in 0..<h2 {
                    let sy = min(y, height - 1)
                    for x in 0..<w2 { d[y * w2 + x] = s[sy * width + min(x, width - 1)] }
                }
            }
        }
        return out
    }

    /// Premultiplied RGBA to straight RGBA (what PNG and WebP store).
    static func straight(_ pixels: [UInt8]) -> [UInt8] {
        var out = pixels
        out.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = UInt32(p[i + 3])
                if a == 255 { continue }
                if a == 0 { p[i] = 0; p[i + 1] = 0; p[i + 2] = 0; continue }
                p[i] = UInt8(min(255, (UInt32(p[i]) * 255 + a / 2) / a))
                p[i + 1] = UInt8(min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
                p[i + 2] = UInt8(min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
            }
        }
        return out
    }
}
