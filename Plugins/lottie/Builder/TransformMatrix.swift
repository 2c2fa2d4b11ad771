// SPDX-License-Identifier: MIT
import Glibc

/// A transform's matrix at a frame, as the builder composes layers and groups.
extension LottieTransform {
    /// The map from the content's coordinates to the parent's at frame `f`:
    /// minus the anchor, scale, skew, rotate, plus the position.
    func matrix(at f: Double) -> Affine {
        let a = anchor.at(f), p = position.at(f), s = scale.at(f)
        var m = Affine.translate(-(a.first ?? 0), -(a.count > 1 ? a[1] : 0))
        m = m.then(.scale((s.first ?? 100) / 100, (s.count > 1 ? s[1] : s.first ?? 100) / 100))
        m = skewed(m, at: f)
        m = m.then(.rotate(rotation.at(f)))
        if autoOrient { m = m.then(.rotate(orientation(at: f))) }
        return m.then(.translate(p.first ?? 0, p.count > 1 ? p[1] : 0))
    }

    /// `m`, then the skew at frame `f`: turn by the axis, shear x by tan(−sk)·y, turn back.
    func skewed(_ m: Affine, at f: Double) -> Affine {
        let sk = skew.at(f)
        guard sk != 0 else { return m }
        let axis = skewAxis.at(f)
        let skewX = Affine(a: 1, b: 0, c: tan(-sk * .pi / 180), d: 1, tx: 0, ty: 0)
        return m.then(.rotate(axis)).then(skewX).then(.rotate(-axis))
    }
}

extension LottieTransform {
    /// The direction of motion at frame `f`, in degrees clockwise from +x, as lottie-web's
    /// TransformProperty measures it for auto-orient: from the position 0.01 frames before to the
    /// position at `f`; before the first keyframe, from it to 0.01 frames after; after the last,
    /// from 0.05 frames before it to it. A position that does not move gives 0.
    func orientation(at f: Double) -> Double {
        let k = position.keyframes
        guard k.count > 1 else { return 0 }
        let first = k[0].time, last = k[k.count - 1].time
        let (from, to): (Double, Double) = f <= first ? (first, first + 0.01) : f >= last ? (last - 0.05, last) : (f - 0.01, f)
        let a = position.at(from), b = position.at(to)
        guard a.count >= 2, b.count >= 2 else { return 0 }
        return atan2(b[1] - a[1], b[0] - a[0]) * 180 / .pi
    }
}
