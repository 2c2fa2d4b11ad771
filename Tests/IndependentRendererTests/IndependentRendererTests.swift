// SPDX-License-Identifier: MIT
import FXCore
import FXPNG
import Foundation
import TestSupport
import Testing

/// fxhost against an independent renderer: every scene of Fixtures/scenes.c
/// (a C plugin compiled here with cc, run by the real fxhost) against the same
/// scene written by hand as HTML, CSS and SVG in Fixtures/scenes.html and drawn
/// by headless Chromium. One fxhost run and one Chromium launch draw all the
/// scenes, one per 160 × 120 cell. A scene agrees when at most 1 % of its
/// pixels differ by more than 64 levels in some channel and none of those lies
/// where Chromium's picture is flat (docs/RENDERING.md has the mappings and
/// the table of results).
@Suite(.enabled(if: !TestSupport.isSanitizerPass, "drives Chromium; the AddressSanitizer pass skips it"))
struct IndependentRendererTests {
    /// The scenes in the order scenes.c and scenes.html build them.
    static let scenes = [
        "anchor points", "nested transforms", "scale and rotation about an anchor", "m34 in the layer's transform",
        "m34 in the superlayer's sublayerTransform", "steep m34, rounded, bordered",
        "group opacity", "masksToBounds with corners", "shape layer as mask", "gradient layer as mask",
        "border over a sublayer", "zPosition order",
        "hidden layer, nested opacity", "axial gradient with locations", "diagonal gradient", "radial gradient",
        "conic gradient", "gradient with a corner radius",
        "shadow of a rounded layer", "shadow of a shape", "masksToBounds clips the shadow", "strokeStart and strokeEnd",
        "dashes", "line caps",
        "line joins", "even-odd fill", "text in DejaVu Sans", "m34 inside a rounded masksToBounds",
    ]
    static let cell = (width: 160, height: 120)
    static let columns = 6
    static var rows: Int { (scenes.count + columns - 1) / columns }
    static var size: (width: Int, height: Int) { (cell.width * columns, cell.height * rows) }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    static let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CFX/include").path

    struct RenderFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Both pictures of the whole grid, drawn once for all the tests.
    static let pictures: Result<(fxhost: Image, chromium: Image), RenderFailure> = {
        do { return .success(try render()) } catch { return .failure(RenderFailure(description: "\(error)")) }
    }()

    static func render() throws -> (fxhost: Image, chromium: Image) {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plugin = folder + "/scenes.so"
        let cc = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC",
                                                 "-I", header, fixtures + "/scenes.c", "-o", plugin])
        guard cc.status == 0 else { throw RenderFailure(description: "cc scenes.c failed:\n\(cc.stderr)") }
        let png = folder + "/fxhost.png"
        let run = try runProcess(TestSupport.binFolder + "/fxhost", [
            "--plugin", plugin, "--size", "\(size.width)x\(size.height)", "--time", "0", "--background", "white", "--out", png,
        ])
        guard run.status == 0 else { throw RenderFailure(description: "fxhost failed: \(run.stderr)") }
        let shot = try Chromium.screenshot(of: fixtures + "/scenes.html", width: size.width, height: size.height, in: folder)
        let fx = try PNGDecoder.decode(path: png)
        let page = try PNGDecoder.decode(path: shot)
        guard fx.width == size.width, fx.height == size.height, page.width == size.width, page.height >= size.height else {
            throw RenderFailure(description: "fxhost drew \(fx.width)×\(fx.height), chromium \(page.width)×\(page.height)")
        }
        return (fx, page)
    }

    static func agreement(_ pictures: (fxhost: Image, chromium: Image), scene: Int, against other: Int? = nil) -> PixelAgreement {
        func origin(_ n: Int) -> (Int, Int) { (cell.width * (n % columns), cell.height * (n / columns)) }
        let (x, y) = origin(scene)
        if let other {
            // The reference cell moved onto this one, to show the metric tells scenes apart.
            let (ox, oy) = origin(other)
            let moved = Image(width: cell.width, height: cell.height, pixels: crop(pictures.chromium, ox, oy), label: "other")
            let mine = Image(width: cell.width, height: cell.height, pixels: crop(pictures.fxhost, x, y), label: "mine")
            return PixelAgreement(mine, moved, x: 0, y: 0, width: cell.width, height: cell.height)
        }
        return PixelAgreement(pictures.fxhost, pictures.chromium, x: x, y: y, width: cell.width, height: cell.height)
    }

    static func crop(_ im: Image, _ x: Int, _ y: Int) -> [UInt8] {
        var out: [UInt8] = []
        for row in y..<(y + cell.height) {
            let start = (row * im.width + x) * 4
            out += im.pixels[start..<(start + cell.width * 4)]
        }
        return out
    }

    @Test func everySceneAgreesWithChromium() throws {
        let pictures = try Self.pictures.get()
        var table = "scene | > 64 | where flat | largest\n"
        for (n, name) in Self.scenes.enumerated() {
            let a = Self.agreement(pictures, scene: n)
            table += "\(n) \(name) | \(String(format: "%.2f", a.shareOver * 100)) % | \(a.overWhereFlat) | \(a.largest)\n"
            #expect(a.shareOver <= 0.01 && a.overWhereFlat == 0, "scene \(n) (\(name)): \(a)")
        }
        print(table)
    }

    /// The metric is not blind: a scene compared with a different scene's reference fails it.
    @Test func theMetricTellsScenesApart() throws {
        let pictures = try Self.pictures.get()
        for (n, other) in [(0, 1), (3, 4), (13, 15), (22, 23)] {
            let a = Self.agreement(pictures, scene: n, against: other)
            #expect(a.shareOver > 0.01 || a.overWhereFlat > 0, "scene \(n) against scene \(other)'s reference: \(a)")
        }
    }
}
