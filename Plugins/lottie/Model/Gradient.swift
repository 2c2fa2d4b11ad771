// SPDX-License-Identifier: MIT
/// One gradient: its stops as the file packs them ("g": {"p": colour count, "k": …}).
struct LottieGradient {
    var colorCount: Int
    var stops: Animated<[Double]>
    /// 1 linear, 2 radial.
    var type: Int
    var start: Animated<[Double]>
    var end: Animated<[Double]>
    /// A radial gradient's highlight: how far its focal point lies from the centre, in percent of
    /// the radius ("h"), and its angle from the line start → end, in degrees ("a").
    var highlightLength = Animated<Double>(constant: 0)
    var highlightAngle = Animated<Double>(constant: 0)
}
