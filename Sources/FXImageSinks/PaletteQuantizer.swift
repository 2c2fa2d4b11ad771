import CImageQuant
import FXSinks

/// 256-colour palettes by libimagequant (pngquant's library): a palette
/// chosen for each frame, then the frame remapped to it with
/// Floyd–Steinberg dithering. docs/OUTPUTS.md compares it with the median
/// cut fxhost used before (speed, size, PSNR and SSIM).
enum PaletteQuantizer {
    /// libimagequant's speed, 1 (slowest, best) to 10; its default is 4. The measured trade is in docs/OUTPUTS.md.
    static let speed: Int32 = 8

    /// `rgbx`: opaque pixels, four bytes each (the fourth is ignored).
    static func quantize(_ rgbx: [UInt8], width: Int, height: Int) throws -> (palette: [(UInt8, UInt8, UInt8)], indices: [UInt8]) {
        var rgba = rgbx
        rgba.withUnsafeMutableBufferPointer { p in for i in stride(from: 3, to: p.count, by: 4) { p[i] = 255 } }
        guard let attr = liq_attr_create() else { throw OutputError("gif output: libimagequant: out of memory") }
        defer { liq_attr_destroy(attr) }
        liq_set_speed(attr, speed)
        return try rgba.withUnsafeBytes { raw -> ([(UInt8, UInt8, UInt8)], [UInt8]) in
            guard let image = liq_image_create_rgba(attr, raw.baseAddress!, Int32(width), Int32(height), 0) else {
                throw OutputError("gif output: libimagequant cannot take \(width)×\(height) frames")
            }
            defer { liq_image_destroy(image) }
            var result: OpaquePointer?
            guard liq_image_quantize(image, attr, &result) == LIQ_OK, let result else {
                throw OutputError("gif output: libimagequant could not make a palette")
            }
            defer { liq_result_destroy(result) }
            liq_set_dithering_level(result, 1)
            var indices = [UInt8](repeating: 0, count: width * height)
            let written = indices.withUnsafeMutableBytes { liq_write_remapped_image(result, image, $0.baseAddress!, $0.count) }
            guard written == LIQ_OK, let palette = liq_get_palette(result) else {
                throw OutputError("gif output: libimagequant could not remap a frame")
            }
            let count = Int(palette.pointee.count)
            var colors: [(UInt8, UInt8, UInt8)] = []
            withUnsafeBytes(of: palette.pointee.entries) { raw in
                for i in 0..<count {
                    let r: UInt8 = raw[i * 4], g: UInt8 = raw[i * 4 + 1], b: UInt8 = raw[i * 4 + 2]
                    colors.append((r, g, b))
                }
            }
            return (colors, indices)
        }
    }
}
