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
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func take(_ x: Double, _ y: Double) {
            let p = h.apply(x, y)
            guard p.w > 1e-9, p.x.isFinite, p.y.isFinite else { return }
            if p.x < x0 { x0 = p.x }
            if p.x > x1 { x1 = p.x }
            if p.y < y0 { y0 = p.y }
            if p.y > y1 { y1 = p.y }
        }
        take(minX, minY); take(maxX, minY); take(maxX, maxY); take(minX, maxY)
        return x0 <= x1 ? Rect(x0, y0, x1 - x0, y1 - y0) : nil
    }
}
