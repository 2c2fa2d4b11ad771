// SPDX-License-Identifier: MIT
import CCairo
import FXCore

/// Which part of a layer under perspective is drawn flat before it is projected.
///
/// A layer with perspective is drawn into an offscreen image of its own plane and resampled
/// pixel by pixel onto its superlayer (`Perspective`), so the image's size is the cost. Lottie's
/// 3D precomps are as large as their composition (7,680 × 4,320 points holding a 171 × 171
/// image), so the image covers only what paints (`paintedExtent`) and, where the projection is
/// known to be finite over the destination's clip, only what can reach that clip.
extension Renderer {
    /// The local box of layer `i` to draw flat, at `resolution` image pixels per point, before `h`
    /// (local → `out`'s pixels) projects it; nil when nothing of it can be seen. Outside it the
    /// layer is transparent or farther than the resampling filter reaches from `out`'s clip, so
    /// the projected pixels are those of an image of the whole extent.
    func flatRegion(_ tree: RenderTree, _ i: Int, _ h: Homography, resolution: Double, clippedTo out: Surface) -> Rect? {
        guard paintsWithinExtent(tree, i) else { return extent(tree, i) }
        guard let painted = paintedExtent(tree, i), painted.size.width > 0, painted.size.height > 0 else { return nil }
        guard let reach = reach(of: out, through: h) else { return painted }
        // Two image pixels more on every side: the bilinear filter's taps around a sample.
        let margin = 2 / resolution
        return painted.intersection(Rect(reach.minX - margin, reach.minY - margin,
                                         reach.size.width + 2 * margin, reach.size.height + 2 * margin))
    }

    /// Whether everything layer `i`'s subtree draws lies within its `paintedExtent`: no shadows,
    /// particles, transitions or images shown past their bounds anywhere in it. (Drawn without the
    /// parts that do not paint, a shadow or a blur would lose what its source outside them adds.)
    func paintsWithinExtent(_ tree: RenderTree, _ i: Int) -> Bool {
        Self.paintsWithinBounds(tree.layers[i]) && tree.children[i].allSatisfy { paintsWithinExtent(tree, $0) }
    }

    /// Whether a layer draws nothing outside its bounds and its own content's extent: no particles,
    /// transitions, images shown past their bounds or shadows.
    static func paintsWithinBounds(_ l: PresentedLayer) -> Bool {
        l.kind != .emitter && l.transitions.isEmpty && !ContentDrawing.contentsMayOverflow(l)
            && !(l.number(.shadowOpacity) > 0 && l.color(.shadowColor).alpha > 0)
    }

    /// The local box that `h` sends into `out`'s clip widened by two pixels (a minified pixel's
    /// samples and the resampler's test for a uniform neighbourhood stay within them), or nil when
    /// that is unknown: when a corner of the widened clip is not the image of a point in front of
    /// the eye. (Then the clip crosses the horizon, and its preimage is not bounded by its corners'
    /// preimages.) When every corner is, the whole box is, the inverse's third coordinate being
    /// affine, and the preimage of the box is the convex quadrilateral of its corners' preimages.
    private func reach(of out: Surface, through h: Homography) -> Rect? {
        guard let inv = h.inverse else { return nil }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(out.cr)
        cairo_identity_matrix(out.cr)
        cairo_clip_extents(out.cr, &x0, &y0, &x1, &y1)
        cairo_restore(out.cr)
        x0 = max(0, x0) - 2; y0 = max(0, y0) - 2
        x1 = min(Double(out.width), x1) + 2; y1 = min(Double(out.height), y1) + 2
        guard x1 > x0, y1 > y0 else { return nil }
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
            let p = inv.apply(x, y)
            guard p.w > 1e-12, p.x.isFinite, p.y.isFinite else { return nil }
            xs.append(p.x); ys.append(p.y)
        }
        return Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }
}
