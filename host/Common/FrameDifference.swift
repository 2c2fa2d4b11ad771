// SPDX-License-Identifier: MIT
import FXCore
import FXRender

/// How a frame differs from its golden one: how many pixels moved further
/// than the tolerance in some channel, the largest move, and a picture of where.
struct FrameDifference {
    /// Pixels with some channel (premultiplied RGBA) more than the tolerance away.
    let changed: Int
    /// The largest channel difference anywhere, in levels of 255.
    let largest: Int
    /// The golden frame dimmed to grey, with the changed pixels in red (brighter for larger changes).
    let picture: Frame

    init(golden: Image, actual: Image, tolerance: Int) {
        precondition(golden.width == actual.width && golden.height == actual.height, "frames of one size")
        let n = golden.width * golden.height
        var changed = 0, largest = 0
        var out = [UInt8](repeating: 255, count: n * 4)
        golden.pixels.withUnsafeBufferPointer { g in
            actual.pixels.withUnsafeBufferPointer { a in
                for p in 0..<n {
                    var most = 0
                    for c in 0..<4 { most = max(most, abs(Int(g[p * 4 + c]) - Int(a[p * 4 + c]))) }
                    largest = max(largest, most)
                    if most > tolerance {
                        changed += 1
                        out[p * 4] = UInt8(min(255, 128 + most))
                        out[p * 4 + 1] = 0
                        out[p * 4 + 2] = 0
                    } else {
                        // Premultiplied, so this is the golden pixel over black; a quarter of its light, plus a floor.
                        let luma = (Int(g[p * 4]) * 54 + Int(g[p * 4 + 1]) * 183 + Int(g[p * 4 + 2]) * 19) / 256
                        let grey = UInt8(40 + luma / 4)
                        out[p * 4] = grey
                        out[p * 4 + 1] = grey
                        out[p * 4 + 2] = grey
                    }
                }
            }
        }
        self.changed = changed
        self.largest = largest
        picture = Frame(width: golden.width, height: golden.height, pixels: out, time: 0)
    }
}
