// SPDX-License-Identifier: MIT
import CDeflate

/// Writes PNG chunks: the pieces of PNG and APNG files. RGBA, 8 bits a
/// channel, straight alpha (PNG does not premultiply), adaptive row filters,
/// zlib-format compression by libdeflate.
enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 12)
        append32(&out, UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        var crc = typeBytes.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        crc = data.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        append32(&out, crc)
        return out
    }

    static func append32(_ out: inout [UInt8], _ v: UInt32) {
        out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func header(width: Int, height: Int) -> [UInt8] {
        var d: [UInt8] = []
        append32(&d, UInt32(width))
        append32(&d, UInt32(height))
        d += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        return chunk("IHDR", d)
    }

    /// The compressed, filtered image data for a region of a premultiplied RGBA frame.
    static func imageData(_ pixels: [UInt8], frameWidth: Int, x: Int, y: Int, width: Int, height: Int,
                          level: Int32 = defaultLevel) -> [UInt8] {
        deflate(filtered(pixels, frameWidth: frameWidth, x: x, y: y, width: width, height: height), level: level)
    }

    /// libdeflate's level (1–12); docs/OUTPUTS.md has the measurements behind it.
    static let defaultLevel: Int32 = 6

    /// The region as PNG scanlines: straight alpha, each row led by the filter
    /// with the smallest sum of absolute values (the PNG book's heuristic).
    static func filtered(_ pixels: [UInt8], frameWidth: Int, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
        let rowBytes = width * 4
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        // Rows: the previous and current straight rows, then one candidate row per filter type.
        var rows = [UInt8](repeating: 0, count: rowBytes * 7)
        pixels.withUnsafeBufferPointer { src in
            raw.withUnsafeMutableBufferPointer { out in
                rows.withUnsafeMutableBufferPointer { r in
                    var previous = r.baseAddress!, current = previous + rowBytes
                    let candidates = (0..<5).map { current + rowBytes * (1 + $0) }
                    for row in 0..<height {
                        straightRow(src.baseAddress! + ((y + row) * frameWidth + x) * 4, into: current, count: width)
                        let type = bestFilter(current, previous, rowBytes, candidates)
                        let o = out.baseAddress! + row * (rowBytes + 1)
                        o[0] = type
                        (o + 1).update(from: candidates[Int(type)], count: rowBytes)
                        swap(&previous, &current)
                    }
                }
            }
        }
        return raw
    }

    static func straightRow(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            let p = i * 4
            let a = src[p + 3]
            if a == 255 {
                dst[p] = src[p]; dst[p + 1] = src[p + 1]; dst[p + 2] = src[p + 2]
            } else if a == 0 {
                dst[p] = 0; dst[p + 1] = 0; dst[p + 2] = 0
            } else {
                let af = UInt16(a)
                dst[p] = UInt8(min(255, (UInt16(src[p]) * 255 + af / 2) / af))
                dst[p + 1] = UInt8(min(255, (UInt16(src[p + 1]) * 255 + af / 2) / af))
                dst[p + 2] = UInt8(min(255, (UInt16(src[p + 2]) * 255 + af / 2) / af))
            }
            dst[p + 3] = a
        }
    }

    /// Fills the five candidate rows in one pass and returns the type whose
    /// bytes, read as signed, have the smallest sum of magnitudes (the first on a tie).
    private static func bestFilter(_ cur: UnsafePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ n: Int,
                                   _ c: [UnsafeMutablePointer<UInt8>]) -> UInt8 {
        let none = c[0], sub = c[1], up = c[2], avg = c[3], pae = c[4]
        var s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0
        @inline(__always) func mag(_ v: UInt8) -> Int { v < 128 ? Int(v) : 256 - Int(v) }
        for i in 0..<n {
            let v = cur[i], b = prev[i]
            let a: UInt8 = i >= 4 ? cur[i - 4] : 0
            let cc: UInt8 = i >= 4 ? prev[i - 4] : 0
            let f1 = v &- a, f2 = v &- b, f3 = v &- UInt8((UInt16(a) + UInt16(b)) >> 1), f4 = v &- paeth(a, b, cc)
            none[i] = v; sub[i] = f1; up[i] = f2; avg[i] = f3; pae[i] = f4
            s0 += mag(v); s1 += mag(f1); s2 += mag(f2); s3 += mag(f3); s4 += mag(f4)
        }
        var best: UInt8 = 0, score = s0
        for (t, s) in [(UInt8(1), s1), (2, s2), (3, s3), (4, s4)] where s < score { best = t; score = s }
        return best
    }

    @inline(__always)
    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// zlib-format data by libdeflate (one compressor per call: calls run on several threads).
    static func deflate(_ data: [UInt8], level: Int32) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else { fatalError("libdeflate: out of memory") }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, data.count)
        var out = [UInt8](repeating: 0, count: bound)
        let size = out.withUnsafeMutableBytes { dst in
            data.withUnsafeBytes { src in libdeflate_zlib_compress(compressor, src.baseAddress, src.count, dst.baseAddress, dst.count) }
        }
        precondition(size > 0, "libdeflate: the bound was too small")
        out.removeSubrange(size...)
        return out
    }

    /// A whole still PNG.
    static func png(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        signature + header(width: width, height: height)
            + chunk("IDAT", imageData(pixels, frameWidth: width, x: 0, y: 0, width: width, height: height))
            + chunk("IEND", [])
    }
}
