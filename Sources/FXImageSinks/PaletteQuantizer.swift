// SPDX-License-Identifier: MIT
import CImageQuant
import FXSinks

/// 256-colour palettes by libimagequant (pngquant's library): a palette
/// chosen for each frame, then the frame remapped to it with
/// Floyd–Steinberg dithering; a frame with 256 colours or fewer keeps them,
/// and one with a few thousand goes to the median cut, which measures better there. docs/OUTPUTS.md compares it with the median
/// cut fxhost used before (speed, size, PSNR and SSIM).
enum PaletteQuantizer {
    /// libimagequant's speed, 1 (slowest, best) to 10; its default is 4. The measured trade is in docs/OUTPUTS.md.
    static let speed: Int32 = 8

    /// libimagequant's functions, loaded at the first call (Sources/CImageQuant); where it cannot be loaded,
    /// the GIF output fails in one line naming it. The median cut is no fallback: it is chosen by the frame
    /// (above), and a GIF whose bytes hung on the libraries of the machine would break "same run, same bytes".
    static func library() throws -> fx_liq {
        guard let table = fx_liq_load() else {
            throw OutputError("gif output needs libimagequant: \(String(cString: fx_liq_error())) (install Debian's libimagequant0)")
        }
        return table.pointee
    }

    /// `rgbx`: opaque pixels, four bytes each (the fourth is ignored).
    static func quantize(_ rgbx: [UInt8], width: Int, height: Int) throws -> (palette: [(UInt8, UInt8, UInt8)], indices: [UInt8]) {
        if let exact = exactPalette(rgbx) { return exact }
        if fewColours(rgbx) {
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            for i in 0..<(width * height) { rgb[i * 3] = rgbx[i * 4]; rgb[i * 3 + 1] = rgbx[i * 4 + 1]; rgb[i * 3 + 2] = rgbx[i * 4 + 2] }
            return MedianCut.quantize(rgb, width: width, height: height)
        }
        var rgba = rgbx
        rgba.withUnsafeMutableBufferPointer { p in for i in stride(from: 3, to: p.count, by: 4) { p[i] = 255 } }
        let liq = try library()
        guard let attr = liq.liq_attr_create() else { throw OutputError("gif output: libimagequant: out of memory") }
        defer { liq.liq_attr_destroy(attr) }
        _ = liq.liq_set_speed(attr, speed)
        return try rgba.withUnsafeBytes { raw -> ([(UInt8, UInt8, UInt8)], [UInt8]) in
            guard let image = liq.liq_image_create_rgba(attr, raw.baseAddress!, Int32(width), Int32(height), 0) else {
                throw OutputError("gif output: libimagequant cannot take \(width)×\(height) frames")
            }
            defer { liq.liq_image_destroy(image) }
            var result: OpaquePointer?
            guard liq.liq_image_quantize(image, attr, &result) == LIQ_OK, let result else {
                throw OutputError("gif output: libimagequant could not make a palette")
            }
            defer { liq.liq_result_destroy(result) }
            _ = liq.liq_set_dithering_level(result, 1)
            var indices = [UInt8](repeating: 0, count: width * height)
            let written = indices.withUnsafeMutableBytes { liq.liq_write_remapped_image(result, image, $0.baseAddress!, $0.count) }
            guard written == LIQ_OK, let palette = liq.liq_get_palette(result) else {
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

    /// A frame of 256 colours or fewer (flat effects often are) keeps them
    /// exactly, undithered: no quantiser can do better. Nil when there are more.
    static func exactPalette(_ rgbx: [UInt8]) -> (palette: [(UInt8, UInt8, UInt8)], indices: [UInt8])? {
        var index: [UInt32: UInt8] = [:]
        var palette: [(UInt8, UInt8, UInt8)] = []
        var indices = [UInt8](repeating: 0, count: rgbx.count / 4)
        var last: UInt32 = .max, lastIndex: UInt8 = 0
        let fits = rgbx.withUnsafeBytes { raw -> Bool in
            let px = raw.bindMemory(to: UInt32.self)
            for i in 0..<px.count {
                let key = px[i] & 0x00FF_FFFF  // little-endian RGBX: the low three bytes are R, G, B
                if key != last {
                    if let n = index[key] {
                        lastIndex = n
                    } else {
                        guard palette.count < 256 else { return false }
                        lastIndex = UInt8(palette.count)
                        index[key] = lastIndex
                        palette.append((UInt8(key & 0xFF), UInt8((key >> 8) & 0xFF), UInt8(key >> 16)))
                    }
                    last = key
                }
                indices[i] = lastIndex
            }
            return true
        }
        return fits ? (palette, indices) : nil
    }

    /// Frames of at most this many colours go to the median cut.
    static let medianCutColours = 4096

    /// Whether the frame has at most `medianCutColours` colours.
    static func fewColours(_ rgbx: [UInt8]) -> Bool {
        var seen = Set<UInt32>()
        var last: UInt32 = .max
        return rgbx.withUnsafeBytes { raw in
            for key in raw.bindMemory(to: UInt32.self) where key & 0x00FF_FFFF != last {
                last = key & 0x00FF_FFFF
                if seen.insert(last).inserted && seen.count > medianCutColours { return false }
            }
            return true
        }
    }
}

