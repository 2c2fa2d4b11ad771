// SPDX-License-Identifier: MIT
import FXPluginKit

/// A Lottie layer's transform and opacity on its fx container, as planned keyframes.
extension Builder {
    /// The container's `transform` (the layer's matrix, parents applied) from `matrices` at the
    /// played frames. The host blends two transforms by decomposing them (translation, scale,
    /// skew, rotation), which is the model's straight blend only when their rotation and skew
    /// agree: where a segment turns or skews the layer, or its parents move it another way than
    /// its own easing, it is one key per played frame (docs/LOTTIE.md, "What is baked").
    func playTransform(_ x: Layer, _ l: LottieLayer, _ layers: [LottieLayer], frames: [Double],
                       matrices: [Affine], path: String) throws {
        if try playOrientedPosition(x, l, layers, frames: frames, matrices: matrices, path: path) { return }
        if try playPosition(x, l, layers, frames: frames, matrices: matrices, path: path) { return }
        var chain = [l.transform]
        var parent = l.parent
        while let p = parent, chain.count <= layers.count, let owner = layers.first(where: { $0.index == p }) {
            chain.append(owner.transform)
            parent = owner.parent
        }
        func vector(_ m: Affine) -> [Double] { [m.a, m.b, m.c, m.d, m.tx, m.ty] }
        let plan = KeyframePlan.make(frames: frames, drivers: chain.flatMap(\.drivers), played: matrices.map(vector),
                                     at: { f in vector((try? self.worldMatrix(l, layers, f, path)) ?? .identity) },
                                     interpolable: Builder.blendsStraight)
        func transform(_ m: Affine) -> Transform { Transform([m.a, m.b, 0, 0, m.c, m.d, 0, 0, 0, 0, 1, 0, m.tx, m.ty, 0, 1]) }
        guard let plan else { return try timeline.play(x, "transform", matrices.map(transform)) }
        try timeline.play(x, "transform", plan) { k in
            if let j = k.played { return transform(matrices[j]) }
            return transform((try? self.worldMatrix(l, layers, k.frame, path)) ?? .identity)
        }
    }

    /// Whether the host's blend of two 2D matrices `[a, b, c, d, tx, ty]` is their straight blend:
    /// the same linear part (only the translation moves), or both unrotated and unskewed with
    /// scales of the same signs (decomposition then blends the scales and the translation).
    static func blendsStraight(_ p: [Double], _ q: [Double]) -> Bool {
        if p[0..<4] == q[0..<4] { return true }
        return p[1] == 0 && p[2] == 0 && q[1] == 0 && q[2] == 0
            && p[0] * q[0] > 0 && p[3] * q[3] > 0 && p[0] > 0 && p[3] > 0
    }

    /// The container's `opacity`, from the layer's own opacity.
    func playOpacity(_ x: Layer, _ l: LottieLayer, frames: [Double], opacities: [Double]) throws {
        func opacity(_ f: Double) -> Double { min(1, max(0, l.transform.opacity.at(f) / 100)) }
        let plan = KeyframePlan.make(frames: frames, drivers: [l.transform.opacity.driverSegments],
                                     played: opacities.map { [$0] }, at: { [opacity($0)] })
        guard let plan else { return try timeline.play(x, "opacity", opacities) }
        try timeline.play(x, "opacity", plan) { k in k.played.map { opacities[$0] } ?? opacity(k.frame) }
    }
}
