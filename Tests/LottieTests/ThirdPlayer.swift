// SPDX-License-Identifier: MIT
import FXPNG
import Foundation
import TestSupport
import XCTest

/// The third player: python-lottie (PyPI `lottie` 0.7.2, its SVG export drawn by cairosvg), which
/// `scripts/setup.sh --test` installs into a virtual environment in `.build/python-lottie`. It is
/// the witness where fxhost and rlottie 0.1 disagree, for the features it plays (docs/LOTTIE-CORPUS.md,
/// "Checked against a third player").
enum ThirdPlayer {
    /// The virtual environment's Python, beside the package's own `.build`.
    static let python: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/python-lottie/bin/python").path

    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: python) }

    /// One frame as python-lottie draws it: premultiplied RGBA, transparent where it draws nothing.
    struct Frame {
        let width: Int, height: Int
        let rgba: [UInt8]

        /// The frame over white, as the other players' frames are compared.
        var overWhite: Lottie.Picture {
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            for i in 0..<(width * height) {
                let a = Int(rgba[i * 4 + 3])
                for c in 0..<3 { rgb[i * 3 + c] = UInt8(min(255, Int(rgba[i * 4 + c]) + 255 - a)) }
            }
            return Lottie.Picture(width: width, height: height, rgb: rgb)
        }
    }

    /// Frames `frames` of `file` at `width` × `height`, drawn by python-lottie.
    static func frames(_ file: String, width: Int, height: Int, frames: [Int]) throws -> [Frame] {
        let dir = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try runProcess(python, [Lottie.fixture("python-lottie-render.py"), file, "\(width)", "\(height)", dir + "/pl"]
                                   + frames.map(String.init))
        guard r.status == 0 else { throw Lottie.Failure("python-lottie-render \(file): \(r.stderr)") }
        return try frames.map { f in
            let im = try PNGDecoder.decode(path: dir + "/pl-\(f).png")
            return Frame(width: im.width, height: im.height, rgba: im.pixels)
        }
    }
}

extension XCTestCase {
    /// Skips where the third player cannot run: in the sanitizer pass (which checks fxhost alone), and
    /// where python-lottie is not installed (CI installs it through scripts/setup.sh --test).
    func requireThirdPlayer() throws {
        try XCTSkipIf(TestSupport.isSanitizerPass, "the third player's agreement is checked in the ordinary pass")
        try XCTSkipUnless(ThirdPlayer.isInstalled,
                          "python-lottie is not installed at \(ThirdPlayer.python): run scripts/setup.sh --test")
    }
}
