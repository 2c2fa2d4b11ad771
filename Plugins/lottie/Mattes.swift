import FXPluginKit

/// Inverted alpha, luma and inverted luma track mattes, where fx.h can
/// express them. A Core Animation mask keeps what its alpha covers, so a
/// matte's own picture is only an alpha matte; fx.h has no compositing
/// filter (lottie-ios inverts a matte with `compositingFilter = "xor"` over an
/// opaque layer) and no luminance mask. What the plugin builds instead is the
/// matte's coverage from its geometry, which is exact when the matte layer is
/// a shape or solid layer painted only by solid fills:
///
/// - inverted alpha: `1 − α` of a union of fills is the product of each
///   fill's `1 − o·m` (`o` its colour's alpha, `m` its outline's coverage),
///   and each is an outline's outside (even-odd around a frame far beyond the
///   composition) joined with `1 − o` everywhere — nested masks, as
///   subtracted masks are. A fill with the non-zero rule is taken contour by
///   contour (the outside of a union is the product of the outsides), one
///   with the even-odd rule as a whole.
/// - luma: the luminance of one fill's colour (Rec. 601 weights, as rlottie
///   uses) times its alpha, as that fill's alpha: transparent counts as
///   black (After Effects; the CSS Masking specification's luminance mask).
///   With two fills or more the top one hides those beneath, which no union
///   of alphas gives, so only a single fill is played.
/// - inverted luma: `1 − L·o·m`, as inverted alpha with `L·o` for `o`.
///
/// The inverted kinds also need the matte layer fully opaque (its opacity
/// would scale the `1 − …` too), and at most `maxMattePieces` outlines.
/// Anything else keeps the warning.
extension Builder {
    static let maxMattePieces = 64

    func derivedMatte(_ matte: LottieLayer, _ index: Int, _ layers: [LottieLayer], type: Int, frames: [Double],
                      size: (Double, Double), path: String) throws -> Layer? {
        guard (2...4).contains(type), matte.masks.isEmpty else { return nil }
        var perFrame: [[Paint]]
        switch matte.kind {
        case .shape(let items): perFrame = frames.map { PaintLayout.paints(items, at: $0) }
        case .solid(let color, let w, let h):
            let outline = Contour(vertices: [Vec(0, 0), Vec(w, 0), Vec(w, h), Vec(0, h)], inTangents: Array(repeating: Vec(0, 0), count: 4),
                                  outTangents: Array(repeating: Vec(0, 0), count: 4), closed: true)
            perFrame = frames.map { _ in [Paint(style: .fill, contours: [outline], color: color)] }
        default: return nil
        }
        guard let first = perFrame.first else { return nil }
        for paints in perFrame {
            guard paints.count == first.count else { return nil }
            for (k, p) in paints.enumerated() {
                guard case .fill = p.style, p.contours.count == first[k].contours.count else { return nil }
            }
        }
        if case .shape(let items) = matte.kind { try spend(ShapeItem.cost(items), frames: frames.count, at: "\(path)[\(index)]") }
        let inverted = type != 3, luma = type != 2
        if luma, first.count > 1 { return nil }
        if inverted, frames.contains(where: { matte.transform.opacity.at($0) < 99.999 }) { return nil }

        // The matte layer's transform, opacity and in and out points, without its content.
        var bare = matte
        bare.kind = .shape([])
        guard let container = try layerContainer(bare, index, layers, frames: frames, size: size, path: path) else { return nil }
        func luminance(_ c: [Double]) -> Double { 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] }
        /// Each paint's share of the matte, per frame: its alpha, or for luma its luminance times its alpha.
        func weights(_ k: Int) -> [Double] {
            perFrame.map { p in min(1, max(0, p[k].color[3] * (luma ? luminance(p[k].color) : 1))) }
        }
        if !inverted {
            if first.count == 1 { try container.addSublayer(try outline(perFrame.map { $0[0].contours }, evenOdd: first[0].evenOdd, alphas: weights(0))) }
            return container
        }
        // The outlines whose outsides multiply: a non-zero fill contour by contour, an even-odd one whole.
        var pieces: [(contours: [[Contour]], weights: [Double])] = []
        for (k, p) in first.enumerated() {
            if p.evenOdd {
                pieces.append((perFrame.map { $0[k].contours }, weights(k)))
            } else {
                for j in 0..<p.contours.count { pieces.append((perFrame.map { [$0[k].contours[j]] }, weights(k))) }
            }
        }
        // Each piece is two layers deep in the nest: a matte of many contours is left to the warning.
        guard pieces.count <= Self.maxMattePieces else { return nil }
        var holder = try plain("inverted matte", size)
        if pieces.isEmpty {
            try holder.addSublayer(try outline(perFrame.map { _ in [] }, evenOdd: false, alphas: frames.map { _ in 1 }, outside: true))
        }
        for (k, piece) in pieces.enumerated() {
            let factor = k == 0 ? holder : try plain("inverted matte", size)
            if piece.weights.contains(where: { $0 < 1 }) {
                try factor.addSublayer(try outline(perFrame.map { _ in [] }, evenOdd: false, alphas: piece.weights.map { 1 - $0 }, outside: true))
            }
            try factor.addSublayer(try outline(piece.contours, evenOdd: true, alphas: frames.map { _ in 1 }, outside: true))
            if k > 0 {
                try holder.setMask(factor)
                let outer = try plain("inverted matte", size)
                try outer.addSublayer(holder)
                holder = outer
            }
        }
        try container.addSublayer(holder)
        return container
    }

    /// A black shape of the outlines at each frame with the given alphas; `outside` adds a frame far beyond the composition.
    private func outline(_ contours: [[Contour]], evenOdd: Bool, alphas: [Double], outside: Bool = false) throws -> Layer {
        let s = try Layer(.shape, name: "matte")
        let big = 1e6
        let frame = Contour(vertices: [Vec(-big, -big), Vec(big, -big), Vec(big, big), Vec(-big, big)],
                            inTangents: Array(repeating: Vec(0, 0), count: 4), outTangents: Array(repeating: Vec(0, 0), count: 4), closed: true)
        try ShapeContent(timeline).playPaths(s, outside ? contours.map { [frame] + $0 } : contours)
        try s.set("fillRule", evenOdd || outside ? "evenOdd" : "nonZero")
        try timeline.play(s, "fillColor", alphas.map { Color(red: 0, green: 0, blue: 0, alpha: $0) })
        return s
    }
}
