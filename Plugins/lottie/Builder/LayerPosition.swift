// SPDX-License-Identifier: MIT
import FXPluginKit

/// A layer whose position has spatial tangents: its `position` goes along a path
/// (`PositionPath`) and its `transform` keeps the rest of its matrix.
extension Builder {
    /// Plays the layer's matrix as `position` along a path and the rest in `transform`, and
    /// returns true; false, playing nothing, when the layer is not one for it: its position has
    /// no spatial tangents, its parents turn, scale or skew it differently at different frames
    /// (the curve would change shape), or no curve can be kept as a curve. The container's
    /// anchor is its top left corner, so the host's matrix is T(position) · transform
    /// (`Layer.plain`): the layer's matrix minus its parents' linear map of its position.
    func playPositionPath(_ x: Layer, _ l: LottieLayer, _ layers: [LottieLayer], frames: [Double],
                          matrices: [Affine], path: String) throws -> Bool {
        let k = l.transform.position.keyframes
        guard k.count > 1, k.indices.dropLast().contains(where: {
            !k[$0].hold && ((k[$0].spatialOut ?? Vec(0, 0)) != Vec(0, 0) || (k[$0].spatialIn ?? Vec(0, 0)) != Vec(0, 0))
        }) else { return false }
        let chain = try parents(of: l, in: layers, path)
        func parentMatrix(_ f: Double) -> Affine { chain.reduce(Affine.identity) { $0.then($1.transform.matrix(at: f)) } }
        let map = parentMatrix(frames[0])
        for f in frames.dropFirst() {
            let m = parentMatrix(f)
            guard m.a == map.a, m.b == map.b, m.c == map.c, m.d == map.d else { return false }
        }
        func mapped(_ f: Double) -> Vec {
            let p = l.transform.position.at(f)
            return map.applyVector(Vec(p.first ?? 0, p.count > 1 ? p[1] : 0))
        }
        let positions = frames.map(mapped)
        guard let motion = PositionPath.make(frames: frames, played: positions, at: mapped,
                                             position: l.transform.position, map: map) else { return false }

        func rest(_ m: Affine, _ p: Vec) -> [Double] { [m.a, m.b, m.c, m.d, m.tx - p.x, m.ty - p.y] }
        let drivers = ([l] + chain).flatMap { $0.transform.drivers }
        let rests = zip(matrices, positions).map(rest)
        func restAt(_ f: Double) -> [Double] { rest((try? self.worldMatrix(l, layers, f, path)) ?? .identity, mapped(f)) }
        func transform(_ v: [Double]) -> Transform { Transform([v[0], v[1], 0, 0, v[2], v[3], 0, 0, 0, 0, 1, 0, v[4], v[5], 0, 1]) }
        if let plan = KeyframePlan.make(frames: frames, drivers: drivers, played: rests, at: restAt,
                                        interpolable: Builder.blendsStraight) {
            try timeline.play(x, "transform", plan) { key in transform(key.played.map { rests[$0] } ?? restAt(key.frame)) }
        } else {
            try timeline.play(x, "transform", rests.map(transform))
        }
        try timeline.play(x, "position", along: motion)
        return true
    }
}

extension Timeline {
    /// Sets the path's start as the model value and animates `keyPath` along the path.
    func play(_ layer: Layer, _ keyPath: String, along motion: PositionPath) throws {
        try layer.set(keyPath, motion.start.point)
        let p = try Path()
        try p.move(to: motion.start.point)
        for e in motion.elements {
            switch e {
            case .line(let v): try p.line(to: v.point)
            case .cubic(let c1, let c2, let v): try p.cubic(to: v.point, control1: c1.point, control2: c2.point)
            }
        }
        let a = try Animation.keyframe(keyPath)
        try a.path(p)
        try a.set("keyTimes", motion.keyTimes)
        if motion.curves.contains(where: { $0 != .linear }) { try a.timingFunctions(motion.curves) }
        try a.duration(duration).fillMode("both").removedOnCompletion(false)
        try layer.add(a, forKey: "lottie." + keyPath)
    }
}
