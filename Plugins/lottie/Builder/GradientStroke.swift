// SPDX-License-Identifier: MIT
/// A gradient stroke ("ty": "gs"): a stroke painted with a gradient instead
/// of one colour. The gradient's stops, type and ends are read as a gradient
/// fill's ("gf"); width, caps, joins, miter limit and dashes as a stroke's.
/// It is drawn as lottie-ios's Core Animation engine draws it
/// (`GradientRenderLayer` masked by the stroked outline): a gradient layer
/// whose mask is a shape layer stroking the outline.
enum GradientStroke {
    static func paint(_ g: LottieGradient, _ s: Stroke, contours: [Contour], _ f: Double, _ m: Affine, opacity: Double) -> Paint {
        var p = Paint(style: .gradientStroke(type: g.type, cap: s.cap, join: s.join, miterLimit: s.miterLimit), contours: contours)
        p.color = [1, 1, 1, min(1, max(0, opacity * s.opacity.at(f) / 100))]
        p.stops = g.colors(at: f)
        let a = g.start.at(f), e = g.end.at(f)
        p.start = m.apply(Vec(a))
        p.end = m.apply(Vec(e))
        p.focal = m.apply(RadialFocus.focal(g, at: f))
        let k = m.lengthScale
        p.width = max(0, s.width.at(f)) * k
        p.dashes = s.dashes.map { max(0, $0.at(f)) * k }
        p.dashPhase = s.dashOffset.at(f) * k
        p.space = m
        return p
    }

    /// How far a stroke of these paints reaches beyond its outline: half the widest width, times the
    /// miter limit where joins are mitred (a miter is at most that long), plus a square cap's corner.
    static func reach(_ paints: [Paint]) -> Double {
        guard case .gradientStroke(_, let cap, let join, let miter) = paints.first?.style else { return 0 }
        let half = paints.reduce(0) { max($0, $1.width) } / 2
        let joinReach = join == "miter" ? max(1, miter) : 1
        return half * max(joinReach, cap == "square" ? 2.0.squareRoot() : 1)
    }
}
