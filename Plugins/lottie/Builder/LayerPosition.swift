// SPDX-License-Identifier: MIT
import FXPluginKit

/// A layer whose position the host can play better on its own than inside the layer's one
/// `transform`: along a path when it has spatial tangents (`PositionPath`), or as `position.x`
/// and `position.y` when its dimensions ease differently (per-dimension easing, `o`/`i`
/// arrays) or are keyframed apart (`s: true`). Its `transform` keeps the rest of its matrix. The container's anchor is its top
/// left corner, so the host's matrix is T(position) · transform (`Layer.plain`): the layer's
/// matrix minus its parents' linear map of its position.
extension Builder {
    /// Plays the layer's matrix as its position and the rest, and returns true; false, playing
    /// nothing, when the layer is not one for it: its position has neither spatial tangents nor
    /// per-dimension easing, its parents turn, scale or skew it differently at different frames
    /// (the motion would change shape), or the host could follow none of it better than the bake.
    func playPosition(_ x: Layer, _ l: LottieLayer, _ layers: [LottieLayer], frames: [Double],
                      matrices: [Affine], path: String) throws -> Bool {
        let position = l.transform.position, k = position.keyframes
        let moving = k.indices.dropLast().filter { !k[$0].hold && k[$0].value.count >= 2 }
        let curved = moving.contains {
            (k[$0].spatialOut ?? Vec(0, 0)) != Vec(0, 0) || (k[$0].spatialIn ?? Vec(0, 0)) != Vec(0, 0)
        }
        let apart = !curved && (position.separate.map { $0.contains(where: \.isAnimated) } ?? moving.contains { EasingCurve.uniform(k[$0].easing) == nil })
        guard curved || apart, !frames.isEmpty else { return false }
        let chain = try parents(of: l, in: layers, path)
        func parentMatrix(_ f: Double) -> Affine { chain.reduce(Affine.identity) { $0.then($1.transform.matrix(at: f)) } }
        let map = parentMatrix(frames[0])
        for f in frames.dropFirst() {
            let m = parentMatrix(f)
            guard m.a == map.a, m.b == map.b, m.c == map.c, m.d == map.d else { return false }
        }
        func mapped(_ f: Double) -> Vec {
            let p = position.at(f)
            return map.applyVector(Vec(p))
        }
        let positions = frames.map(mapped)

        if curved {
            guard let motion = PositionPath.make(frames: frames, played: positions, at: mapped, position: position, map: map)
            else { return false }
            try playRest(x, l, layers, chain, frames: frames, matrices: matrices, positions: positions, mapped: mapped, path: path)
            try timeline.play(x, "position", along: motion)
            return true
        }
        // One plan a dimension, each eased by its own curve; worth it only where one keeps a curve.
        var plans: [KeyframePlan] = []
        for d in 0..<2 {
            func coordinate(_ v: Vec) -> Double { d == 0 ? v.x : v.y }
            guard let plan = KeyframePlan.make(frames: frames, drivers: [position.driverSegments(dimension: d)],
                                               played: positions.map { [coordinate($0)] }, at: { [coordinate(mapped($0))] })
            else { return false }
            plans.append(plan)
        }
        guard plans.contains(where: { $0.curves.contains { $0 != .linear } }) else { return false }
        try playRest(x, l, layers, chain, frames: frames, matrices: matrices, positions: positions, mapped: mapped, path: path)
        for (d, plan) in plans.enumerated() {
            try timeline.play(x, d == 0 ? "position.x" : "position.y", plan) { key in
                let v = key.played.map { positions[$0] } ?? mapped(key.frame)
                return d == 0 ? v.x : v.y
            }
        }
        return true
    }

    /// The layer's `transform` without its position: its matrix (parents applied) minus the
    /// parents' linear map of its position, planned as the whole matrix is.
    private func playRest(_ x: Layer, _ l: LottieLayer, _ layers: [LottieLayer], _ chain: [LottieLayer], frames: [Double],
                          matrices: [Affine], positions: [Vec], mapped: (Double) -> Vec, path: String) throws {
        func rest(_ m: Affine, _ p: Vec) -> [Double] { [m.a, m.b, m.c, m.d, m.tx - p.x, m.ty - p.y] }
        let rests = zip(matrices, positions).map(rest)
        func restAt(_ f: Double) -> [Double] { rest((try? self.worldMatrix(l, layers, f, path)) ?? .identity, mapped(f)) }
        try playRest(x, drivers: ([l] + chain).flatMap { $0.transform.drivers }, frames: frames, rests: rests, at: restAt)
    }

    /// Plays `rests` (`[a, b, c, d, tx, ty]` at the played frames; `at(f)` at any frame) as the
    /// layer's `transform`, planned as the whole matrix is.
    func playRest(_ x: Layer, drivers: [[DriverSegment]], frames: [Double], rests: [[Double]], at restAt: (Double) -> [Double]) throws {
        func transform(_ v: [Double]) -> Transform { Transform([v[0], v[1], 0, 0, v[2], v[3], 0, 0, 0, 0, 1, 0, v[4], v[5], 0, 1]) }
        if let plan = KeyframePlan.make(frames: frames, drivers: drivers, played: rests, at: restAt,
                                        interpolable: Builder.blendsStraight) {
            try timeline.play(x, "transform", plan) { key in transform(key.played.map { rests[$0] } ?? restAt(key.frame)) }
        } else {
            try timeline.play(x, "transform", rests.map(transform))
        }
    }
}

extension Timeline {
    /// Sets the path's start as the model value and animates `keyPath` along the path: over the
    /// run, or over `window` (key times of the run) inside a group of the run's length, its fills
    /// holding the ends; `turning`, with `rotationMode` "auto".
    func play(_ layer: Layer, _ keyPath: String, along motion: PositionPath, turning: Bool = false,
              window: ClosedRange<Double> = 0...1) throws {
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
        if turning { try a.set("rotationMode", "auto") }
        guard window != 0...1 else {
            try a.duration(duration).fillMode("both").removedOnCompletion(false)
            return try layer.add(a, forKey: "lottie." + keyPath)
        }
        try a.beginTime(window.lowerBound * duration).duration((window.upperBound - window.lowerBound) * duration).fillMode("both")
        let g = try Animation.group()
        try g.add(a)
        try g.duration(duration).fillMode("both").removedOnCompletion(false)
        try layer.add(g, forKey: "lottie." + keyPath)
    }
}
