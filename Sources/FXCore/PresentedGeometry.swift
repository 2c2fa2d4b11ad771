// SPDX-License-Identifier: MIT

/// Where a presented layer's content lies, in its own coordinates and in its
/// superlayer's: the one statement of these rules, for everything that draws
/// or writes a snapshot (the renderer, the Lottie export).
extension PresentedLayer {
    /// The layer's local space → its superlayer's (or, for a mask, the masked
    /// layer's): `bounds.origin` and `anchorPoint`, `transform`, `position` and
    /// `zPosition`, and the superlayer's `sublayerTransform` about its anchor.
    public func toParent(_ parent: PresentedLayer?) -> Transform3D {
        let b = rect(.bounds), a = point(.anchorPoint), p = point(.position)
        let ax = b.origin.x + a.x * b.size.width, ay = b.origin.y + a.y * b.size.height
        var t = Transform3D.translation(-ax, -ay)
        let own = transform(.transform)
        if !own.isIdentity { t = t.concatenating(own) }
        t = t.concatenating(.translation(p.x, p.y, number(.zPosition)))
        if let parent, !isMask {
            let st = parent.transform(.sublayerTransform)
            if !st.isIdentity {
                let pb = parent.rect(.bounds), pa = parent.point(.anchorPoint)
                let cx = pb.origin.x + pa.x * pb.size.width, cy = pb.origin.y + pa.y * pb.size.height
                t = t.concatenating(.translation(-cx, -cy)).concatenating(st).concatenating(.translation(cx, cy))
            }
        }
        return t
    }

    /// The bounds as a rect of positive size (a negative width or height spans the other way).
    public var drawnBounds: Rect {
        let b = rect(.bounds)
        return Rect(b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY)
    }

    /// The corner radius as drawn: clamped to half the shorter side.
    public var drawnCornerRadius: Double {
        let b = drawnBounds
        return max(0, min(number(.cornerRadius), b.size.width / 2, b.size.height / 2))
    }
}

extension PresentedLayer {
    /// Where an image of `width` × `height` pixels is drawn in the layer's space by
    /// `contentsGravity` (Apple's `CALayerContentsGravity`: scaled to the bounds, to fit or fill
    /// keeping its aspect, or at its own size placed by the gravity, "top" being the top on
    /// screen); an aspect fill is clipped to the bounds.
    public func contentsRect(width: Int, height: Int) -> Rect {
        let b = drawnBounds
        let iw = Double(width), ih = Double(height)
        let gravity = contentsGravity
        switch gravity {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            let fill = gravity == .resizeAspectFill
            let s = fill ? max(b.size.width / iw, b.size.height / ih) : min(b.size.width / iw, b.size.height / ih)
            return Rect(b.midX - iw * s / 2, b.midY - ih * s / 2, iw * s, ih * s)
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight:
            let x = switch gravity {
            case .left, .topLeft, .bottomLeft: b.minX
            case .right, .topRight, .bottomRight: b.maxX - iw
            default: b.midX - iw / 2
            }
            let y = switch gravity {
            case .top, .topLeft, .topRight: b.minY
            case .bottom, .bottomLeft, .bottomRight: b.maxY - ih
            default: b.midY - ih / 2
            }
            return Rect(x, y, iw, ih)
        }
    }
}

extension TransitionState {
    /// Which content a transition face shows.
    public enum Side: Sendable { case old, new }

    /// The direction the new content comes from, as a unit step in x or y.
    public var direction: (dx: Double, dy: Double) {
        switch transition.subtype {
        case .fromRight: (1, 0)
        case .fromLeft: (-1, 0)
        case .fromTop: (0, -1)
        case .fromBottom: (0, 1)
        }
    }

    /// The faces of the types that move or fade in the layer's plane (fade, moveIn, push, reveal),
    /// in drawing order: each side, its shift as a fraction of the bounds' width and height (nil: the
    /// side does not move), and its alpha; nil for flip and cube, which turn in 3D.
    public var planarFaces: [(side: Side, shift: (x: Double, y: Double)?, alpha: Double)]? {
        let p = max(0, min(1, progress))
        let (dx, dy) = direction
        func shift(_ k: Double) -> (x: Double, y: Double) { (dx * k, dy * k) }
        switch transition.type {
        case .fade: return [(.old, nil, 1 - p), (.new, nil, p)]
        case .moveIn: return [(.old, nil, 1), (.new, shift(1 - p), 1)]
        case .push: return [(.old, shift(-p), 1), (.new, shift(1 - p), 1)]
        case .reveal: return [(.new, nil, 1), (.old, shift(-p), 1)]
        case .flip, .cube: return nil
        }
    }
}
