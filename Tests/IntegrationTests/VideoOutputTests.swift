// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// `--out x.mp4`, `x.webm`, `x.webp` through the real fxhost on a real
/// plugin, read back by ffprobe and Pillow; bad settings fail cleanly.
@Suite(.disabled(if: TestSupport.isSanitizerPass, "drives ffprobe and Pillow; the ordinary pass ran it"))
struct VideoOutputTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    let spinner = ["--plugin", "spinner", "--size", "64x48", "--end", "0.3"]

    @Test func theExtensionPicksTheFormat() throws {
        for (ext, codec) in [("mp4", "h264"), ("webm", "vp9")] {
            let path = dir + "/s.\(ext)"
            let r = try Plugins.run(spinner + ["--out", path])
            #expect(r.status == 0, "\(r.stderr)")
            let probe = try VideoProbe(path)
            #expect(probe.codec == codec && probe.width == 64 && probe.height == 48)
            // 0 … 0.3 s at 30 fps: ten frames, the last at 0.3 s.
            #expect(probe.times.count == 10)
            #expect(abs((probe.times.last ?? 0) - 0.3) < 1e-3)
        }
        let r = try Plugins.run(spinner + ["--out", dir + "/s.webp", "--lossless"])
        #expect(r.status == 0, "\(r.stderr)")
        let webp = try WebPFrames(dir + "/s.webp")
        #expect(webp.width == 64 && webp.height == 48)
        #expect(webp.durations.reduce(0, +) == 333)  // until 0.3 s + one frame, in milliseconds
    }

    @Test func videoGoesToStandardOutputToo() throws {
        let r = try Plugins.run(spinner + ["--format", "mp4", "--out", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let path = dir + "/piped.mp4"
        try r.data.write(to: URL(fileURLWithPath: path))
        #expect(try VideoProbe(path).times.count == 10)
    }

    /// FFmpeg's libraries are loaded when a video is written, not linked: a run whose dlopen of
    /// libavformat fails (a preloaded shim refuses it) still writes PNG, and a video is one line, exit 2.
    @Test func videoWithoutFFmpegIsOneLineAndOtherOutputsNeedNone() throws {
        let preload = try LoaderProbe.refusing(["libavformat.so"], in: dir)
        let video = try runProcess(Plugins.fxhost, spinner + ["--out", dir + "/none.mp4"], environment: preload)
        #expect(video.status == 2)
        #expect(video.stderr.hasPrefix("fxhost: error: mp4 output needs FFmpeg's libraries: cannot load libavformat.so."))
        #expect(video.stderr.filter { $0 == "\n" }.count == 1, "\(video.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.mp4"))
        let png = try runProcess(Plugins.fxhost, spinner + ["--out", dir + "/still.png"], environment: preload)
        #expect(png.status == 0, "\(png.stderr)")
        // Not linked: no FFmpeg library among the program's own dependencies.
        let elf = try runProcess("/usr/bin/env", ["readelf", "-d", Plugins.binFolder + "/fxhost"])
        #expect(elf.status == 0 && elf.stdout.contains("(NEEDED)"), "\(elf.stderr)")
        #expect(!elf.stdout.contains("libav"))
    }

    @Test func badSettingsFailBeforeWritingAnything() throws {
        let cases: [([String], String)] = [
            (["--out", dir + "/a.mp4", "--crf", "52"], "--crf 52"),
            (["--out", dir + "/a.webm", "--crf", "x"], "--crf"),
            (["--out", dir + "/a.mp4", "--quality", "50"], "--quality"),
            (["--out", dir + "/a.webp", "--crf", "20"], "--crf"),
            (["--out", dir + "/a.webp", "--quality", "50", "--lossless"], "--lossless"),
            (["--out", dir + "/missing/a.mp4"], "missing"),
        ]
        for (args, mention) in cases {
            let r = try Plugins.run(spinner + args)
            #expect(r.status == 2, "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(mention), "\(args): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}
