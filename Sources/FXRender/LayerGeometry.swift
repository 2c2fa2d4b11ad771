// SPDX-License-Identifier: MIT
import FXCore

/// Where a layer's content lies, in its own coordinates and in its superlayer's.
enum LayerGeometry {
    /// The layer's local space → its superlayer's (or, for a mask, the masked
    /// layer's): `position`, `anchorPoint`, `bounds.origin`, `transform`,
    /// `zPosition`, and the superlayer's `sublayerTransform` about its anchor.
    static func toParent(_ l: PresentedLayer, parent: PresentedLayer?) -> Homography {
        let b = l.rect(.bounds), a = l.point(.anchorPoint), p = l.point(.position)
        let ax = b.origin.x + a.x * b.size.width, ay = b.origin.y + a.y * b.size.height
        var t = Transform3D.translation(-ax, -ay)
        let own = l.transform(.transform)
        if !own.isIdentity { t = t.concatenating(own) }
        t = t.concatenating(.translation(p.x, p.y, l.number(.zPosition)))
        if let parent, !l.isMask {
            let st = parent.transform(.sublayerTransform)
            if !st.isIdentity {
                let pb = parent.rect(.bounds), pa = parent.point(.anchorPoint)
                let cx = pb.origin.x + pa.x * pb.size.width, cy = pb.origin.y + pa.y * pb.size.height
                t = t.concatenating(.translation(-cx, -cy)).concatenating(st).concatenating(.translation(cx, cy))
            }
        }
        return Homography(t)
    }

    /// The bounds as a positive rect.
    static func bounds(_ l: PresentedLayer) -> Rect {
        let b = l.rect(.bounds)
        return Rect(b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY)
    }

    /// Corner radius clamped to half the shorter side.
    static func cornerRadius(_ l: PresentedLayer) -> Double {
        let b = bounds(l)
        return max(0, min(l.number(.cornerRadius), b.size.width / 2, b.size.height / 2))
    }
}

extension Rect {
    func union(_ o: Rect) -> Rect {
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x0, y0, max(maxX, o.maxX) - x0, max(maxY, o.maxY) - y0)
    }

    /// The box around this rect's corners mapped through `h` (corners behind the eye are skipped).
    func mapped(_ h: Homography) -> Rect? {
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY)] {
            let p = h.apply(x, y)
            guard p.w > 1e-9, p.x.isFinite, p.y.isFinite else { continue }
            xs.append(p.x); ys.append(p.y)
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}
