// SPDX-License-Identifier: MIT
extension Int {
    /// A pixel count or coordinate from a double that may be enormous, infinite
    /// or NaN (a plugin may place a layer at 1e300): clamped to ±2^30, NaN as 0.
    /// `Int(_:)` would trap instead.
    init(pixels d: Double) {
        if d.isNaN { self = 0; return }
        self = Int(Swift.max(-1_073_741_824, Swift.min(1_073_741_824, d)))
    }
}

extension Int {
    /// `Int(pixels: d.rounded(.down))`, the same value, without a call to libm's `floor` (which
    /// the compiler emits for `rounded(.down)` on x86-64 without SSE4.1): the resampler's inner loop
    /// takes several a pixel.
    @inline(__always) init(floorPixels d: Double) {
        guard d > -1_073_741_824, d < 1_073_741_824 else { self.init(pixels: d.rounded(.down)); return }
        let t = Int(d)
        self = Double(t) > d ? t - 1 : t
    }
}
