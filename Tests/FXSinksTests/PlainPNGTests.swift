// SPDX-License-Identifier: MIT
import CDeflate
import Foundation
import Testing
@testable import FXPNG

/// Plain 8-bit RGB and RGBA files decoded without libpng give libpng's pixels; every other file,
/// and every damaged one, is still libpng's to decode or refuse. The files are written here
/// from the PNG specification (3rd edition): chunks, CRCs, every row filter of section 9.
@Suite struct PlainPNGTests {
    struct Bytes {
        var state: UInt32
        mutating func next() -> UInt8 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        return be32(UInt32(data.count)) + body + be32(crc)
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }

    static func zlib(_ data: [UInt8]) -> [UInt8] {
        let c = libdeflate_alloc_compressor(6)!
        defer { libdeflate_free_compressor(c) }
        var out = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(c, data.count))
        let n = data.withUnsafeBytes { d in out.withUnsafeMutableBytes { libdeflate_zlib_compress(c, d.baseAddress, d.count, $0.baseAddress, $0.count) } }
        return Array(out.prefix(n))
    }

    /// The filter of section 9.2 applied to row `row` (`bpp` bytes a pixel) with `prior` above it.
    static func filter(_ type: UInt8, _ row: [UInt8], _ prior: [UInt8]?, bpp: Int) -> [UInt8] {
        (0..<row.count).map { i in
            let a = i >= bpp ? Int(row[i - bpp]) : 0, b = prior.map { Int($0[i]) } ?? 0
            let c = i >= bpp ? prior.map { Int($0[i - bpp]) } ?? 0 : 0
            let predictor: Int
            switch type {
            case 0: predictor = 0
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = (a + b) / 2
            default:
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            }
            return UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
        }
    }

    /// A PNG of random samples, each row with the filter `filters` gives it; `extra` chunks go
    /// after IHDR; the image data is split over `idats` chunks.
    static func png(width: Int, height: Int, colourType: UInt8, seed: UInt32, filters: (Int) -> UInt8,
                    extra: [[UInt8]] = [], idats: Int = 1, depth: UInt8 = 8, interlace: UInt8 = 0) -> [UInt8] {
        var random = Bytes(state: seed)
        let bpp = colourType == 6 ? 4 : colourType == 2 ? 3 : 1
        var stream: [UInt8] = []
        var prior: [UInt8]?
        for y in 0..<height {
            var row = (0..<(width * bpp)).map { _ in random.next() }
            if colourType == 6 {
                // Alphas of every kind: opaque, clear and between.
                for x in 0..<width where x % 3 == 0 { row[x * 4 + 3] = x % 2 == 0 ? 255 : 0 }
            }
            let f = filters(y)
            stream += [f] + filter(f, row, prior, bpp: bpp)
            prior = row
        }
        let z = zlib(stream)
        var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        file += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [depth, colourType, 0, 0, interlace])
        for e in extra { file += e }
        let part = (z.count + idats - 1) / idats
        for i in 0..<idats { file += chunk("IDAT", Array(z[min(z.count, i * part)..<min(z.count, (i + 1) * part)])) }
        file += chunk("IEND", [])
        return file
    }

    func both(_ file: [UInt8]) throws -> (plain: [UInt8]?, libpng: [UInt8]) {
        try file.withUnsafeBytes { raw in
            (PlainPNG.decode(raw, maxSide: 8192)?.pixels, try PNGDecoder.decodeWithLibpng(raw, label: "t", maxSide: 8192).pixels)
        }
    }

    @Test(arguments: [UInt8(2), 6])
    func everyFilterGivesLibpngsPixels(colourType: UInt8) throws {
        for (k, (w, h)) in [(1, 1), (1, 7), (5, 5), (33, 17), (64, 3), (301, 40)].enumerated() {
            // Each filter alone, then a different one on every row.
            for f in 0..<6 {
                let file = Self.png(width: w, height: h, colourType: colourType, seed: UInt32(100 * k + f),
                                    filters: { f < 5 ? UInt8(f) : UInt8(($0 * 3 + k) % 5) })
                let (plain, libpng) = try both(file)
                #expect(plain != nil && plain == libpng, "\(w)×\(h) type \(colourType) filter \(f)")
            }
        }
    }

    @Test func severalIDATsAndChunksThatKeepSRGBStayPlain() throws {
        let text = Self.chunk("tEXt", Array("Comment\u{0}made by a test".utf8))
        let phys = Self.chunk("pHYs", Self.be32(2835) + Self.be32(2835) + [1])
        // sRGB's chromaticities (ITU-R BT.709 primaries, D65 white), times 100000.
        let chrm = Self.chunk("cHRM", [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000].flatMap { Self.be32(UInt32($0)) })
        let gamma = Self.chunk("gAMA", Self.be32(45455)), srgb = Self.chunk("sRGB", [0])
        for (k, extra) in [[text, phys], [srgb, gamma, chrm], [gamma, chrm], [srgb]].enumerated() {
            for colourType: UInt8 in [2, 6] {
                let file = Self.png(width: 50, height: 20, colourType: colourType, seed: UInt32(3 + k), filters: { UInt8($0 % 5) },
                                    extra: extra, idats: 4)
                let (plain, libpng) = try both(file)
                #expect(plain != nil && plain == libpng, "extra chunks \(k), colour type \(colourType)")
            }
        }
        let file = Self.png(width: 50, height: 20, colourType: 6, seed: 3, filters: { UInt8($0 % 5) }, extra: [text, phys], idats: 4)
        let (_, libpng) = try both(file)
        // Through the public entry point too.
        #expect(try PNGDecoder.decode(file, label: "t").pixels == libpng)
    }

    /// A file as macOS writes it: an eXIf chunk (here a big-endian TIFF header and one IFD entry,
    /// Orientation = 6, "rotate 90° clockwise") and Apple's iDOT (two halves, the second IDAT's
    /// offset), its stream in two IDATs. libpng's simplified API neither turns the image nor reads
    /// iDOT, so the plain reader must give its pixels, unturned.
    @Test func exifAndApplesIDOTStayPlainAndTheImageIsNotTurned() throws {
        let exif = Self.chunk("eXIf", Array("MM".utf8) + [0, 42] + Self.be32(8) + [0, 1] + [1, 0x12, 0, 3] + Self.be32(1) + [0, 6, 0, 0] + Self.be32(0))
        let idot = Self.chunk("iDOT", Self.be32(2) + Self.be32(0) + Self.be32(10) + Self.be32(10) + Self.be32(10) + Self.be32(10) + Self.be32(0x70))
        for colourType: UInt8 in [2, 6] {
            let file = Self.png(width: 40, height: 20, colourType: colourType, seed: 11, filters: { UInt8($0 % 5) },
                                extra: [exif, idot], idats: 2)
            let (plain, libpng) = try both(file)
            #expect(plain != nil && plain == libpng, "colour type \(colourType)")
            #expect(try PNGDecoder.decode(file, label: "t").width == 40)
        }
    }

    /// Chunks that change the pixels' meaning, other kinds of file, damage: left to libpng.
    @Test func everythingElseIsLibpngs() throws {
        let filters: (Int) -> UInt8 = { UInt8($0 % 5) }
        let gamma = Self.chunk("gAMA", Self.be32(100_000))
        let trns = Self.chunk("tRNS", [0, 10, 0, 20, 0, 30])
        let profile = Self.chunk("iCCP", Array("p\u{0}\u{0}".utf8) + Self.zlib([UInt8](repeating: 0, count: 128)))
        var declined: [[UInt8]] = [
            Self.png(width: 9, height: 9, colourType: 2, seed: 1, filters: filters, extra: [gamma]),
            Self.png(width: 9, height: 9, colourType: 2, seed: 1, filters: filters, extra: [trns]),
            Self.png(width: 9, height: 9, colourType: 2, seed: 1, filters: filters, extra: [profile]),
            Self.png(width: 9, height: 9, colourType: 2, seed: 1, filters: filters, depth: 16),
            Self.png(width: 9, height: 9, colourType: 2, seed: 1, filters: filters, interlace: 1),
            Self.png(width: 9, height: 9, colourType: 0, seed: 1, filters: filters),
        ]
        // A bad CRC on the last IDAT.
        var damaged = Self.png(width: 9, height: 9, colourType: 6, seed: 2, filters: filters)
        damaged[damaged.count - 13] ^= 1
        declined.append(damaged)
        for (i, file) in declined.enumerated() {
            file.withUnsafeBytes { #expect(PlainPNG.decode($0, maxSide: 8192) == nil, "file \(i)") }
        }
        // libpng still decodes the sound ones as before: gamma 1.0 changes the samples.
        let viaGamma = try PNGDecoder.decode(declined[0], label: "t").pixels
        let plainSamples = try PNGDecoder.decode(Self.png(width: 9, height: 9, colourType: 2, seed: 1, filters: filters), label: "t").pixels
        #expect(viaGamma != plainSamples)
        #expect(throws: PNGDecoder.Failure.self) { try PNGDecoder.decode(damaged, label: "t") }
    }

    @Test func aStreamTooShortOrWithAnUnknownFilterIsLibpngs() throws {
        // Eight rows declared, seven in the stream; then a row with filter type 5.
        var short = Self.png(width: 8, height: 7, colourType: 2, seed: 4, filters: { _ in 1 })
        let height = Self.be32(8)
        short.replaceSubrange(20..<24, with: height)
        let crc = Array(short[12..<29]).withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        short.replaceSubrange(29..<33, with: Self.be32(crc))
        let unknown = Self.png(width: 8, height: 7, colourType: 2, seed: 4, filters: { $0 == 3 ? 5 : 0 })
        for file in [short, unknown] {
            file.withUnsafeBytes { #expect(PlainPNG.decode($0, maxSide: 8192) == nil) }
            #expect(throws: PNGDecoder.Failure.self) { try PNGDecoder.decode(file, label: "t") }
        }
    }
}
