// SPDX-License-Identifier: MIT
import CDeflate

/// 16-bit Adam7-interlaced PNG files, which libpng 1.6's simplified API decodes wrongly to 8 bits
/// (rows of earlier passes are lost: libpng issue #853, Debian 12's 1.6.39 among the versions),
/// decoded to straight-alpha RGBA, 8 bits a channel, as the W3C's PNG specification (3rd edition)
/// lays it out: chunks with CRC-32s, IHDR first, PLTE and tRNS, IDAT chunks forming one zlib
/// stream, each row filtered by one of five filters, and Adam7 interlacing. Every colour type and
/// bit depth is read; 16-bit samples keep their high byte (as stb_image, rlottie's decoder, does),
/// and colour space chunks are ignored (samples are taken as sRGB). This was the Lottie plugin's
/// decoder before fx.h 1.4 let plugins decode through the host.
struct DeepInterlacedPNG {
    let width: Int
    let height: Int
    /// Straight-alpha RGBA, rows top to bottom.
    let rgba: [UInt8]

    /// The largest image decoded this way: 16 megapixels (4,096 × 4,096), so that its inflated
    /// rows (8 bytes a pixel) and its RGBA stay under 200 MB.
    static let maxPixels = 16 << 20

    struct Failure: Error {
        let message: String
        var tooLarge = false
    }

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Whether libpng's simplified API would decode `raw` wrongly: IHDR says 16 bits and Adam7.
    static func needed(_ raw: UnsafeRawBufferPointer) -> Bool {
        raw.count >= 29 && raw.prefix(8).elementsEqual(signature) && raw[24] == 16 && raw[28] == 1
    }

    init(_ bytes: [UInt8], maxSide: Int) throws(Failure) {
        guard bytes.starts(with: Self.signature) else { throw Failure(message: "is not a PNG image (it lacks PNG's signature)") }
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        var at = 8
        var header: (w: Int, h: Int, depth: Int, colour: Int, interlaced: Bool)?
        var palette: [UInt8] = [], transparency: [UInt8] = []
        var stream: [UInt8] = []
        var ended = false
        while !ended {
            guard at + 12 <= bytes.count else { throw Failure(message: "is cut short (no IEND chunk)") }
            let length = u32(at), kind = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            guard length <= bytes.count - at - 12 else { throw Failure(message: "is cut short (chunk \(kind) runs past the end)") }
            let data = (at + 8)..<(at + 8 + length)
            let crc = bytes.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress! + at + 4, 4 + length) }
            guard Int(crc) == u32(data.upperBound) else { throw Failure(message: "is damaged (chunk \(kind)'s CRC does not match)") }
            at = data.upperBound + 4
            if header == nil {
                guard kind == "IHDR", length == 13 else { throw Failure(message: "is damaged (IHDR is not its first chunk)") }
                let w = u32(data.lowerBound), h = u32(data.lowerBound + 4)
                let depth = Int(bytes[data.lowerBound + 8]), colour = Int(bytes[data.lowerBound + 9])
                let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
                guard depths[colour]?.contains(depth) == true else {
                    throw Failure(message: "has colour type \(colour) with bit depth \(depth), which PNG does not define")
                }
                guard bytes[data.lowerBound + 10] == 0, bytes[data.lowerBound + 11] == 0, bytes[data.lowerBound + 12] <= 1 else {
                    throw Failure(message: "uses a compression, filter or interlace method PNG does not define")
                }
                guard w > 0, h > 0, w <= maxSide, h <= maxSide else {
                    throw Failure(message: "is \(w)×\(h) pixels; images may be at most \(maxSide) on a side", tooLarge: true)
                }
                guard w * h <= Self.maxPixels else {
                    throw Failure(message: "is \(w)×\(h) pixels; 16-bit interlaced images may be at most \(Self.maxPixels >> 20) megapixels",
                                  tooLarge: true)
                }
                header = (w, h, depth, colour, bytes[data.lowerBound + 12] == 1)
                continue
            }
            switch kind {
            case "PLTE":
                guard length % 3 == 0, length <= 768 else { throw Failure(message: "has a palette (PLTE) of \(length) bytes, not 3 × at most 256") }
                palette = Array(bytes[data])
            case "tRNS": transparency = Array(bytes[data])
            case "IDAT": stream += bytes[data]
            case "IEND": ended = true
            default: break
            }
        }
        guard let (w, h, depth, colour, interlaced) = header else { throw Failure(message: "has no IHDR chunk") }
        guard colour != 3 || !palette.isEmpty else { throw Failure(message: "uses a palette but has no PLTE chunk") }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colour]!
        let bitsPerPixel = channels * depth

        // The passes: the whole image, or Adam7's seven sub-images.
        let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var rawSize = 0
        var sizes: [(w: Int, h: Int)] = []
        for p in passes {
            let pw = (w - p.x0 + p.dx - 1) / p.dx, ph = (h - p.y0 + p.dy - 1) / p.dy
            sizes.append((max(0, pw), max(0, ph)))
            if pw > 0, ph > 0 { rawSize += ph * (1 + (pw * bitsPerPixel + 7) / 8) }
        }
        var raw = [UInt8](repeating: 0, count: rawSize)
        guard let inflater = libdeflate_alloc_decompressor() else { throw Failure(message: "cannot be inflated (no memory for a decompressor)") }
        defer { libdeflate_free_decompressor(inflater) }
        var produced = 0
        let result = stream.withUnsafeBytes { s in
            raw.withUnsafeMutableBytes { r in
                libdeflate_zlib_decompress(inflater, s.baseAddress, s.count, r.baseAddress, r.count, &produced)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, produced == rawSize else {
            throw Failure(message: "is damaged (its compressed pixel data does not inflate to the \(rawSize) bytes its size needs)")
        }

        var out = [UInt8](repeating: 0, count: w * h * 4)
        let bpp = max(1, bitsPerPixel / 8)
        var offset = 0
        for (k, p) in passes.enumerated() {
            let (pw, ph) = sizes[k]
            guard pw > 0, ph > 0 else { continue }
            let stride = (pw * bitsPerPixel + 7) / 8
            var previous = [UInt8](repeating: 0, count: stride)
            for y in 0..<ph {
                let filter = raw[offset]
                var row = Array(raw[(offset + 1)..<(offset + 1 + stride)])
                offset += 1 + stride
                try Self.unfilter(&row, previous, filter: filter, bpp: bpp)
                let rowStart = (p.y0 + y * p.dy) * w
                if depth == 8, colour == 6 || (colour == 2 && transparency.isEmpty) {
                    // The common files, without a per-pixel array.
                    for x in 0..<pw {
                        let o = (rowStart + p.x0 + x * p.dx) * 4, i = x * channels
                        out[o] = row[i]; out[o + 1] = row[i + 1]; out[o + 2] = row[i + 2]
                        out[o + 3] = colour == 6 ? row[i + 3] : 255
                    }
                    previous = row
                    continue
                }
                for x in 0..<pw {
                    let pixel = Self.pixel(row, x, depth: depth, channels: channels)
                    let rgba = try Self.rgba(pixel, colour: colour, depth: depth, palette: palette, transparency: transparency)
                    let o = (rowStart + p.x0 + x * p.dx) * 4
                    out[o] = rgba.0; out[o + 1] = rgba.1; out[o + 2] = rgba.2; out[o + 3] = rgba.3
                }
                previous = row
            }
        }
        width = w
        height = h
        rgba = out
    }

    /// Undoes a row's filter (PNG section 7.3: None, Sub, Up, Average, Paeth).
    static func unfilter(_ row: inout [UInt8], _ prior: [UInt8], filter: UInt8, bpp: Int) throws(Failure) {
        switch filter {
        case 0: break
        case 1: for i in bpp..<max(bpp, row.count) { row[i] &+= row[i - bpp] }
        case 2: for i in 0..<row.count { row[i] &+= prior[i] }
        case 3:
            for i in 0..<row.count {
                let left = i >= bpp ? Int(row[i - bpp]) : 0
                row[i] &+= UInt8((left + Int(prior[i])) / 2)
            }
        case 4:
            for i in 0..<row.count {
                let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(prior[i]), c = i >= bpp ? Int(prior[i - bpp]) : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                row[i] &+= UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
            }
        default: throw Failure(message: "is damaged (a row has filter type \(filter), which PNG does not define)")
        }
    }

    /// The samples of pixel `x` of a row, each at full precision.
    static func pixel(_ row: [UInt8], _ x: Int, depth: Int, channels: Int) -> [Int] {
        switch depth {
        case 8: return (0..<channels).map { Int(row[x * channels + $0]) }
        case 16: return (0..<channels).map { Int(row[(x * channels + $0) * 2]) << 8 | Int(row[(x * channels + $0) * 2 + 1]) }
        default:
            // One channel of 1, 2 or 4 bits, packed from the byte's high bits.
            let bit = x * depth
            let shift = 8 - depth - bit % 8
            return [Int(row[bit / 8] >> UInt8(shift)) & ((1 << depth) - 1)]
        }
    }

    static func rgba(_ s: [Int], colour: Int, depth: Int, palette: [UInt8], transparency: [UInt8]) throws(Failure) -> (UInt8, UInt8, UInt8, UInt8) {
        func eight(_ v: Int) -> UInt8 { depth == 16 ? UInt8(v >> 8) : UInt8(v * 255 / ((1 << depth) - 1)) }
        func key(_ k: Int) -> Int { transparency.count >= 2 * k + 2 ? Int(transparency[2 * k]) << 8 | Int(transparency[2 * k + 1]) : -1 }
        switch colour {
        case 0:
            let g = eight(s[0])
            return (g, g, g, transparency.count >= 2 && s[0] == key(0) ? 0 : 255)
        case 2:
            let opaque = !(transparency.count >= 6 && s[0] == key(0) && s[1] == key(1) && s[2] == key(2))
            return (eight(s[0]), eight(s[1]), eight(s[2]), opaque ? 255 : 0)
        case 3:
            let i = s[0]
            guard i * 3 + 2 < palette.count else { throw Failure(message: "is damaged (a pixel's palette index \(i) is past its palette)") }
            return (palette[i * 3], palette[i * 3 + 1], palette[i * 3 + 2], i < transparency.count ? transparency[i] : 255)
        case 4:
            let g = eight(s[0])
            return (g, g, g, eight(s[1]))
        default:
            return (eight(s[0]), eight(s[1]), eight(s[2]), eight(s[3]))
        }
    }
}
