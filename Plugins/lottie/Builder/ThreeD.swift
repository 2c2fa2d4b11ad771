// SPDX-License-Identifier: MIT
import FXPluginKit
import Glibc

/// 3D layers as After Effects composes them (x right, y down, z away from the viewer), baked per
/// played frame into one 4 × 4 transform per layer: the layer's own 3D transform, its parents',
/// and its composition's camera (view and perspective). Core Animation flattens a layer into its
/// superlayer's plane, so the whole product has to reach the engine as the layer's one transform;
/// the engine draws it through its perspective path (a projective map, nothing behind the eye).
extension LottieTransform {
    /// The 3D map from the content's coordinates to the parent's at frame `f`, in the order
    /// lottie-web and Skottie apply After Effects' transform: minus the anchor, scale, skew, the
    /// Z, Y and X Rotations, the orientation's z, y and x, plus the position. Rotations turn the
    /// right-handed way in these axes: Z clockwise on screen, X's positive angle takes the bottom
    /// edge away from the viewer, Y's the right edge towards the viewer. A 2D transform is its
    /// 2D matrix, lifted.
    func matrix3D(at f: Double) -> Transform {
        guard let depth else { return Transform(matrix(at: f)) }
        func part(_ v: [Double], _ i: Int, _ d: Double) -> Double { i < v.count ? v[i] : d }
        let a = anchor.at(f), p = position.at(f), s = scale.at(f), o = depth.orientation.at(f)
        var m = Transform.translation(-part(a, 0, 0), -part(a, 1, 0), -part(a, 2, 0))
        m = m.concatenating(.scale(part(s, 0, 100) / 100, part(s, 1, part(s, 0, 100)) / 100, part(s, 2, 100) / 100))
        let sk = skewed(.identity, at: f)
        if sk != .identity { m = m.concatenating(Transform(sk)) }
        m = m.concatenating(Rotation.z(rotation.at(f))).concatenating(Rotation.y(depth.rotationY.at(f)))
            .concatenating(Rotation.x(depth.rotationX.at(f)))
        m = m.concatenating(Rotation.z(part(o, 2, 0))).concatenating(Rotation.y(part(o, 1, 0))).concatenating(Rotation.x(part(o, 0, 0)))
        if autoOrient { m = m.concatenating(Rotation.z(orientation(at: f))) }
        return m.concatenating(.translation(part(p, 0, 0), part(p, 1, 0), depth.positionZ?.at(f) ?? depthOfPosition(at: f)))
    }

    /// The position's z at frame `f`, eased between keyframes as its own dimension (a spatial
    /// curve's tangents move x and y only).
    func depthOfPosition(at f: Double) -> Double {
        let v = position.value(at: f) { a, b, e, t in
            guard a.count > 2, b.count > 2 else { return a }
            var out = a
            out[2] = a[2] + (b[2] - a[2]) * e.progress(t, dim: 2)
            return out
        }
        return v.count > 2 ? v[2] : 0
    }
}

/// Rotations by degrees about one axis, in After Effects' axes (Core Animation's rotation matrices).
enum Rotation {
    static func x(_ degrees: Double) -> Transform { degrees == 0 ? .identity : .rotation(degrees * .pi / 180, 1, 0, 0) }
    static func y(_ degrees: Double) -> Transform { degrees == 0 ? .identity : .rotation(degrees * .pi / 180, 0, 1, 0) }
    static func z(_ degrees: Double) -> Transform { degrees == 0 ? .identity : .rotation(degrees * .pi / 180, 0, 0, 1) }
}

extension Transform {
    /// A 2D affine map lifted to 3D (z kept).
    init(_ m: Affine) { self.init([m.a, m.b, 0, 0, m.c, m.d, 0, 0, 0, 0, 1, 0, m.tx, m.ty, 0, 1]) }
}

extension Builder {
    /// A 3D layer's transform at comp frame `f`: its own and its parents' 3D transforms (a 2D
    /// parent's lifted), then what the composition's camera sees (`Camera.view`). A 2D layer
    /// turned about x or y (files written by hand) is turned without a camera, seen straight on
    /// without perspective, as lottie-web and lottie-ios draw it. Matrices the
    /// engine cannot take (an entry not finite, or beyond ±10¹⁵, from extreme values and eye-plane
    /// crossings) collapse the layer to a point for that frame.
    func transform3D(_ l: LottieLayer, _ layers: [LottieLayer], size: (Double, Double), at f: Double, _ path: String) throws -> Transform {
        var m = l.transform.matrix3D(at: f)
        for owner in try parents(of: l, in: layers, path) { m = m.concatenating(pose(of: owner, at: f)) }
        if l.is3D { m = m.concatenating(try Camera.view(layers, size: size, at: f, builder: self, path)) }
        guard m.m.allSatisfy({ $0.isFinite && abs($0) <= 1e15 }) else { return .scale(0, 0, 0) }
        return m
    }

    /// What a parent contributes: its 3D transform, or for a camera, where its eye is and where it
    /// looks (a camera's anchor is its point of interest, not a point it turns about).
    func pose(of owner: LottieLayer, at f: Double) -> Transform {
        if let camera = owner.camera { return Camera.eye(owner.transform, camera, at: f) }
        return owner.transform.matrix3D(at: f)
    }
}
