// SPDX-License-Identifier: MIT
import FXPluginKit

/// Strokes and gradients under a group's non-uniform scale (or skew), drawn as After Effects
/// draws them: a stroke is stroked in its group's space and then mapped with the group, so its
/// width stretches with the scale (a circle stroked 4 wide under a scale of 300 × 100 % is 12 wide
/// at its sides and 4 at its top); a gradient's lines of equal colour are laid out in the group's
/// space, so a linear gradient's stay parallel images of the group's and a radial one becomes an
/// ellipse. Where every frame maps the group by a similarity (rotation, uniform scale, mirror) the
/// paint is drawn in the layer's space as before, with the width scaled by the map's scale.
enum GroupSpace {
    /// The paints in their group's space, with each frame's map from there to the layer; nil when
    /// every frame's map is a similarity. A frame whose map flattens the plane (no inverse) draws
    /// nothing, as a stroke flattened to a line covers nothing.
    static func local(_ paints: [Paint]) -> (paints: [Paint], spaces: [Affine])? {
        guard paints.contains(where: { !$0.space.isSimilarity }) else { return nil }
        var out: [Paint] = [], spaces: [Affine] = []
        for p in paints {
            var q = p
            guard let inverse = p.space.inverse else {
                q.contours = []
                out.append(q)
                spaces.append(.identity)
                continue
            }
            let k = p.space.lengthScale
            q.contours = p.contours.map { $0.transformed(inverse) }
            q.width = p.width / k
            q.dashes = p.dashes.map { $0 / k }
            q.dashPhase = p.dashPhase / k
            q.start = inverse.apply(p.start)
            q.end = inverse.apply(p.end)
            q.focal = inverse.apply(p.focal)
            q.space = .identity
            out.append(q)
            spaces.append(p.space)
        }
        return (out, spaces)
    }

    /// A container mapping its sublayers from the group's space to the layer's, frame by frame.
    static func container(_ spaces: [Affine], _ timeline: Timeline) throws(PluginError) -> Layer {
        let l = try Layer(.plain, name: "group space")
        try l.set("anchorPoint", Point(0, 0))
        try l.set("bounds", Rect(0, 0, 1, 1))
        try l.set("position", Point(0, 0))
        try timeline.play(l, "transform", spaces.map { m in Transform([m.a, m.b, 0, 0, m.c, m.d, 0, 0, 0, 0, 1, 0, m.tx, m.ty, 0, 1]) })
        return l
    }
}

extension Affine {
    /// Whether the map keeps shapes (a rotation and uniform scale, perhaps mirrored), so that a
    /// stroke's width scales by one factor everywhere.
    var isSimilarity: Bool {
        let tolerance = 1e-9 * max(1, abs(a), abs(b), abs(c), abs(d))
        return (abs(a - d) <= tolerance && abs(b + c) <= tolerance) || (abs(a + d) <= tolerance && abs(b - c) <= tolerance)
    }

    /// The inverse map, or nil when the map flattens the plane.
    var inverse: Affine? {
        let det = a * d - b * c
        guard det != 0, det.isFinite, abs(det) > 1e-12 * max(1, a * a + b * b + c * c + d * d) else { return nil }
        return Affine(a: d / det, b: -b / det, c: -c / det, d: a / det,
                      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}
