// SPDX-License-Identifier: MIT
/// One gradient: its stops as the file packs them ("g": {"p": colour count, "k": …}).
struct LottieGradient {
    var colorCount: Int
    var stops: Animated<[Double]>
    /// 1 linear, 2 radial.
    var type: Int
    var start: Animated<[Double]>
    var end: Animated<[Double]>
}
