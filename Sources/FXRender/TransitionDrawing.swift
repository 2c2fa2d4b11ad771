// SPDX-License-Identifier: MIT
import FXCore
import Glibc

/// How CATransition's types place the old and new content at a progress:
/// each face is a surface, a map in the layer's plane, and an alpha.
enum TransitionDrawing {
    typealias Side = TransitionState.Side

    static func faces(_ t: TransitionState, bounds b: Rect) -> [(Side, Homography, Double)] {
        let w = b.size.width, h = b.size.height
        if let planar = t.planarFaces {
            return planar.map { face in (face.side, face.shift.map { .translation($0.x * w, $0.y * h) } ?? .identity, face.alpha) }
        }
        let p = max(0, min(1, t.progress))
        let (dx, dy) = t.direction
        switch t.transition.type {
        case .fade, .moveIn, .push, .reveal:
            return []
        case .flip:
            // Half a turn about the vertical (or horizontal) axis through the centre:
            // the old side until edge-on, then the new one.
            let angle = p * .pi
            if angle < .pi / 2 {
                return [(.old, turn(angle, b, dx: dx, dy: dy, depth: 0), 1)]
            }
            return [(.new, turn(angle - .pi, b, dx: dx, dy: dy, depth: 0), 1)]
        case .cube:
            // Two faces of a cube as deep as the layer is wide (or high), turning by a quarter.
            let side = dx != 0 ? w : h
            var out: [(Side, Homography, Double)] = []
            let oldAngle = -p * .pi / 2, newAngle = (1 - p) * .pi / 2
            if abs(oldAngle) < .pi / 2 - 1e-6 { out.append((.old, turn(oldAngle, b, dx: dx, dy: dy, depth: side / 2), 1)) }
            if abs(newAngle) < .pi / 2 - 1e-6 { out.append((.new, turn(newAngle, b, dx: dx, dy: dy, depth: side / 2), 1)) }
            return out
        }
    }

    /// A turn of the layer's plane by `angle` about the axis across the
    /// direction of travel, centred `depth` behind it, seen in perspective.
    static func turn(_ angle: Double, _ b: Rect, dx: Double, dy: Double, depth: Double) -> Homography {
        let cx = b.midX, cy = b.midY
        let eye = 2.5 * max(b.size.width, b.size.height)
        var perspective = Transform3D.identity
        perspective.m34 = -1 / eye
        // Moving towards −x turns about +y (the right edge comes forward); towards ±y about x.
        let rotation = dx != 0 ? Transform3D.rotation(angle * dx, 0, 1, 0) : Transform3D.rotation(-angle * dy, 1, 0, 0)
        let t = Transform3D.translation(-cx, -cy, 0)
            .concatenating(.translation(0, 0, depth))
            .concatenating(rotation)
            .concatenating(.translation(0, 0, -depth))
            .concatenating(perspective)
            .concatenating(.translation(cx, cy, 0))
        return Homography(t)
    }
}
