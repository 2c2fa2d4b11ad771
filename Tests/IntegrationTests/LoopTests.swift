// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// `--loop`: one whole period, end-exclusive, so that an animated image loops with no repeated
/// frame at the seam. Frames are read back with ffmpeg; the expected numbers come from the
/// spinner's published timings (Plugins/spinner): the button (270×45, #2ecc71, centred on the
/// 400×300 stage) shrinks to 45 wide in 0.25 s, then a white quarter arc turns by π/2 every
/// 0.25 s (linear, cumulative: 360° a second); two seconds in the button spreads back to 270
/// wide, linearly over 0.25 s.
@Suite struct LoopTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    static func frames(_ file: String) throws -> [[UInt8]] { try FFmpeg.rgbaFrames(file, width: 400, height: 300) }

    /// Where the white arc points: the angle, in degrees, of the centroid of white light
    /// around the button's centre (200, 150), each pixel weighted by how white it is.
    static func arcAngle(_ f: [UInt8]) -> Double {
        var sx = 0.0, sy = 0.0
        for y in 100..<200 {
            for x in 150..<250 {
                let i = (y * 400 + x) * 4
                let w = Double(max(0, Int(min(f[i], f[i + 1], f[i + 2])) - 113))
                sx += w * (Double(x) + 0.5 - 200)
                sy += w * (Double(y) + 0.5 - 150)
            }
        }
        return atan2(sy, sx) * 180 / .pi
    }

    /// The button spinning forever (it never spreads back): the spin starts at 0.25 s and repeats
    /// every second, so at 30 fps the loop is 30 frames, each 12° on from the one before,
    /// and the last is 12° short of the first: one frame step at the seam, not 0° (a repeated
    /// frame) or 24° (a skipped one).
    @Test func aForeverSpinnerLoopsOneTurn() throws {
        if TestSupport.isSanitizerPass { return }
        let gif = dir + "/s.gif"
        let r = try runProcess(Plugins.fxhost, ["--plugin", "spinner", "--spread-at", "-1", "--out", gif, "--loop"])
        #expect(r.status == 0, "\(r.stderr)")
        let frames = try Self.frames(gif)
        #expect(frames.count == 30)
        let angles = frames.map(Self.arcAngle)
        for i in angles.indices {
            var step = (angles[(i + 1) % angles.count] - angles[i]).truncatingRemainder(dividingBy: 360)
            if step < 0 { step += 360 }
            #expect(abs(step - 12) <= 2.5, "step \(i) → \(i + 1) is \(step)°")
        }
    }

    /// The README's spinner as it is: it ends, spread back, at 2.25 s showing what it showed at 0,
    /// so the loop is 0 to 2.25 s end-exclusive: the 68 frames k/30 < 2.25. The last is at
    /// 67/30 s, 7/30 s into the 0.25 s spread, whose curve is UIView.animate's default
    /// ease-in-ease-out, the Bézier (0.42, 0), (0.58, 1): at x = (7/30) / 0.25 = 0.9333 its
    /// parameter is s = 0.94531 and y = 0.99135, so 45 + 225 · 0.99135 = 268.05 wide; the first is 270.
    /// Measured on row 166 (6.5 px above the button's bottom edge, below the title), where the
    /// pill's round ends (radius 22.5) take 2 · (22.5 − √(22.5² − 16²)) = 13.36 px off the width.
    @Test func theDefaultSpinnerLoopsWithoutRepeatingItsFirstFrame() throws {
        if TestSupport.isSanitizerPass { return }
        let gif = dir + "/s.gif"
        let r = try runProcess(Plugins.fxhost, ["--plugin", "spinner", "--out", gif, "--loop"])
        #expect(r.status == 0, "\(r.stderr)")
        let frames = try Self.frames(gif)
        #expect(frames.count == 68)
        func width(_ f: [UInt8]) -> Int {
            (0..<400).filter { x in let i = (166 * 400 + x) * 4; return f[i + 1] > 170 && f[i + 2] < 150 }.count
        }
        let cut = 2 * (22.5 - (22.5 * 22.5 - 16 * 16).squareRoot())
        #expect(abs(Double(width(frames[0])) - (270 - cut)) <= 2, "\(width(frames[0]))")
        #expect(abs(Double(width(frames[67])) - (268.05 - cut)) <= 2, "\(width(frames[67]))")
    }

    /// An animated image loops by itself: without --loop, a last frame at the natural end that
    /// shows what the first showed is left out. The spinner ends at 2.25 s as it began: at
    /// 30 fps that is the 68 frames k/30 < 2.25, at 4 fps the 9 frames 0, 0.25, …, 2 (2.25
    /// itself is a frame time there). The cube ends unlike it began ("Paris", not "London"),
    /// so it keeps its end: 0 to 0.5 s at 30 fps, 16 frames.
    @Test func anAnimatedImageLeavesOutALastFrameThatRepeatsTheFirst() throws {
        if TestSupport.isSanitizerPass { return }
        for (args, count) in [(["--plugin", "spinner"], 68), (["--plugin", "spinner", "--fps", "4"], 9), (["--plugin", "cube"], 16)] {
            let gif = dir + "/\(UUID().uuidString).gif"
            let r = try runProcess(Plugins.fxhost, args + ["--out", gif])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try Self.frames(gif).count == count, "\(args)")
        }
    }

    /// Text sinks loop too. shimmer's highlight sweeps every 0.5 s from the start: 15 samples,
    /// 0 to 14/30 s. The cube (0.5 s, then done) with `--loop --end 0.5`: 0.5 itself is left out.
    @Test func jsonLinesOfOnePeriod() throws {
        func times(_ ts: [Double], _ n: Int) -> Bool { ts.count == n && ts.indices.allSatisfy { abs(ts[$0] - Double($0) / 30) < 1e-12 } }
        let shimmer = try Plugins.samples(["--plugin", "shimmer", "--loop"]).map { $0["t"] as! Double }
        #expect(times(shimmer, 15), "\(shimmer)")
        let cube = try Plugins.samples(["--plugin", "cube", "--loop", "--end", "0.5"]).map { $0["t"] as! Double }
        #expect(times(cube, 15), "\(cube)")
        let inclusive = try Plugins.samples(["--plugin", "cube", "--end", "0.5"]).map { $0["t"] as! Double }
        #expect(inclusive.last == 0.5 && inclusive.count == 16)
    }

    /// pulse relaunches its clouds with timers forever: it never settles, and says what to do.
    @Test func anEffectThatNeverSettles() throws {
        let r = try Plugins.run(["--plugin", "pulse", "--loop", "--sink", "jsonl"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--loop: the effect is still changing at 60 s") && r.stderr.contains("--end T"))
        #expect(r.stdout.isEmpty)
        let t = try Plugins.run(["--plugin", "cube", "--loop", "--time", "0"])
        #expect(t.status == 2 && t.stderr.contains("--loop samples a period; it does not go with --time"))
    }
}
