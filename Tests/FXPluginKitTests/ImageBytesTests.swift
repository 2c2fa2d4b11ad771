// SPDX-License-Identifier: MIT
import CFX
import FXCore
@testable import FXHost
import FXPluginKit
import Foundation
import Testing

/// FXPluginKit's `Image(png: [UInt8])` (fx.h 1.4 `image_decode_png`) against the real table:
/// the Lottie fixtures' quads.png (12 × 12, written by make-images.py with a PNG writer of its
/// own; its top-left quadrant is red (230, 30, 30), opaque) decodes to its size and pixels,
/// and bytes that are not a PNG throw with the status the header gives them, FX_ERR_BAD_VALUE.
@Suite struct ImageBytesTests {
    static let quads: [UInt8] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return [UInt8]((try? Data(contentsOf: root.appendingPathComponent("Tests/LottieTests/Fixtures/images/quads.png"))) ?? Data())
    }()

    @Test func pngBytesDecodeThroughTheHost() throws {
        let k = try KitStage()
        var size = (0, 0)
        var status: fx_status = FX_OK
        try k.build {
            let image = try FXPluginKit.Image(png: Self.quads)
            size = (image.width, image.height)
            do { _ = try FXPluginKit.Image(png: Array("not a picture".utf8)) } catch let e as PluginError { status = e.status }
        }
        #expect(size == (12, 12))
        #expect(status == FX_ERR_BAD_VALUE)
        let decoded = try #require(k.session.imageHandles.last?.1)
        #expect(Array(decoded.pixels[0..<4]) == [230, 30, 30, 255])
    }
}
