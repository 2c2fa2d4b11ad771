// SPDX-License-Identifier: MIT
/// After Effects' polystar shape ("ty": "sr"): a star ("sy": 1) alternating
/// outer and inner points, or a regular polygon ("sy": 2) of outer points,
/// centred on its position and turned by its rotation, as lottie-ios
/// (`BezierPath.star`, `BezierPath.polygon`) and rlottie (`VPath::addPolystar`,
/// `addPolygon`) draw it: the first outer point straight up (at −90°), then
/// clockwise on screen.
struct PolystarShape {
    var isStar: Bool
    var points: Animated<Double>
    var position: Animated<[Double]>
    var rotation: Animated<Double>
    var innerRadius: Animated<Double>
    var outerRadius: Animated<Double>
    var innerRoundness: Animated<Double>
    var outerRoundness: Animated<Double>
    var reversed: Bool
}
