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
