// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// Custom drawing through the real fxhost: a plugin built from source with a
/// progress ring (a CALayer subclass with a key of its own, drawn in
/// `draw(in:)` and animated by `CABasicAnimation(keyPath: "progress")`) and a
/// view whose `draw(_:)` fills a rectangle and a clipped gradient, rendered to an animated PNG that
/// ffmpeg decodes. The expected pixels are computed here from the geometry
/// drawn: inside or outside the shapes, away from their antialiased edges.
extension SwiftPackageTests {
    /// The plugin. Its import line is interpolated so that
    /// scripts/check-imports.sh does not take it for this target's own import.
    static let drawingSource = """
        \("import UIKit")

        final class ProgressLayer: CALayer {
            @CAManaged var progress: CGFloat

            override class func needsDisplay(forKey key: String) -> Bool {
                key == "progress" ? true : super.needsDisplay(forKey: key)
            }

            override func draw(in ctx: CGContext) {
                ctx.setStrokeColor(UIColor.red.cgColor)
                ctx.setLineWidth(10)
                ctx.addArc(center: CGPoint(x: 50, y: 50), radius: 30, startAngle: -.pi / 2,
                           endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: false)
                ctx.strokePath()
            }
        }

        final class Block: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.blue.setFill()
                UIBezierPath(rect: CGRect(x: 10, y: 10, width: 20, height: 30)).fill()
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.saveGState()
                ctx.clip(to: CGRect(x: 40, y: 0, width: 50, height: 100))
                let g = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                   colors: [UIColor.red.cgColor, UIColor.blue.cgColor] as CFArray, locations: [0, 1])!
                ctx.drawLinearGradient(g, start: CGPoint(x: 0, y: 20), end: CGPoint(x: 0, y: 80), options: [])
                ctx.restoreGState()
            }
        }

        let plugin = FXPlugin(name: "drawing", version: "1.0.0", description: "custom drawing", factories: [
            FXFactory("drawing", help: "a progress ring filling in one second, and a drawn block") { (view: UIView, _) in
                view.backgroundColor = .white
                let ring = ProgressLayer()
                ring.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                view.layer.addSublayer(ring)
                ring.progress = 1
                let fill = CABasicAnimation(keyPath: "progress")
                fill.fromValue = 0
                fill.toValue = 1
                fill.duration = 1
                fill.timingFunction = CAMediaTimingFunction(name: .linear)
                ring.add(fill, forKey: "fill")
                view.addSubview(Block(frame: CGRect(x: 100, y: 0, width: 100, height: 100)))
            },
        ])

        @_cdecl("fx_plugin_entry")
        public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
        """

    static let builtDrawing: Result<String, Error> = Result {
        guard let swift = TestSupport.which("swift") else { throw Failure("swift is not on PATH") }
        let dir = try workspace.get()
        let package = dir + "/drawing"
        try FileManager.default.createDirectory(atPath: package + "/Sources/drawing", withIntermediateDirectories: true)
        let manifest = try String(contentsOfFile: Plugins.root + "/Plugins/examples/swift-uikit-package/Package.swift", encoding: .utf8)
        try manifest.replacingOccurrences(of: #".package(path: "../../..")"#, with: ".package(path: \"\(dir)/fxhost\")")
            .replacingOccurrences(of: #""card""#, with: #""drawing""#)
            .write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        try drawingSource.write(toFile: package + "/Sources/drawing/Drawing.swift", atomically: true, encoding: .utf8)
        let r = try runProcess(swift, ["build", "--package-path", package, "--scratch-path", dir + "/scratch"])
        guard r.status == 0 else { throw Failure("swift build of drawing failed:\n\(r.stdout)\n\(r.stderr)") }
        return dir + "/scratch/debug/libdrawing.so"
    }

    /// Frames at 0, 0.25, …, 1.5 s (4 fps, on the 60 Hz redraw grid): the
    /// ring's arc runs from the top clockwise through progress = t of a turn
    /// (Apple's linear rule: fromValue + (toValue − fromValue) · t / duration),
    /// then stays whole (the model value); the block is blue from the first frame.
    @Test func aDrawnProgressRingFillsFrameByFrame() throws {
        let plugin = try Self.builtDrawing.get()
        let out = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try Plugins.run(["--plugin", plugin, "--size", "200x100", "--fps", "4", "--end", "1.5", "--out", out + "/ring.png"])
        #expect(r.status == 0, "\(r.stderr)")
        let frames = try FFmpeg.rgbaFrames(out + "/ring.png", width: 200, height: 100)
        // The APNG keeps one frame for equal neighbours: 1.0 s onwards (the whole ring) is one frame.
        #expect(frames.count == 5)
        func pixel(_ f: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(f[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 4]) }
        let red: [UInt8] = [255, 0, 0, 255], white: [UInt8] = [255, 255, 255, 255], blue: [UInt8] = [0, 0, 255, 255]
        // A point on the ring's middle circle (radius 30 about (50, 50)) at `turn` of a turn clockwise from the top.
        func onRing(_ turn: Double) -> (Int, Int) {
            let a = -Double.pi / 2 + 2 * Double.pi * turn
            return (Int((50 + 30 * cos(a)).rounded(.down)), Int((50 + 30 * sin(a)).rounded(.down)))
        }
        for (k, frame) in frames.enumerated() {
            let t = Double(k) / 4
            let progress = min(t, 1)
            // Sample turns well inside and well outside the swept part (the caps are butt: no overhang).
            for turn in stride(from: 0.05, through: 0.95, by: 0.1) {
                let (x, y) = onRing(turn)
                let inside = turn < progress - 0.03 || progress >= 1
                let outside = turn > progress + 0.03 && progress < 1
                if inside { #expect(pixel(frame, x, y) == red, "t \(t) turn \(turn) at (\(x), \(y))") }
                if outside { #expect(pixel(frame, x, y) == white, "t \(t) turn \(turn) at (\(x), \(y))") }
            }
            // Off the ring (radius 30 ± 5): the centre and a corner stay white.
            #expect(pixel(frame, 50, 50) == white && pixel(frame, 5, 5) == white)
            // The view's block: x 110…130, y 10…40 in the stage (x 100…140 checked); pixels whose squares lie wholly inside are blue,
            // those wholly outside white (every pixel of this axis-aligned rectangle on whole points is one or the other).
            // The gradient, clipped to x 140…190 in the stage: Core Graphics paints only between the lines
            // y = 20 and y = 80 (no extension options), red to blue linearly; a pixel centre at y + 0.5 is
            // (y + 0.5 − 20) / 60 of the way (within 3 of 255 for the renderer's rounding).
            for y in [22, 35, 50, 65, 77] {
                let f = (Double(y) + 0.5 - 20) / 60
                let p = pixel(frame, 165, y)
                #expect(abs(Double(p[0]) - 255 * (1 - f)) <= 3 && p[1] == 0 && abs(Double(p[2]) - 255 * f) <= 3 && p[3] == 255,
                        "t \(t) gradient at y \(y) is \(p), expected about \(255 * (1 - f)), 0, \(255 * f)")
            }
            for y in [5, 15, 85, 95] { #expect(pixel(frame, 165, y) == white, "t \(t) gradient outside its band at y \(y)") }
            #expect(pixel(frame, 135, 50) == white && pixel(frame, 195, 50) == white)
            var blueCount = 0
            for y in 0..<100 {
                for x in 100..<140 {
                    let p = pixel(frame, x, y)
                    let isInside = x >= 110 && x < 130 && y >= 10 && y < 40
                    #expect(p == (isInside ? blue : white), "t \(t) block pixel (\(x), \(y)) is \(p)")
                    if p == blue { blueCount += 1 }
                }
            }
            #expect(blueCount == 20 * 30)
        }
    }
}
