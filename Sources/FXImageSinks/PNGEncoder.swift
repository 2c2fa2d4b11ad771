import CZlib

/// Writes PNG chunks: the pieces of PNG and APNG files. RGBA, 8 bits a
/// channel, straight alpha (PNG does not premultiply), adaptive row filters,
/// zlib compression.
enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 12)
        append32(&out, UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        append32(&out, UInt32(crc))
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
    static func imageData(_ pixels: [UInt8], frameWidth: Int, x: Int, y: Int, width: Int, height: Int, level: Int32 = 6) -> [UInt8] {
        let rowBytes = width * 4
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        var best = [UInt8](repeating: 0, count: rowBytes)
        pixels.withUnsafeBufferPointer { src in
            for row in 0..<height {
                // Straight alpha for PNG.
                let base = ((y + row) * frameWidth + x) * 4
                for i in 0..<width {
                    let p = base + i * 4
                    let a = src[p + 3]
                    if a == 255 || a == 0 {
                        current[i * 4] = a == 0 ? 0 : src[p]
                        current[i * 4 + 1] = a == 0 ? 0 : src[p + 1]
                        current[i * 4 + 2] = a == 0 ? 0 : src[p + 2]
                    } else {
                        let af = UInt16(a)
                        current[i * 4] = UInt8(min(255, (UInt16(src[p]) * 255 + af / 2) / af))
                        current[i * 4 + 1] = UInt8(min(255, (UInt16(src[p + 1]) * 255 + af / 2) / af))
                        current[i * 4 + 2] = UInt8(min(255, (UInt16(src[p + 2]) * 255 + af / 2) / af))
                    }
                    current[i * 4 + 3] = a
                }
                // Pick the filter with the smallest sum of absolute values (the PNG book's heuristic).
                var bestType: UInt8 = 0
                var bestScore = Int.max
                for type in UInt8(0)...4 {
                    var score = 0
                    for i in 0..<rowBytes {
                        let left = i >= 4 ? current[i - 4] : 0
                        let up = previous[i]
                        let upLeft = i >= 4 ? previous[i - 4] : 0
                        let predicted: UInt8
                        switch type {
                        case 0: predicted = 0
                        case 1: predicted = left
                        case 2: predicted = up
                        case 3: predicted = UInt8((Int(left) + Int(up)) / 2)
                        default: predicted = paeth(left, up, upLeft)
                        }
                        let v = current[i] &- predicted
                        candidate[i] = v
                        score += v < 128 ? Int(v) : 256 - Int(v)
                        if score >= bestScore { break }
                    }
                    if score < bestScore {
                        bestScore = score
                        bestType = type
                        swap(&best, &candidate)
                    }
                }
                let o = row * (rowBytes + 1)
                raw[o] = bestType
                for i in 0..<rowBytes { raw[o + 1 + i] = best[i] }
                swap(&previous, &current)
            }
        }
        return deflate(raw, level: level)
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    static func deflate(_ data: [UInt8], level: Int32) -> [UInt8] {
        var bound = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(bound))
        let rc = out.withUnsafeMutableBufferPointer { dst in
            data.withUnsafeBufferPointer { src in compress2(dst.baseAddress, &bound, src.baseAddress, uLong(data.count), level) }
        }
        precondition(rc == Z_OK, "zlib compress2 failed (\(rc))")
        out.removeSubrange(Int(bound)...)
        return out
    }

    /// A whole still PNG.
    static func png(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        signature + header(width: width, height: height)
            + chunk("IDAT", imageData(pixels, frameWidth: width, x: 0, y: 0, width: width, height: height))
            + chunk("IEND", [])
    }
}
