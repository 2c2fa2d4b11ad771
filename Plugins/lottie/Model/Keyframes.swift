// SPDX-License-Identifier: MIT
/// After Effects' easing between two keyframes: a cubic Bézier from (0, 0)
/// to (1, 1) through the previous keyframe's out handle `o` and the next
/// one's in handle `i`, each dimension with its own handles when the file
/// gives arrays (per-dimension easing).
struct Easing {
    var outX: [Double], outY: [Double], inX: [Double], inY: [Double]

    static let linear = Easing(outX: [0], outY: [0], inX: [1], inY: [1])
}

/// One keyframe: its frame, value, whether it holds until the next, the
/// easing towards the next, and for positions the spatial tangents.
struct Keyframe<V> {
    var time: Double
    var value: V
    /// The value the segment ends at (old Bodymovin files give it as "e").
    var end: V?
    var hold: Bool
    var easing: Easing
    var spatialOut: Vec?
    var spatialIn: Vec?
}

/// A property that is either one value or keyframes over the file's frames.
struct Animated<V> {
    var keyframes: [Keyframe<V>]
    /// A position keyframed one dimension at a time (`s: true`): each dimension's own keyframes,
    /// which its value follows between the frames that `keyframes` samples.
    var separate: [Animated<Double>]? = nil

    init(constant: V) { keyframes = [Keyframe(time: 0, value: constant, end: nil, hold: true, easing: .linear)] }
    init(keyframes: [Keyframe<V>]) { self.keyframes = keyframes }

    var isAnimated: Bool { keyframes.count > 1 }
}
