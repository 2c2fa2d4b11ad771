// SPDX-License-Identifier: MIT
import FXCore
import FXRender
import Foundation
import TestSupport
import Testing
@testable import FXImageSinks
import FXSinks

/// The image outputs read back by an independent decoder (ffmpeg), checked
/// for frame count, size, timing and pixels against the renderer's frames.
@Suite struct ImageSinkTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    /// A red square sliding right for 0.3 s, then still, then fading out.
    func stage() throws -> Stage {
        let stage = Stage(size: Size(64, 48))
        let l = stage.makeLayer(.layer, name: "box")
        try l.setFrame(Rect(4, 12, 16, 16))
        try l.set(.backgroundColor, .color(Color(red: 1, green: 0, blue: 0)))
        try l.set(.cornerRadius, .number(4))
        try stage.root.addSublayer(l)
        var slide = Animation.basic(KeyPath(.position, .x), from: .number(12), to: .number(52))
        slide.timing.duration = 0.3
        slide.timing.fillMode = .forwards
        slide.isRemovedOnCompletion = false
        try l.add(slide, forKey: "slide")
        var fade = Animation.basic(KeyPath(.opacity), from: .number(1), to: .number(0.2))
        fade.timing.beginTime = 0.5
        fade.timing.duration = 0.2
        fade.timing.fillMode = .both
        fade.isRemovedOnCompletion = false
        try l.add(fade, forKey: "fade")
        return stage
    }

    /// Renders the stage at `times`, feeding `sink`; returns the frames the renderer made.
    func run(_ sink: ImageSink, times: [Double]) throws -> [Frame] {
        let s = try stage()
        var frames: [Frame] = []
        let reference = Renderer(stageSize: s.size, scale: sink.renderer.scale, background: sink.renderer.background)
        for t in times {
            let snap = try s.sample(at: t)
            frames.append(reference.render(snap))
            try sink.consume(snap)
        }
        try sink.finish()
        return frames
    }

    static let times = (0...24).map { Double($0) / 30 }  // 0 … 0.8 s at 30 fps

    func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    @Test func animatedPNG() throws {
        let path = dir + "/a.png"
        let sink = try APNGWriter(renderer: Renderer(stageSize: Size(64, 48)), output: OutputFile(path: path, publication: .direct), frameInterval: 1 / 30)
        let frames = try run(sink, times: Self.times)
        let probe = try FFmpeg.probe(path)
        #expect(probe.codec == "apng" && probe.width == 64 && probe.height == 48)
        // Frames 10…14 (0.333 … 0.467 s) are identical: they become one frame lasting 6/30 s.
        var distinct: [(Frame, Double)] = []
        for (i, f) in frames.enumerated() {
            let next = i + 1 < frames.count ? Self.times[i + 1] : Self.times[i] + 1.0 / 30
            if let last = distinct.last, last.0.pixels == f.pixels {
                distinct[distinct.count - 1].1 += next - Self.times[i]
            } else {
                distinct.append((f, next - Self.times[i]))
            }
        }
        #expect(distinct.count < frames.count)
        #expect(probe.durations.count == distinct.count)
        #expect(zip(probe.durations, distinct.map(\.1)).allSatisfy { abs($0 - $1) < 1e-3 }, "\(probe.durations) vs \(distinct.map(\.1))")
        let decoded = try FFmpeg.rgbaFrames(path, width: 64, height: 48)
        #expect(decoded.count == distinct.count)
        for (got, want) in zip(decoded, distinct.map(\.0)) {
            // Straight → premultiplied loses at most 1 in a channel.
            #expect(maxDifference(premultiplied(got), want.pixels) <= 1)
        }
        // The file starts with the PNG signature and says it loops forever (acTL num_plays 0).
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes.prefix(8)) == PNGEncoder.signature)
        let actl = bytes.indices.first { Array(bytes[$0..<min($0 + 4, bytes.count)]) == Array("acTL".utf8) }!
        #expect(Array(bytes[(actl + 8)..<(actl + 12)]) == [0, 0, 0, 0])
    }

    @Test func oneSampleIsAPlainPNG() throws {
        let path = dir + "/still.png"
        let sink = try APNGWriter(renderer: Renderer(stageSize: Size(64, 48)), output: OutputFile(path: path, publication: .direct), frameInterval: 1 / 30)
        let frames = try run(sink, times: [0.1])
        #expect(try FFmpeg.probe(path).codec == "png")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("acTL"))
        let decoded = try FFmpeg.rgbaFrames(path, width: 64, height: 48)
        #expect(decoded.count == 1 && maxDifference(premultiplied(decoded[0]), frames[0].pixels) <= 1)
    }

    @Test func gif() throws {
        let path = dir + "/a.gif"
        let sink = try GIFWriter(renderer: Renderer(stageSize: Size(64, 48), background: .white), output: try OutputFile(path: path, publication: .direct),
                                 frameInterval: 1 / 30)
        let frames = try run(sink, times: Self.times)
        let probe = try FFmpeg.probe(path)
        #expect(probe.codec == "gif" && probe.width == 64 && probe.height == 48)
        #expect(probe.durations.count == frames.count)
        // Centisecond delays that add up to the real times: 3 or 4 cs each, 0.84 s in all (25 frames × 1/30, rounded).
        #expect(probe.durations.allSatisfy { $0 == 0.03 || $0 == 0.04 })
        let total: Double = probe.durations.reduce(0, +)
        #expect(abs(total - 0.83) < 0.011)
        let decoded = try FFmpeg.rgbaFrames(path, width: 64, height: 48, pixelFormat: "rgb24")
        #expect(decoded.count == frames.count)
        for (got, want) in zip(decoded, frames) {
            let opaque = want.opaque(over: (255, 255, 255))
            // Few colours: the palette is exact, so pixels match closely.
            #expect(maxDifference(got, opaque) <= 2)
        }
    }

    @Test func y4mVideo() throws {
        let path = dir + "/a.y4m"
        let sink = Y4MWriter(renderer: Renderer(stageSize: Size(64, 48)), output: try OutputFile(path: path, publication: .direct), fps: 30)
        let frames = try run(sink, times: Self.times)
        let header = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)).prefix(40), as: UTF8.self)
        #expect(header.hasPrefix("YUV4MPEG2 W64 H48 F30:1 Ip A1:1 C444\n"))
        let probe = try FFmpeg.probe(path)
        #expect(probe.codec == "rawvideo" && probe.width == 64 && probe.height == 48)
        let decoded = try FFmpeg.rgbaFrames(path, width: 64, height: 48, pixelFormat: "rgb24")
        #expect(decoded.count == frames.count)
        for (got, want) in zip(decoded, frames) {
            // Limited-range BT.601 and back: within a few levels.
            #expect(maxDifference(got, want.opaque()) <= 4)
        }
        #expect(Y4MWriter.rate(29.97) == (30000, 1001))
    }

    @Test func pngSequenceAndContactSheet() throws {
        let sink = try PNGSequenceWriter(renderer: Renderer(stageSize: Size(64, 48)), target: dir + "/f-%03d.png", publication: .direct)
        let frames = try run(sink, times: Array(Self.times.prefix(5)))
        for i in 0..<5 {
            let decoded = try FFmpeg.rgbaFrames(dir + "/f-00\(i).png", width: 64, height: 48)
            #expect(maxDifference(premultiplied(decoded[0]), frames[i].pixels) <= 1)
        }
        #expect(PNGSequenceWriter.format("x-%d.png", 7) == "x-7.png")
        #expect(PNGSequenceWriter.format("x-%d-%d.png", 7) == nil)
        let sheetPath = dir + "/sheet.png"
        let sheet = try ContactSheet(renderer: Renderer(stageSize: Size(64, 48)), output: try OutputFile(path: sheetPath, publication: .direct), maxCells: 6)
        _ = try run(sheet, times: Self.times)
        let probe = try FFmpeg.probe(sheetPath)
        // 6 cells in 4 columns, 2 rows of 64×48 thumbnails with 8 px gaps and 20 px labels.
        #expect(probe.codec == "png" && probe.width == 4 * 64 + 5 * 8 && probe.height == 2 * (48 + 20) + 3 * 8)
    }

    /// 61 frames (0 … 60) on 12 cells: frame round(i·60/11) for i = 0 … 11, worked out by hand, so
    /// every gap is 5 or 6 frames; 10 frames on 12 cells: all of them.
    @Test func aContactSheetPicksEvenlySpreadFrames() throws {
        let expected = [0, 5, 11, 16, 22, 27, 33, 38, 44, 49, 55, 60]
        #expect(ContactSheet.evenPicks(frameCount: 61, cells: 12) == expected)
        #expect(ContactSheet.evenPicks(frameCount: 10, cells: 12) == Array(0..<10))
        let sheet = try ContactSheet(renderer: Renderer(stageSize: Size(16, 12)), output: try OutputFile(path: dir + "/even.png", publication: .direct),
                                 maxCells: 12, thumbnailWidth: 16)
        let blank = [UInt8](repeating: 0, count: 16 * 12 * 4)
        for i in 0...60 { try sheet.consume(frame: Frame(width: 16, height: 12, pixels: blank, time: Double(i) / 10)) }
        try sheet.finish()
        #expect(sheet.shownIndices == expected)
    }

    @Test func terminalPreviewDrawsHalfBlocksOrASCII() throws {
        let colour = dir + "/preview.txt"
        let sink = TerminalPreview(renderer: Renderer(stageSize: Size(64, 48)), output: try OutputFile(path: colour, publication: .direct),
                                   columns: 32, color: true)
        _ = try run(sink, times: [0, 0.1])
        let text = try String(contentsOfFile: colour, encoding: .utf8)
        #expect(text.contains("▀") && text.contains("\u{1B}[38;2;255;0;0m"))  // the red square, in 24-bit colour
        #expect(text.contains("t = 0.100 s"))
        let plain = dir + "/plain.txt"
        let ascii = TerminalPreview(renderer: Renderer(stageSize: Size(64, 48)), output: try OutputFile(path: plain, publication: .direct),
                                    columns: 32, color: false)
        _ = try run(ascii, times: [0])
        let lines = try String(contentsOfFile: plain, encoding: .utf8).split(separator: "\n")
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(lines[0].count == 32 && lines.contains { $0.contains(where: { "+*#%@=".contains($0) }) })
    }

    @Test func deltasAreEncodedOnlyWhereFramesChange() throws {
        let a = Frame(width: 4, height: 3, pixels: [UInt8](repeating: 0, count: 48), time: 0)
        var px = a.pixels
        px[(1 * 4 + 2) * 4 + 3] = 255
        let b = Frame(width: 4, height: 3, pixels: px, time: 0.1)
        #expect(ChangedRegion.between(a, b)! == (2, 1, 1, 1))
        #expect(ChangedRegion.between(a, a) == nil)
    }
}
