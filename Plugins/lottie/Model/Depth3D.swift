// SPDX-License-Identifier: MIT
/// What a 3D layer's transform (`ddd` 1) has beyond a 2D one, in After Effects' axes
/// (x right, y down, z away from the viewer; degrees).
struct Depth3D {
    /// X and Y Rotation (`rx`, `ry`); Z Rotation is the transform's `rotation`.
    var rotationX: Animated<Double>
    var rotationY: Animated<Double>
    /// Orientation (`or`): three angles about x, y and z, applied after the rotations.
    var orientation: Animated<[Double]>
    /// The position's z when its dimensions are keyframed apart (`p.s` with `p.z`); otherwise `p[2]`.
    var positionZ: Animated<Double>?
}

/// A camera layer (`ty` 13). Its transform's position is the eye; its anchor (`a`), when the
/// file gives one, is the point of interest it turns to face (a two-node camera).
struct LottieCamera {
    /// Zoom (`pe`): the distance in pixels from the eye to the plane drawn at 100 %; nil, the default camera's.
    var zoom: Animated<Double>?
    var hasPointOfInterest: Bool
}
