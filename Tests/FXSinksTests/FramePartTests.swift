// SPDX-License-Identifier: MIT
import CDeflate
import FXCore
import FXImageSinks
import FXRender
import FXSinks
import Foundation
import TestSupport
import Testing

/// The part format (`.fxpart`) as its doc comment lays it out, written here
/// byte by byte: the writer's files parse by that layout, and the reader
/// checks every frame header against the part's layout before it reads pixels.
@Suite struct FramePartTests {
    let dir: String
    init() throws {
        dir = try TestSupport.temporaryFolder()
    }

    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    static func le64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    static func u32(_ b: [UInt8], _ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(b[at + $1]) << (8 * $1) } }

    static func deflate(_ data: [UInt8]) -> [UInt8] {
        let c = libdeflate_alloc_compressor(6)!
        defer { libdeflate_free_compressor(c) }
        var out = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(c, data.count))
        let n = data.withUnsafeBytes { d in out.withUnsafeMutableBytes { libdeflate_zlib_compress(c, d.baseAddress, d.count, $0.baseAddress, $0.count) } }
        return Array(out.prefix(n))
    }

    static func inflate(_ data: [UInt8], size: Int) -> [UInt8]? {
        let d = libdeflate_alloc_decompressor()!
        defer { libdeflate_free_decompressor(d) }
        var out = [UInt8](repeating: 0, count: size)
        let rc = data.withUnsafeBytes { s in out.withUnsafeMutableBytes { libdeflate_zlib_decompress(d, s.baseAddress, s.count, $0.baseAddress, size, nil) } }
        return rc == LIBDEFLATE_SUCCESS ? out : nil
    }

    /// One frame record: "F", width, height, the time's bits, the deflated length, the zlib stream.
    static func record(width: Int, height: Int, time: Double, packed: [UInt8], claimedLength: UInt32? = nil) -> [UInt8] {
        [UInt8(ascii: "F")] + le32(UInt32(width)) + le32(UInt32(height)) + le64(time.bitPattern)
            + le32(claimedLength ?? UInt32(packed.count)) + packed
    }

    static let magic = Array("FXPART 1\n".utf8)

    /// A pattern that differs pixel by pixel and frame by frame.
    static func pixels(_ w: Int, _ h: Int, seed: Int) -> [UInt8] { (0..<(w * h * 4)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed &* 7) } }

    /// A part of `count` frames of 6×4 at 10 fps, the first being frame `first` of the run.
    static func part(first: Int, count: Int) -> [UInt8] {
        var bytes = magic
        for i in 0..<count {
            bytes += record(width: 6, height: 4, time: Double(first + i) / 10, packed: deflate(pixels(6, 4, seed: first + i)))
        }
        return bytes
    }

    static func layout(first: Int, count: Int, endSample: Bool = false, end: Double? = nil) -> FramePartLayout {
        FramePartLayout(width: 6, height: 4, frames: first..<(first + count), fps: 10, endSample: endSample, end: end)
    }

    func refusal(_ bytes: [UInt8], _ layout: FramePartLayout) -> String {
        do {
            let reader = try FramePartReader(bytes: bytes, name: "p.fxpart", layout: layout)
            try reader.forEachFrame { _ in }
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func framesWrittenByHandReadBackInOrder() throws {
        let reader = try FramePartReader(bytes: Self.part(first: 3, count: 5), name: "p.fxpart", layout: Self.layout(first: 3, count: 5))
        var seen: [Frame] = []
        try reader.forEachFrame { seen.append($0) }
        #expect(seen.count == 5)
        for (i, f) in seen.enumerated() {
            #expect(f.width == 6 && f.height == 4 && f.time == Double(3 + i) / 10)
            #expect(f.pixels == Self.pixels(6, 4, seed: 3 + i), "frame \(3 + i)")
        }
        var firstTwo = 0
        try reader.forEachFrame(count: 2) { _ in firstTwo += 1 }
        #expect(firstTwo == 2)
    }

    /// The writer's file, parsed by the layout above and inflated independently.
    @Test func theWriterLaysFramesOutAsDocumented() throws {
        let path = dir + "/w.fxpart"
        let sink = try FramePartWriter(renderer: Renderer(stageSize: Size(6, 4)), output: OutputFile(path: path, publication: .direct))
        let frames = (0..<3).map { Frame(width: 6, height: 4, pixels: Self.pixels(6, 4, seed: $0), time: Double($0) / 10) }
        for f in frames { try sink.consume(frame: f) }
        try sink.finish()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes.prefix(9)) == Self.magic)
        var at = 9
        for f in frames {
            #expect(bytes[at] == UInt8(ascii: "F"))
            #expect(Self.u32(bytes, at + 1) == 6 && Self.u32(bytes, at + 5) == 4)
            #expect(UInt64(Self.u32(bytes, at + 9)) | UInt64(Self.u32(bytes, at + 13)) << 32 == f.time.bitPattern)
            let n = Self.u32(bytes, at + 17)
            #expect(Self.inflate(Array(bytes[(at + 21)..<(at + 21 + n)]), size: 6 * 4 * 4) == f.pixels)
            at += 21 + n
        }
        #expect(at == bytes.count)
    }

    /// The crafted part of issue 28: 41 bytes whose one header claims 16384×16384 pixels.
    @Test func aHeaderClaimingAnotherSizeIsRefusedBeforeItsPixels() {
        let crafted = Self.magic + Self.record(width: 16384, height: 16384, time: 0, packed: Array(repeating: 0x78, count: 11))
        #expect(crafted.count == 41)
        let e = refusal(crafted, Self.layout(first: 0, count: 1))
        #expect(e.contains("'p.fxpart' does not match its manifest") && e.contains("frame 0 is 16384×16384 pixels where the manifest says 6×4"), "\(e)")
    }

    @Test func everyWayAHeaderCanBeWrongIsNamed() {
        let good = Self.deflate(Self.pixels(6, 4, seed: 0))
        func one(_ r: [UInt8]) -> [UInt8] { Self.magic + r }
        // Frame 2 of a run at 10 fps shows 0.2 s; this one says 0.3 s.
        #expect(refusal(one(Self.record(width: 6, height: 4, time: 0.3, packed: good)), Self.layout(first: 2, count: 1))
            .contains("frame 2 shows 0.3 s where the manifest puts it at 0.2 s"))
        // A length no frame of 6×4 (96 bytes) can deflate to, and one past the end of the file.
        #expect(refusal(one(Self.record(width: 6, height: 4, time: 0, packed: good, claimedLength: 4_000_000_000)), Self.layout(first: 0, count: 1))
            .contains("claims 4000000000 deflated bytes"))
        #expect(refusal(one(Self.record(width: 6, height: 4, time: 0, packed: good, claimedLength: UInt32(good.count + 1))), Self.layout(first: 0, count: 1))
            .contains("damaged or cut short at byte 9: it ends inside the pixels of frame 0"))
        #expect(refusal(one(Array(Self.record(width: 6, height: 4, time: 0, packed: good).prefix(15))), Self.layout(first: 0, count: 1))
            .contains("it ends inside a frame header"))
        #expect(refusal(Array("GIF89a".utf8), Self.layout(first: 0, count: 1)).contains("is not a part file of fxhost"))
        // Fewer and more frames than the manifest says.
        #expect(refusal(Self.part(first: 0, count: 2), Self.layout(first: 0, count: 3)).contains("holds 2 frames where its manifest says 3"))
        #expect(refusal(Self.part(first: 0, count: 3), Self.layout(first: 0, count: 2)).contains("holds more than the 2 frames its manifest says"))
        // Pixels that do not inflate to the frame's size, found when the frame is read.
        var short = Self.deflate(Self.pixels(6, 3, seed: 0))
        #expect(refusal(one(Self.record(width: 6, height: 4, time: 0, packed: short)), Self.layout(first: 0, count: 1))
            .contains("the pixels of frame 0 do not inflate to 6×4 pixels"))
        short[short.count - 1] ^= 1  // the Adler-32 checksum
        #expect(refusal(one(Self.record(width: 6, height: 4, time: 0, packed: short)), Self.layout(first: 0, count: 1))
            .contains("do not inflate"))
    }

    /// The run's last sample at its end: at the given end, or between the last frame's time and the next's.
    @Test func theEndSampleIsCheckedToo() throws {
        let last = Self.deflate(Self.pixels(6, 4, seed: 9))
        let withEnd = Self.part(first: 0, count: 2) + Self.record(width: 6, height: 4, time: 0.15, packed: last)
        #expect(refusal(withEnd, Self.layout(first: 0, count: 2, endSample: true, end: 0.15)) == "accepted")
        #expect(refusal(withEnd, Self.layout(first: 0, count: 2, endSample: true, end: nil)) == "accepted")
        #expect(refusal(withEnd, Self.layout(first: 0, count: 2, endSample: true, end: 0.17)).contains("last sample (the run's end) shows 0.15 s where the manifest puts it at 0.17 s"))
        let late = Self.part(first: 0, count: 2) + Self.record(width: 6, height: 4, time: 0.25, packed: last)
        #expect(refusal(late, Self.layout(first: 0, count: 2, endSample: true, end: nil)).contains("shows 0.25 s, not between 0.1 s and 0.2 s"))
    }
}
