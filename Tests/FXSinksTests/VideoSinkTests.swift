// SPDX-License-Identifier: MIT
import FXCore
import FXRender
import Foundation
import TestSupport
import Testing
@testable import FXImageSinks
import FXSinks

/// MP4, WebM and animated WebP read back by independent decoders: ffprobe
/// and ffmpeg for the video, Pillow for WebP. Expected times come from the
/// frame rate; expected pixels are the frames the sink was given.
@Suite struct VideoSinkTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    /// A red square sliding right for 0.2 s, then still, over black.
    func stage(width: Double, height: Double) throws -> Stage {
        let stage = Stage(size: Size(width, height))
        let l = stage.makeLayer(.layer, name: "box")
        try l.setFrame(Rect(4, 12, 16, 16))
        try l.set(.backgroundColor, .color(Color(red: 1, green: 0, blue: 0)))
        try stage.root.addSublayer(l)
        var slide = Animation.basic(KeyPath(.position, .x), from: .number(12), to: .number(44))
        slide.timing.duration = 0.2
        slide.timing.fillMode = .forwards
        slide.isRemovedOnCompletion = false
        try l.add(slide, forKey: "slide")
        return stage
    }

    /// Ten frames at 30 fps (0 … 0.3 s): frames 6 to 9 are the same picture.
    static let times = (0..<10).map { Double($0) / 30 }

    func run(_ sink: ImageSink, width: Double = 64, height: Double = 48) throws -> [Frame] {
        let s = try stage(width: width, height: height)
        let reference = Renderer(stageSize: s.size, scale: sink.renderer.scale, background: sink.renderer.background)
        var frames: [Frame] = []
        for t in Self.times {
            let snap = try s.sample(at: t)
            frames.append(reference.render(snap))
            try sink.consume(snap)
        }
        try sink.finish()
        return frames
    }

    func decodedRGB(_ file: String, width: Int, height: Int) throws -> [[UInt8]] {
        try FFmpeg.rgbaFrames(file, width: width, height: height, pixelFormat: "rgb24")
    }

    /// Peak signal-to-noise ratio of two RGB pictures, in dB.
    func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let se = zip(a, b).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
        return se == 0 ? .infinity : 10 * log10(255 * 255 / (se / Double(a.count)))
    }

    /// Pixels whose 5×5 neighbourhood is one colour in `frame`: there 4:2:0
    /// chroma loses nothing, and only rounding separates decoded from source.
    func flatPixels(_ frame: Frame) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for y in 2..<(frame.height - 2) {
            for x in 2..<(frame.width - 2) {
                let p = frame.pixel(x, y)
                var flat = true
                for dy in -2...2 { for dx in -2...2 where frame.pixel(x + dx, y + dy) != p { flat = false } }
                if flat { out.append((x, y)) }
            }
        }
        return out
    }

    func video(_ format: VideoWriter.Format, crf: Int? = nil, width: Double = 64, height: Double = 48) throws -> (String, [Frame]) {
        let path = dir + "/v.\(format.rawValue)"
        let renderer = Renderer(stageSize: Size(width, height))
        let sink = try VideoWriter(renderer: renderer, output: try OutputFile(path: path, publication: .direct), fps: 30, format: format, crf: crf)
        return (path, try run(sink, width: width, height: height))
    }

    @Test func mp4IsH264WithExactTimesAndFaststart() throws {
        let (path, frames) = try video(.mp4)
        let probe = try VideoProbe(path)
        #expect(probe.codec == "h264" && probe.pixelFormat == "yuv420p" && probe.width == 64 && probe.height == 48)
        #expect(probe.colorSpace == "smpte170m" && probe.colorRange == "tv")
        // Frame k at k/30 s; ten frames last 1/3 s.
        #expect(probe.times.count == 10)
        for (k, t) in probe.times.enumerated() { #expect(abs(t - Double(k) / 30) < 1e-6, "frame \(k) at \(t)") }
        #expect(abs(probe.duration - 10.0 / 30) < 1e-3)
        // +faststart: the index (moov) comes before the media data (mdat), by the file's top-level boxes.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var boxes: [String] = [], at = 0
        while at + 8 <= bytes.count {
            let size = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            boxes.append(String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self))
            guard size >= 8 else { break }
            at += size
        }
        #expect(boxes.first == "ftyp" && boxes.firstIndex(of: "moov")! < boxes.firstIndex(of: "mdat")!, "\(boxes)")
        let decoded = try decodedRGB(path, width: 64, height: 48)
        #expect(decoded.count == 10)
        for (got, want) in zip(decoded, frames) { #expect(psnr(got, want.opaque()) > 30) }
    }

    @Test func losslessH264DiffersFromTheSourceOnlyByRounding() throws {
        // crf 0 is lossless in x264: what is left is Y′CbCr's rounding, 2 levels
        // (half a step of Y′ and of Cb/Cr through BT.601's matrix, and the result's),
        // plus 1 for the decoder's fixed-point arithmetic.
        let (path, frames) = try video(.mp4, crf: 0)
        let decoded = try decodedRGB(path, width: 64, height: 48)
        let k = 3
        let flat = flatPixels(frames[k])
        #expect(flat.count > 1000)
        let want = frames[k].opaque()
        let worst = flat.map { (x, y) in (0..<3).map { abs(Int(decoded[k][(y * 64 + x) * 3 + $0]) - Int(want[(y * 64 + x) * 3 + $0])) }.max()! }.max()!
        #expect(worst <= 3)
    }

    @Test func webmIsVP9() throws {
        let (path, frames) = try video(.webm)
        let probe = try VideoProbe(path)
        #expect(probe.codec == "vp9" && probe.pixelFormat == "yuv420p" && probe.width == 64 && probe.height == 48)
        // WebM keeps milliseconds: frame k at k/30 s rounded to the millisecond.
        #expect(probe.times.count == 10)
        for (k, t) in probe.times.enumerated() { #expect(abs(t - (Double(k) * 1000 / 30).rounded() / 1000) < 1e-6, "frame \(k) at \(t)") }
        let decoded = try decodedRGB(path, width: 64, height: 48)
        #expect(decoded.count == 10)
        for (got, want) in zip(decoded, frames) { #expect(psnr(got, want.opaque()) > 30) }
    }

    @Test func oddSizesArePaddedWithTheLastColumnAndRow() throws {
        let (path, frames) = try video(.mp4, crf: 0, width: 63, height: 47)
        let probe = try VideoProbe(path)
        #expect(probe.width == 64 && probe.height == 48)
        let decoded = try decodedRGB(path, width: 64, height: 48)
        let want = frames[0].opaque()
        // Inside, the picture (where flat, within rounding); the added column and row repeat the last ones.
        let flatDiffs = flatPixels(frames[0]).map { (x, y) in
            (0..<3).map { abs(Int(decoded[0][(y * 64 + x) * 3 + $0]) - Int(want[(y * 63 + x) * 3 + $0])) }.max()!
        }
        #expect(!flatDiffs.isEmpty && flatDiffs.max()! <= 3)
        for x in [0, 30, 62] { #expect(abs(Int(decoded[0][(47 * 64 + x) * 3]) - Int(decoded[0][(46 * 64 + x) * 3])) <= 3) }
        for y in [0, 20, 46] { #expect(abs(Int(decoded[0][(y * 64 + 63) * 3]) - Int(decoded[0][(y * 64 + 62) * 3])) <= 3) }
    }

    @Test func losslessWebPMergesStillFramesAndKeepsMilliseconds() throws {
        let path = dir + "/a.webp"
        let sink = try WebPWriter(renderer: Renderer(stageSize: Size(64, 48)), output: try OutputFile(path: path, publication: .direct),
                                  frameInterval: 1.0 / 30, quality: nil)
        let frames = try run(sink)
        let webp = try WebPFrames(path)
        #expect(webp.width == 64 && webp.height == 48)
        // Starts at k/30 s in whole milliseconds; frames 6–9 are one picture, lasting to 10/30 s.
        let starts = (0...6).map { (Double($0) * 1000 / 30).rounded() }
        let durations = zip(starts, starts.dropFirst() + [(10.0 * 1000 / 30).rounded()]).map { Int($1 - $0) }
        #expect(webp.durations == durations)
        #expect(webp.frames.count == 7)
        for (k, got) in webp.frames.enumerated() {
            // Lossless: the straight-alpha pixels, premultiplied again, are the frame's within 1 (the round trip).
            let worst = zip(premultiplied(got), frames[k].pixels).map { abs(Int($0) - Int($1)) }.max()!
            #expect(worst <= 1, "frame \(k)")
        }
    }

    @Test func lossyWebPIsClose() throws {
        let path = dir + "/b.webp"
        let sink = try WebPWriter(renderer: Renderer(stageSize: Size(64, 48), background: Color(red: 0, green: 0, blue: 0)),
                                  output: try OutputFile(path: path, publication: .direct), frameInterval: 1.0 / 30, quality: 80)
        let frames = try run(sink)
        let webp = try WebPFrames(path)
        #expect(webp.frames.count == 7 && webp.durations.reduce(0, +) == 333)
        let rgb = webp.frames[3].enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        #expect(psnr(rgb, frames[3].opaque()) > 30)
    }

    /// 320×240 (large enough that a whole picture is converted as two bands on two threads): a box
    /// slides for 0.2 s and stops (the renderer redraws only its rows, then nothing), then the
    /// whole stage turns grey (every row redrawn). Behind the box, a still gradient that changes colour
    /// every row: a band's 4:2:0 chroma converted without the rows around it would differ at its edges.
    func bandedStage() throws -> Stage {
        let stage = Stage(size: Size(320, 240))
        var gradient = [UInt8](repeating: 255, count: 320 * 240 * 4)
        for y in 0..<240 {
            for x in 0..<320 {
                let i = (y * 320 + x) * 4
                gradient[i] = UInt8(y); gradient[i + 1] = UInt8(x * 255 / 319); gradient[i + 2] = UInt8(255 - y)
            }
        }
        let back = stage.makeLayer(.layer, name: "gradient")
        try back.setFrame(Rect(0, 0, 320, 240))
        try back.set(.contents, .image(Image(width: 320, height: 240, pixels: gradient, label: "gradient")))
        try stage.root.addSublayer(back)
        let l = stage.makeLayer(.layer, name: "box")
        try l.setFrame(Rect(40, 100, 30, 30))
        try l.set(.backgroundColor, .color(Color(red: 1, green: 0.5, blue: 0)))
        try stage.root.addSublayer(l)
        var slide = Animation.basic(KeyPath(.position, .x), from: .number(60), to: .number(250))
        slide.timing.duration = 0.2
        slide.timing.fillMode = .forwards
        slide.isRemovedOnCompletion = false
        try l.add(slide, forKey: "slide")
        var grey = Animation.basic(KeyPath(.backgroundColor), from: .color(.clear), to: .color(Color(red: 0.5, green: 0.5, blue: 0.5)))
        grey.timing.beginTime = 0.3
        grey.timing.duration = 0.05
        grey.timing.fillMode = .forwards
        grey.isRemovedOnCompletion = false
        try back.add(grey, forKey: "grey")
        return stage
    }

    static let bandedTimes = (0..<14).map { Double($0) / 30 }

    /// A sink fed snapshots (it reads the renderer's rows in place and converts only the rows
    /// redrawn) writes the same bytes as one fed whole frames rendered elsewhere (`fxhost join`'s
    /// way, every frame converted whole from a copy).
    @Test(arguments: ["mp4", "webm", "y4m"], [Color.clear, Color(red: 0.2, green: 0.4, blue: 0.6), Color(red: 1, green: 1, blue: 0, alpha: 0.5)])
    func renderedRowsGiveTheBytesOfWholeFrames(_ format: String, _ background: Color) throws {
        let s = try bandedStage()
        func sink(_ path: String) throws -> ImageSink {
            let renderer = Renderer(stageSize: s.size, background: background)
            let out = try OutputFile(path: path, publication: .direct)
            if format == "y4m" { return Y4MWriter(renderer: renderer, output: out, fps: 30) }
            return try VideoWriter(renderer: renderer, output: out, fps: 30, format: format == "mp4" ? .mp4 : .webm)
        }
        let inPlace = try sink(dir + "/rows.\(format)"), whole = try sink(dir + "/frames.\(format)")
        // Premultiplied colour over black, or an opaque background: nothing to composite, so the rows are read in place.
        #expect(inPlace.readsRows == (background.alpha == 0 || background.alpha == 1))
        let elsewhere = Renderer(stageSize: s.size, background: background)
        for t in Self.bandedTimes {
            let snap = try s.sample(at: t)
            try inPlace.consume(snap)
            try whole.consume(frame: elsewhere.render(snap))
        }
        try inPlace.finish()
        try whole.finish()
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/rows.\(format)"))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/frames.\(format)"))
        #expect(a.count > 1000 && a == b)
    }

    @Test func bandsConvertedAgainDecodeToEveryFrame() throws {
        // Lossless H.264, read back by ffmpeg: what is left is 4:2:0 chroma and rounding
        // (above 30 dB); a band converted from the wrong rows, or left from an older picture (the box
        // where it was), costs a frame far more than that.
        let s = try bandedStage()
        let path = dir + "/banded.mp4"
        let sink = try VideoWriter(renderer: Renderer(stageSize: s.size), output: try OutputFile(path: path, publication: .direct), fps: 30, format: .mp4, crf: 0)
        let reference = Renderer(stageSize: s.size)
        var frames: [Frame] = []
        for t in Self.bandedTimes {
            let snap = try s.sample(at: t)
            frames.append(reference.render(snap))
            try sink.consume(snap)
        }
        try sink.finish()
        let decoded = try decodedRGB(path, width: 320, height: 240)
        #expect(decoded.count == frames.count)
        for (k, (got, frame)) in zip(decoded, frames).enumerated() { #expect(psnr(got, frame.opaque()) > 30, "frame \(k)") }
        // The box's place in the last frame: where it stopped, not where it started.
        let (x, y) = (250, 115)
        #expect(got(decoded.last!, x, y).r > 200 && got(decoded.last!, 60, 115) != got(decoded.last!, x, y))
    }

    func got(_ rgb: [UInt8], _ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * 320 + x) * 3
        return (rgb[i], rgb[i + 1], rgb[i + 2])
    }
}
