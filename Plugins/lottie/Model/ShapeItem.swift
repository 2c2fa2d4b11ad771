// SPDX-License-Identifier: MIT
/// The shape items a shape layer's "shapes" holds.
indirect enum ShapeItem {
    case group(items: [ShapeItem], transform: LottieTransform)
    case path(Animated<Contour>, reversed: Bool)
    case rect(position: Animated<[Double]>, size: Animated<[Double]>, roundness: Animated<Double>, reversed: Bool)
    case ellipse(position: Animated<[Double]>, size: Animated<[Double]>, reversed: Bool)
    case fill(color: Animated<[Double]>, opacity: Animated<Double>, evenOdd: Bool)
    case stroke(Stroke)
    case gradientFill(LottieGradient, opacity: Animated<Double>, evenOdd: Bool)
    case trim(start: Animated<Double>, end: Animated<Double>, offset: Animated<Double>, individually: Bool)
    case polystar(PolystarShape)
    case repeater(RepeaterItem)
    case roundCorners(radius: Animated<Double>)
    /// A gradient stroke: the stroke's colour is unused, its opacity, width, caps, joins and dashes are.
    case gradientStroke(LottieGradient, Stroke)
}

struct Stroke {
    var color: Animated<[Double]>
    var opacity: Animated<Double>
    var width: Animated<Double>
    var cap: String
    var join: String
    var miterLimit: Double
    var dashes: [Animated<Double>]
    var dashOffset: Animated<Double>
}
