// SPDX-License-Identifier: MIT
/// Straight RGBA (as decoders give it) premultiplied as fxhost's frames are,
/// rounding to nearest, so decoded outputs compare with rendered frames.
func premultiplied(_ straight: [UInt8]) -> [UInt8] {
    var out = straight
    for i in stride(from: 0, to: out.count, by: 4) {
        let a = Int(out[i + 3])
        for c in 0..<3 { out[i + c] = UInt8((Int(out[i + c]) * a + 127) / 255) }
    }
    return out
}
