// SPDX-License-Identifier: MIT
/// A Lottie transform (a layer's "ks" or a group's "tr").
struct LottieTransform {
    var anchor: Animated<[Double]>
    var position: Animated<[Double]>
    var scale: Animated<[Double]>
    var rotation: Animated<Double>
    var opacity: Animated<Double>
    var skew: Animated<Double>
    var skewAxis: Animated<Double>
    /// A layer's auto-orient (`ao`): turned to follow its position's direction of motion.
    var autoOrient = false
    /// A 3D layer's rotations about x and y, orientation and depth (nil on 2D transforms).
    var depth: Depth3D? = nil
}
