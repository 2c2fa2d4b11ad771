// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// fx.h 1.4 through the real fxhost: image_decode_png, driven by a C plugin
/// (Fixtures/abi14.c) that reads a file into memory and hands the host its
/// bytes. The picture is the Lottie fixtures' quads.png, 12 × 12 in four 6 × 6
/// quadrants, written by Tests/LottieTests/Fixtures/make-images.py with a PNG
/// writer of its own: red (230, 30, 30), green (30, 200, 60), blue (40, 60, 220)
/// and yellow (240, 220, 20) at alpha 128. Bad input is refused with the
/// status the header documents: FX_ERR_BAD_ARGUMENT (5) for NULL or zero
/// bytes, FX_ERR_BAD_VALUE (4) for cut-short or non-PNG bytes, FX_ERR_LIMIT
/// (7) for an image bomb, refused from its header before inflating.
@Suite struct ABI14Tests {
    let dir: String
    let plugin: String
    static let quads = Harness.root + "/Tests/LottieTests/Fixtures/images/quads.png"

    init() throws {
        dir = try Harness.temporaryFolder()
        plugin = try Harness.compilePlugin(Harness.fixture("abi14.c"), into: dir)
    }

    /// The plugin's run on `file`; its exit status and stderr.
    func run(_ file: String, _ extra: [String] = []) throws -> ProcessResult {
        try Harness.fxhost(["--plugin", plugin, "--file", file, "--size", "12x12", "--time", "0", "--sink", "jsonl"] + extra)
    }

    @Test func bytesInMemoryDecodeAsTheFileDoes() throws {
        let png = dir + "/frame.png"
        let r = try Harness.fxhost(["--plugin", plugin, "--file", Self.quads, "--size", "12x12", "--time", "0", "--out", png])
        #expect(r.status == 0, "\(r.stderr)")
        let frame = try #require(try FFmpeg.rgbaFrames(png, width: 12, height: 12).first)
        let at = { (x: Int, y: Int) in Array(frame[(y * 12 + x) * 4..<(y * 12 + x) * 4 + 4]) }
        #expect(at(2, 2) == [230, 30, 30, 255])
        #expect(at(9, 2) == [30, 200, 60, 255])
        #expect(at(2, 9) == [40, 60, 220, 255])
        // Yellow at alpha 128 on the transparent stage: kept premultiplied (8 bits), so the straight
        // colour read back may be 1 or 2 below what was written.
        let yellow = at(9, 9).map(Int.init)
        #expect(yellow[3] == 128 && zip(yellow, [240, 220, 20]).allSatisfy { $1 - $0 >= 0 && $1 - $0 <= 2 }, "\(yellow)")
    }

    @Test func nullAndEmptyBytesAreBadArguments() throws {
        let null = try run(Self.quads, ["--null", "true"])
        #expect(null.status == 1)
        #expect(null.stderr.contains("image_decode_png answered 5: image_decode_png: the PNG bytes are NULL"), "\(null.stderr)")
        let empty = try run(Self.quads, ["--cut", "0"])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("image_decode_png answered 5: image_decode_png: the PNG bytes are empty (length 0)"), "\(empty.stderr)")
    }

    @Test func cutShortOrForeignBytesAreBadValues() throws {
        // The signature and IHDR (33 bytes) and a few bytes of the IDAT chunk's header.
        let short = try run(Self.quads, ["--cut", "40"])
        #expect(short.status == 1)
        #expect(short.stderr.contains("image_decode_png answered 4: image_decode_png: the PNG data (40 bytes) is"), "\(short.stderr)")
        let text = dir + "/text.png"
        try Data("hello, not a picture".utf8).write(to: URL(fileURLWithPath: text))
        let foreign = try run(text)
        #expect(foreign.status == 1)
        #expect(foreign.stderr.contains("image_decode_png answered 4: image_decode_png: the PNG data (20 bytes) is not a readable PNG file"), "\(foreign.stderr)")
    }

    /// quads.png with its header saying 20,000 × 20,000 and a CRC that matches: 1.6 GB of pixels from 150 bytes.
    @Test(.timeLimit(.minutes(1))) func anImageBombIsRefusedFromItsHeader() throws {
        var bomb = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.quads)))
        for at in [16, 20] { bomb.replaceSubrange(at..<at + 4, with: [0, 0, 0x4E, 0x20]) }  // 20,000
        let crc = Self.crc32(bomb[12..<29])
        bomb.replaceSubrange(29..<33, with: [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        let file = dir + "/bomb.png"
        try Data(bomb).write(to: URL(fileURLWithPath: file))
        let started = Date()
        let r = try run(file)
        #expect(r.status == 1)
        #expect(r.stderr.contains("image_decode_png answered 7: image_decode_png: the PNG data is 20000×20000 pixels; images may be at most 8192 on a side"),
                "\(r.stderr)")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    /// PNG's CRC-32 (ISO 3309, the reflected polynomial 0xEDB88320), bit by bit.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    /// Every 1.3 member keeps its offset, the 1.3 table ends where image_decode_png begins,
    /// and no descriptor struct changed (the 1.3 header is kept in Fixtures/abi-1.3).
    @Test func theTableOnlyGrewAtItsEnd() throws {
        let members = ["last_error", "stage_size", "layer_create", "image_load_png", "image_size", "path_release",
                       "animation_set_timing_curves", "layer_knows_key_path", "emitter_cell_release",
                       "factory_set_build_values", "stage_prefer"]
        var program = "#include <stdio.h>\n#include <stddef.h>\n#include \"fx.h\"\nint main(void) {\n"
        for m in members { program += "  printf(\"%zu\\n\", offsetof(fx_api, \(m)));\n" }
        program += "  printf(\"%zu %zu %zu %zu %zu %zu\\n\", sizeof(fx_param), sizeof(fx_factory), sizeof(fx_plugin), sizeof(fx_value),"
        program += " sizeof(fx_layer_timing), sizeof(fx_stage_preference));\n"
        program += "#ifdef NEW\n  printf(\"end %zu\\n\", offsetof(fx_api, image_decode_png));\n#else\n  printf(\"end %zu\\n\", sizeof(fx_api));\n#endif\n  return 0;\n}\n"
        let source = dir + "/layout14.c"
        try program.write(toFile: source, atomically: true, encoding: .utf8)
        func run(_ include: String, _ defines: [String]) throws -> String {
            let exe = dir + "/layout14-\(defines.count)"
            let c = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-I", include] + defines + [source, "-o", exe])
            #expect(c.status == 0, "\(c.stderr)")
            return try runProcess(exe, []).stdout
        }
        let old = try run(Harness.fixture("abi-1.3"), [])
        let new = try run(Harness.header, ["-DNEW"])
        #expect(old.split(separator: "\n").count == members.count + 2)
        #expect(old == new)
    }
}
