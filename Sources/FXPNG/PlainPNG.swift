// SPDX-License-Identifier: MIT
import CDeflate
import CPixels

/// The PNG files most images are, decoded without libpng: 8-bit RGB or RGBA, not interlaced,
/// with no chunk that changes what the pixels mean (a gamma other than sRGB's, a colour
/// profile, transparency, a palette, significant bits, a background). libpng's simplified
/// API gives such files' samples as stored (its output is sRGB, and so are they), so any
/// decoder gives the same bytes; libdeflate inflates the zlib stream two to three times faster
/// than zlib does inside libpng. Anything else, and anything wrong with the file (a bad CRC,
/// a short or overlong stream), is left to libpng (`decode` returns nil), which then decodes
/// it or reports what is wrong, as before.
enum PlainPNG {
    /// Chunks that leave sRGB samples as they are (PNG, 3rd edition, section 11.3): text, time,
    /// physical pixel size; sRGB itself, and chromaticities (which matter only for conversion to
    /// grey); eXIf (a camera's metadata: libpng's simplified API does not turn the image by its
    /// orientation, nor does this reader) and Apple's private iDOT (where a second IDAT starts, a
    /// hint for decoding in two halves; macOS writes it into screenshots and exported images,
    /// and so into many Lottie files). A gAMA chunk must say sRGB's 1/2.2 (45455). Any other
    /// chunk sends the file to libpng.
    static let metadata: Set<UInt32> = ["tEXt", "zTXt", "iTXt", "tIME", "pHYs", "sRGB", "cHRM", "eXIf", "iDOT"]
        .reduce(into: []) { $0.insert(type($1)) }
    static let IHDR = type("IHDR"), IDAT = type("IDAT"), IEND = type("IEND"), gAMA = type("gAMA")

    static func type(_ name: String) -> UInt32 { name.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    /// Premultiplied RGBA, `width` × 4 bytes a row; nil when the file is not one of these or not sound.
    static func decode(_ raw: UnsafeRawBufferPointer, maxSide: Int) -> (width: Int, height: Int, pixels: [UInt8])? {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard raw.count >= 8 + 25, raw.prefix(8).elementsEqual(signature) else { return nil }
        func u32(_ at: Int) -> UInt32 {
            UInt32(raw[at]) << 24 | UInt32(raw[at + 1]) << 16 | UInt32(raw[at + 2]) << 8 | UInt32(raw[at + 3])
        }
        var at = 8
        var header: (width: Int, height: Int, channels: Int)?
        var idat: [Range<Int>] = []
        var ended = false
        while at + 12 <= raw.count {
            let length = Int(u32(at)), kind = u32(at + 4)
            guard length <= Int(Int32.max), at + 12 + length <= raw.count else { return nil }
            let data = (at + 8)..<(at + 8 + length)
            let crc = libdeflate_crc32(0, raw.baseAddress! + at + 4, 4 + length)
            guard crc == u32(data.upperBound) else { return nil }
            at = data.upperBound + 4
            if header == nil {
                // IHDR first: width, height, bit depth 8, colour type 2 or 6, compression, filter and interlace 0.
                guard kind == IHDR, length == 13 else { return nil }
                let w = Int(u32(data.lowerBound)), h = Int(u32(data.lowerBound + 4))
                let depth = raw[data.lowerBound + 8], colour = raw[data.lowerBound + 9]
                guard w > 0, h > 0, w <= maxSide, h <= maxSide, depth == 8, colour == 2 || colour == 6,
                      raw[data.lowerBound + 10] == 0, raw[data.lowerBound + 11] == 0, raw[data.lowerBound + 12] == 0 else { return nil }
                header = (w, h, colour == 2 ? 3 : 4)
            } else if kind == IDAT {
                // IDAT chunks follow one another (section 5.6).
                guard idat.isEmpty || idat.last!.upperBound + 4 == data.lowerBound - 8 else { return nil }
                idat.append(data)
            } else if kind == IEND {
                ended = true
                break
            } else if kind == gAMA {
                guard length == 4, u32(data.lowerBound) == 45455 else { return nil }
            } else if !metadata.contains(kind) {
                return nil
            }
        }
        guard ended, let (w, h, channels) = header, !idat.isEmpty else { return nil }
        let rowBytes = w * channels + 1
        var rows = [UInt8](repeating: 0, count: rowBytes * h)
        // One IDAT is inflated where it lies; several are joined first.
        var joined: [UInt8] = []
        if idat.count > 1 { for r in idat { joined += raw[r] } }
        guard let inflater = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(inflater) }
        let result = rows.withUnsafeMutableBytes { out in
            if idat.count == 1 {
                return libdeflate_zlib_decompress(inflater, raw.baseAddress! + idat[0].lowerBound, idat[0].count,
                                                  out.baseAddress, out.count, nil)
            }
            return joined.withUnsafeBytes { libdeflate_zlib_decompress(inflater, $0.baseAddress, $0.count, out.baseAddress, out.count, nil) }
        }
        // Exactly the rows' bytes, with a sound Adler-32, or libpng decides.
        guard result == LIBDEFLATE_SUCCESS else { return nil }
        var pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { _, count in count = w * h * 4 }
        let ok = rows.withUnsafeMutableBufferPointer { r in
            pixels.withUnsafeMutableBufferPointer { fx_png_unfilter(r.baseAddress, Int32(w), Int32(h), Int32(channels), $0.baseAddress) }
        }
        return ok == 0 ? (w, h, pixels) : nil
    }
}
