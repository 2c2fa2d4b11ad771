// SPDX-License-Identifier: MIT
import CDeflate
import FXPNG
import Foundation
import Testing

/// 16-bit PNG files through the host's decoder: samples without a colour space chunk are sRGB
/// (libpng would take them for linear light), and Adam7-interlaced ones keep every row (libpng
/// 1.6's simplified API loses rows of earlier passes: libpng issue #853). The files are the Lottie
/// fixtures' rgba16 and rgb16-interlaced images, written by make-images.py with a PNG writer of its
/// own: 12 × 12 in four quadrants, each sample the 8-bit colour × 257 (so its high byte and its
/// rounded 8-bit value are the colour), red (230, 30, 30), green (30, 200, 60), blue (40, 60, 220)
/// and yellow (240, 220, 20) at alpha 128 where the file has alpha.
@Suite struct SixteenBitPNGTests {
    /// The embedded images of image.json, by asset id.
    static func embedded(_ id: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("Tests/LottieTests/Fixtures/image.json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let assets = try #require(doc["assets"] as? [[String: Any]])
        let uri = try #require(assets.first { $0["id"] as? String == id }?["p"] as? String)
        return [UInt8](try #require(Data(base64Encoded: String(uri.split(separator: ",")[1]))))
    }

    /// Premultiplied RGBA at the centre of each quadrant.
    static func quadrants(_ bytes: [UInt8]) throws -> [[UInt8]] {
        let image = try PNGDecoder.decode(bytes, label: "t")
        #expect(image.width == 12 && image.height == 12)
        return [(2, 2), (9, 2), (2, 9), (9, 9)].map { x, y in Array(image.pixels[(y * 12 + x) * 4..<(y * 12 + x) * 4 + 4]) }
    }

    @Test func sixteenBitSamplesAreSRGB() throws {
        // Yellow at alpha 128, premultiplied with rounding: 240 × 128 / 255 = 120.47 → 120, 110.43 → 110, 10.04 → 10.
        #expect(try Self.quadrants(Self.embedded("image_3")) == [[230, 30, 30, 255], [30, 200, 60, 255], [40, 60, 220, 255], [120, 110, 10, 128]])
    }

    @Test func interlacedSixteenBitFilesKeepEveryRow() throws {
        let image = try PNGDecoder.decode(try Self.embedded("image_4"), label: "t")
        for y in 0..<12 {
            let expected: [UInt8] = y < 6 ? [230, 30, 30, 255] : [40, 60, 220, 255]
            #expect(Array(image.pixels[y * 48..<y * 48 + 4]) == expected, "row \(y)")
        }
        #expect(try Self.quadrants(Self.embedded("image_4"))[3] == [240, 220, 20, 255])
    }

    /// The 16-bit interlaced picture's header saying 5,000 × 5,000 (CRC recomputed): refused as too large
    /// from its header, as 16-bit Adam7 files are decoded with room for 16 megapixels at most.
    @Test func aLargeInterlacedSixteenBitFileIsRefusedFromItsHeader() throws {
        var bytes = try Self.embedded("image_4")
        for at in [16, 20] { bytes.replaceSubrange(at..<at + 4, with: [0, 0, 0x13, 0x88]) }  // 5,000
        let crc = bytes[12..<29].withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        bytes.replaceSubrange(29..<33, with: [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        do {
            _ = try PNGDecoder.decode(bytes, label: "t")
            Issue.record("decoded")
        } catch let e as PNGDecoder.Failure {
            #expect(e.kind == .tooLarge)
            #expect(e.message.contains("5000×5000 pixels"), "\(e.message)")
        }
    }
}
