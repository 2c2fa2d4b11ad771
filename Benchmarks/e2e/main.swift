// SPDX-License-Identifier: MIT
import FXCore
import FXImageSinks
import FXRender
import FXSinks
import Glibc

// The Y4M part of `scripts/bench.sh e2e`: milliseconds per 1280×720 frame
// spent converting RGB to Y′CbCr and writing, beside the plain copy of the
// same bytes and the per-pixel arithmetic in Double fxhost used first.
// (Whole runs, for every format, are timed by scripts/bench-e2e.sh.)

/// The process's CPU seconds, every thread's: the machine is shared, so CPU time is the figure that
/// depends least on what else is running, and a conversion split over threads is counted whole.
func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A photo-like picture: a gradient with grain from a fixed linear congruential sequence.
func photo(_ seed: UInt32) -> Image {
    var px = [UInt8](repeating: 255, count: 1280 * 720 * 4)
    var state = seed
    for y in 0..<720 {
        for x in 0..<1280 {
            state = state &* 1_664_525 &+ 1_013_904_223
            let grain = Int(state >> 27) - 16
            let i = (y * 1280 + x) * 4
            px[i] = UInt8(max(0, min(255, x / 6 + grain + Int(seed % 50))))
            px[i + 1] = UInt8(max(0, min(255, y / 3 + grain)))
            px[i + 2] = UInt8(max(0, min(255, 200 - x / 10 + grain)))
        }
    }
    return Image(width: 1280, height: 720, pixels: px, label: "photo\(seed)")
}

func crossfade() throws -> Stage {
    let stage = Stage(size: Size(1280, 720))
    for (name, seed) in [("old", UInt32(1)), ("new", UInt32(2))] {
        let l = stage.makeLayer(.layer, name: name)
        try l.setFrame(Rect(0, 0, 1280, 720))
        try l.set(.contents, .image(photo(seed)))
        try stage.root.addSublayer(l)
        if name == "new" {
            var fade = Animation.basic(KeyPath(.opacity), from: .number(0), to: .number(1))
            fade.timing.duration = 1
            try l.add(fade, forKey: "fade")
        }
    }
    return stage
}

/// fxhost's first conversion: per pixel, in Double.
func oldConversion(_ rgb: [UInt8], count: Int) -> [UInt8] {
    var planes = [UInt8](repeating: 0, count: count * 3)
    rgb.withUnsafeBufferPointer { src in
        planes.withUnsafeMutableBufferPointer { dst in
            for i in 0..<count {
                let r = Double(src[i * 3]), g = Double(src[i * 3 + 1]), b = Double(src[i * 3 + 2])
                dst[i] = UInt8(max(16, min(235, (16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255).rounded())))
                dst[count + i] = UInt8(max(16, min(240, (128 + (-37.797 * r - 74.203 * g + 112.0 * b) / 255).rounded())))
                dst[2 * count + i] = UInt8(max(16, min(240, (128 + (112.0 * r - 93.786 * g - 18.214 * b) / 255).rounded())))
            }
        }
    }
    return planes
}

let stage = try crossfade()
let snapshots = try (0...60).map { try stage.sample(at: Double($0) / 60) }
let folder = String(cString: getenv("TMPDIR") ?? strdup("/tmp"))
let renderer = Renderer(stageSize: stage.size)

// Drawing alone, then rendering with the Y4M writer: the difference is reading the pixels, converting and writing.
_ = renderer.render(snapshots[0])
var t0 = seconds()
for s in snapshots { renderer.composite(s) }
let render = (seconds() - t0) / Double(snapshots.count)
let frames = snapshots.map { renderer.render($0) }

let out = try OutputFile(path: folder + "/fxbench-e2e.y4m", publication: .direct)
let writer = Y4MWriter(renderer: renderer, output: out, fps: 60)
t0 = seconds()
for s in snapshots { try writer.consume(s) }
let y4m = (seconds() - t0) / Double(snapshots.count) - render
out.abandon()

// The same bytes copied and written, no arithmetic.
let copyOut = try OutputFile(path: folder + "/fxbench-e2e.raw", publication: .direct)
let bytes = 1280 * 720 * 3
t0 = seconds()
for f in frames {
    try copyOut.write("FRAME\n")
    try copyOut.write(Array(f.pixels[0..<bytes]))
}
let copy = (seconds() - t0) / Double(frames.count)
copyOut.abandon()

t0 = seconds()
for f in frames.prefix(10) { _ = oldConversion(f.opaque(), count: 1280 * 720) }
let before = (seconds() - t0) / 10

func ms(_ s: Double) -> String {
    let v = (s * 100_000).rounded() / 100
    return String(v)
}
print("y4m: CPU ms per 1280×720 frame, conversion to 4:4:4 BT.601 and writing to a file (release build; drawing, \(ms(render)) ms, subtracted)")
print("  fxhost (CPixels)      copy alone   ratio   before (per-pixel Double, conversion only)   target")
print("  \(ms(y4m))" + String(repeating: " ", count: max(1, 22 - ms(y4m).count)) + ms(copy)
      + String(repeating: " ", count: max(1, 13 - ms(copy).count)) + "\(((y4m / copy) * 100).rounded() / 100)x"
      + String(repeating: " ", count: 4) + ms(before) + String(repeating: " ", count: 40) + "<= 2 ms")
