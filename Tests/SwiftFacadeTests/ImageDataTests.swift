// SPDX-License-Identifier: MIT
import FXCore
@testable import FXHost
import FXPNG
import Foundation
import Testing
import UIKit

/// `UIImage(data:)`: PNG bytes decoded by the host in memory (fx.h 1.4 `image_decode_png`),
/// through a temporary file and `image_load_png` only for an older host. The bytes are the
/// Lottie fixtures' quads.png (12 × 12, written by make-images.py with a PNG writer of its
/// own, in four 6 × 6 quadrants: red (230, 30, 30), green (30, 200, 60), blue (40, 60, 220),
/// all opaque, and yellow at alpha 128).
extension Facade {
    @Suite struct ImageDataTests {
        static let quads: Data = {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return (try? Data(contentsOf: root.appendingPathComponent("Tests/LottieTests/Fixtures/images/quads.png"))) ?? Data()
        }()

        /// The pixel at (x, y) of the last image the host made, premultiplied RGBA.
        static func pixel(_ k: FacadeStage, _ x: Int, _ y: Int) throws -> [UInt8] {
            let image = try #require(k.session.imageHandles.last?.1)
            let i = (y * image.width + x) * 4
            return Array(image.pixels[i..<i + 4])
        }

        @Test func pngBytesDecodeInMemoryToTheirPixels() throws {
            let k = try FacadeStage()
            k.session.decodePNG = { path in
                Issue.record("image_load_png was called with '\(path)'")
                throw FXError("no files here")
            }
            try k.call { _ in
                let image = try #require(UIImage(data: Self.quads))
                #expect(image.size == CGSize(width: 12, height: 12))
            }
            #expect(try Self.pixel(k, 0, 0) == [230, 30, 30, 255])
            #expect(try Self.pixel(k, 6, 0) == [30, 200, 60, 255])
            #expect(try Self.pixel(k, 0, 6) == [40, 60, 220, 255])
            #expect(try Self.pixel(k, 11, 11)[3] == 128)
        }

        @Test func pngBytesMakeNoTemporaryFile() throws {
            // The only way bytes reach a temporary file is the pre-1.4 path, which ends in
            // image_load_png on that file: a 1.4 host must never be asked to load one, for
            // bytes that decode and for bytes that do not. (The process's TMPDIR is left
            // alone: other suites run beside this one.)
            let k = try FacadeStage()
            nonisolated(unsafe) var loaded: [String] = []
            k.session.decodePNG = { path in
                loaded.append(path)
                throw FXError("no files here")
            }
            try k.call { _ in
                #expect(UIImage(data: Self.quads) != nil)
                #expect(UIImage(data: Data("not a picture".utf8)) == nil)
            }
            #expect(loaded.isEmpty)
        }

        @Test func bytesThatAreNotAPNGAreNilWithOneLineInTheLog() throws {
            let k = try FacadeStage()
            nonisolated(unsafe) var lines: [String] = []
            k.session.log = { lines.append($0) }
            // An image bomb: a well-formed header declaring 9000 × 9000 pixels, past the default 8192 on a side.
            var bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
            bomb += [0, 0, 0x23, 0x28, 0, 0, 0x23, 0x28, 8, 6, 0, 0, 0]
            try k.call { _ in
                #expect(UIImage(data: Data([1, 2, 3])) == nil)
                #expect(UIImage(data: Data()) == nil)
                #expect(UIImage(data: Data(bomb)) == nil)
                #expect(UIImage(data: Self.quads.prefix(40)) == nil)
            }
            #expect(lines.count == 4)
            #expect(lines.allSatisfy { $0.hasPrefix("facade-test: warning: UIImage(data:) of ") && !$0.contains("\n") })
            #expect(lines.count == 4 && lines[2].contains("9000×9000 pixels; images may be at most 8192 on a side"))
        }

        @Test func anOlderHostReadsTheBytesFromATemporaryFileWithTheSamePixels() throws {
            // A 1.3 host decodes PNG files only: the bytes reach its decoder unchanged, and the file is gone after.
            let k = try FacadeStage()
            nonisolated(unsafe) var seen: (path: String, bytes: Data)?
            k.session.decodePNG = { path in
                seen = (path, try Data(contentsOf: URL(fileURLWithPath: path)))
                return try PNGDecoder.decode(path: path)
            }
            try k.call(table: FacadeStage.olderHostTable) { _ in
                let image = try #require(UIImage(data: Self.quads))
                #expect(image.size == CGSize(width: 12, height: 12))
            }
            let s = try #require(seen)
            #expect(s.bytes == Self.quads)
            #expect(!FileManager.default.fileExists(atPath: s.path))
            let throughFile = try #require(k.session.imageHandles.last?.1.pixels)
            #expect(try Self.pixel(k, 0, 0) == [230, 30, 30, 255])
            try k.call { _ in _ = try #require(UIImage(data: Self.quads)) }
            #expect(k.session.imageHandles.last?.1.pixels == throughFile)
            // Bytes the decoder refuses: nil, the file is gone too, and the log names the data, not the file.
            nonisolated(unsafe) var lines: [String] = []
            k.session.log = { lines.append($0) }
            try k.call(table: FacadeStage.olderHostTable) { _ in #expect(UIImage(data: Data([1, 2, 3])) == nil) }
            let refused = try #require(seen).path
            #expect(refused != s.path && !FileManager.default.fileExists(atPath: refused))
            #expect(lines.count == 1 && !lines[0].contains(refused) && lines[0].contains("the data"))
        }
    }
}
