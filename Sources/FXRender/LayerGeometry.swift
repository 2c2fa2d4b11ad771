// SPDX-License-Identifier: MIT
import FXCore

/// Where a layer's content lies, in its own coordinates and in its superlayer's.
enum LayerGeometry {
    /// The layer's local space → its superlayer's (or, for a mask, the masked layer's): FXCore's rule.
    static func toParent(_ l: PresentedLayer, parent: PresentedLayer?) -> Homography { Homography(l.toParent(parent)) }

    /// The bounds as a positive rect.
    static func bounds(_ l: PresentedLayer) -> Rect { l.drawnBounds }

    /// Corner radius clamped to half the shorter side.
    static func cornerRadius(_ l: PresentedLayer) -> Double { l.drawnCornerRadius }
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
