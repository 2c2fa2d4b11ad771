// SPDX-License-Identifier: MIT
import FXCore

/// How closely one region of two opaque RGB pictures agrees, by the suite's
/// stated metrics: the share of pixels whose largest channel difference is
/// over `threshold`, and how many of those lie where the reference is flat (its
/// 3 × 3 neighbourhood within `flatness` of the pixel in every channel), where
/// anti-aliasing cannot explain a difference.
struct PixelAgreement: CustomStringConvertible {
    static let threshold = 64
    static let flatness = 8

    let pixels: Int
    let over: Int
    let overWhereFlat: Int
    let largest: Int

    var shareOver: Double { Double(over) / Double(pixels) }
    var description: String {
        "\(String(format: "%.2f", shareOver * 100)) % over \(Self.threshold), \(overWhereFlat) of them where flat, largest \(largest)"
    }

    /// Compares the `width` × `height` region at (`x`, `y`) of `image` with the same region of `reference`.
    init(_ image: Image, _ reference: Image, x: Int, y: Int, width: Int, height: Int) {
        func at(_ im: Image, _ px: Int, _ py: Int, _ c: Int) -> Int { Int(im.pixels[(py * im.width + px) * 4 + c]) }
        var over = 0, flat = 0, largest = 0
        for py in y..<(y + height) {
            for px in x..<(x + width) {
                var d = 0
                for c in 0..<3 { d = max(d, abs(at(image, px, py, c) - at(reference, px, py, c))) }
                largest = max(largest, d)
                guard d > Self.threshold else { continue }
                over += 1
                var isFlat = true
                for ny in max(y, py - 1)...min(y + height - 1, py + 1) {
                    for nx in max(x, px - 1)...min(x + width - 1, px + 1) {
                        for c in 0..<3 where abs(at(reference, nx, ny, c) - at(reference, px, py, c)) > Self.flatness {
                            isFlat = false
                        }
                    }
                }
                if isFlat { flat += 1 }
            }
        }
        pixels = width * height
        self.over = over
        overWhereFlat = flat
        self.largest = largest
    }
}
