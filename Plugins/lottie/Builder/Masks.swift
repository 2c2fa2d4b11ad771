// SPDX-License-Identifier: MIT
import FXPluginKit

/// Lottie masks as Core Animation masks, applied in order as After Effects
/// and rlottie apply them: each mask covers `o·m` (its opacity times its
/// shape's coverage, or the outside of the shape when inverted); an added
/// mask joins what the masks before it keep, a subtracted one multiplies it
/// by `1 − o·m`, an intersecting one by `o·m` (a first subtracted or
/// intersecting mask starts from everything). A union is sublayers of one
/// mask layer; a product is that layer masked by the next, then wrapped
/// (lottie-ios's `MaskCompositionLayer` nests its masks the same way).
///
/// Lighten, darken and difference combine by After Effects' rule (the
/// higher, the lower, and the difference of the two coverages), drawn with
/// what a mask layer composites — union, product and `maskMode`
/// alphaInverted — as lighten = union, darken = product, difference =
/// union × (1 − product): exact wherever each coverage is 0 or 1 (inside or
/// outside a mask of full opacity), the union and product instead of the
/// higher and lower value where both are partial (anti-aliased edges,
/// opacities below 100). A run of difference masks each of full or no
/// opacity is one even-odd fill (`MaskStep`). A first darken mask starts from everything, a
/// first lighten or difference one from nothing, so each first mask keeps
/// its shape.
///
/// Expansion (`x`) grows the shape by `x` points (`x` > 0) or shrinks it
/// (`x` < 0), as lottie-web draws it: the outline filled and stroked
/// `2x` wide with mitred joins (SVG's default, miter limit 4), or the
/// fill less a stroke `2|x|` wide.
struct MaskBuilder {
    let timeline: Timeline
    init(_ timeline: Timeline) { self.timeline = timeline }

    /// Difference masks build what the masks before them keep twice (a run drawn as one even-odd
    /// fill counts once); past this many the rest are drawn as lighten (a union), warned about, so the layers built stay bounded (2⁸ copies).
    static let maxDifferences = 8

    /// What a layer's masks cost a frame, in the builder's units: each mask's vertices once per copy
    /// of its path that is built (three for an expanded mask's fill, stroke and edge; each difference
    /// mask after it doubles the masks before it: an upper bound where a run is one even-odd fill).
    /// Masks of mode "n" count once, though unused, as they always have.
    static func cost(_ masks: [LottieMask]) -> Int {
        var total = 0, differences = 0
        for m in masks.reversed() {
            let vertices = m.shape.keyframes[0].value.vertices.count
            let copies = m.mode != "n" && m.expansion.keyframes.contains { $0.value != 0 } ? 3 : 1
            total = min(Int.max / 16, total + vertices * copies << min(differences, MaskBuilder.maxDifferences))
            if m.mode == "f" { differences += 1 }
        }
        return total
    }

    func apply(_ masks: [LottieMask], to x: Layer, frames: [Double], size: (Double, Double), path: String) throws {
        var used = masks.filter { $0.mode != "n" }
        guard !used.isEmpty else { return }
        let known = ["a", "s", "i", "l", "d", "f"]
        let unknown = used.filter { !known.contains($0.mode) }
        if !unknown.isEmpty {
            Warnings.note("mask mode\(unknown.count > 1 ? "s" : "") \(unknown.map(\.mode).joined(separator: ", ")) (only a, s, i, l, d and f exist; drawn as add)",
                          at: path + ".masksProperties")
        }
        let expands = used.contains { m in frames.contains { m.expansion.at($0) != 0 } }
        let needsInversion = expands || used.dropFirst().contains { $0.mode == "f" }
        if needsInversion && !Builder.hostHasMaskMode {
            Warnings.note("mask expansion and difference masks (this fxhost has no maskMode, fx.h 1.3)", at: path + ".masksProperties")
            used = used.map { var m = $0; m.expansion = Animated(constant: 0); if m.mode == "f" { m.mode = "a" }; return m }
        }
        var steps = MaskStep.steps(used, frames: frames)
        var differences = 0
        for k in steps.indices where steps[k].mode == "f" && k > 0 {
            differences += 1
            if differences > MaskBuilder.maxDifferences {
                steps[k].mode = "l"
                Warnings.note("more than \(MaskBuilder.maxDifferences) difference masks on a layer (the rest drawn as lighten)", at: path + ".masksProperties")
            }
        }
        try x.setMask(try coverage(steps, frames: frames, size: size))
    }

    /// A layer whose alpha is what `steps`, combined in order, keep.
    func coverage(_ steps: [MaskStep], frames: [Double], size: (Double, Double)) throws -> Layer {
        var holder = try Layer.plain("masks", size)
        for (k, m) in steps.enumerated() {
            switch k == 0 ? "a" : m.mode {
            case "s", "i", "d":
                let factor = try Layer.plain("mask", size)
                try add(m, into: factor, frames: frames, size: size)
                try holder.setMask(factor)
            case "f":
                // (A ∪ B) × (1 − A·B): the union, masked by the inverse of A masked by B.
                let both = try coverage(Array(steps[..<k]), frames: frames, size: size)
                let b = try Layer.plain("mask", size)
                try add(m, into: b, frames: frames, size: size)
                try both.setMask(b)
                let overlap = try Layer.plain("mask overlap", size)
                try overlap.addSublayer(both)
                try add(m, into: holder, frames: frames, size: size)
                try holder.setMask(overlap)
                try holder.set(.maskMode, .alphaInverted)
            default:
                try add(m, into: holder, frames: frames, size: size)
                continue
            }
            let outer = try Layer.plain("masks", size)
            try outer.addSublayer(holder)
            holder = outer
        }
        return holder
    }

    /// Adds to `layer` the coverage a step contributes: its one mask's, or its run's even-odd fill.
    func add(_ step: MaskStep, into layer: Layer, frames: [Double], size: (Double, Double)) throws {
        if step.masks.count == 1 {
            try add(step.masks[0], into: layer, frames: frames, size: size)
        } else {
            try layer.addSublayer(try step.evenOddShape(timeline, frames: frames))
        }
    }

    /// Adds to `layer` the coverage a mask contributes: `o·m` for add, intersect, lighten, darken
    /// and difference, `1 − o·m` for subtract (`m` the shape, or its outside when inverted).
    func add(_ m: LottieMask, into layer: Layer, frames: [Double], size: (Double, Double)) throws {
        let opacity = frames.map { f in min(1, max(0, m.opacity.at(f) / 100)) }
        let subtract = m.mode == "s"
        // 1 − o·m is (1 − o) everywhere joined with 1 where the shape is not.
        if subtract, opacity.contains(where: { $0 < 1 }) {
            try layer.addSublayer(try shape(m, outside: true, everywhere: true, alphas: opacity.map { 1 - $0 }, frames: frames))
        }
        let outside = subtract != m.inverted
        let alphas = subtract ? opacity.map { _ in 1 } : opacity
        if frames.contains(where: { m.expansion.at($0) != 0 }) {
            try layer.addSublayer(try expanded(m, outside: outside, alphas: alphas, frames: frames, size: size))
        } else {
            try layer.addSublayer(try shape(m, outside: outside, everywhere: false, alphas: alphas, frames: frames))
        }
    }

    /// Everything a layer can reach, for "outside": far beyond any composition.
    static let everything: Contour = {
        let big = 1e6
        return Contour(vertices: [Vec(-big, -big), Vec(big, -big), Vec(big, big), Vec(-big, big)],
                       inTangents: Array(repeating: Vec(0, 0), count: 4), outTangents: Array(repeating: Vec(0, 0), count: 4), closed: true)
    }()

    func shape(_ m: LottieMask, outside: Bool, everywhere: Bool, alphas: [Double], frames: [Double]) throws -> Layer {
        let s = try Layer(.shape, name: "mask")
        let frame = MaskBuilder.everything
        let contours = frames.map { f in everywhere ? [frame] : outside ? [frame, m.shape.at(f)] : [m.shape.at(f)] }
        try ShapeContent(timeline).playPaths(s, contours)
        try s.set("fillRule", outside ? "evenOdd" : "nonZero")
        try timeline.play(s, "fillColor", alphas.map { Color(red: 0, green: 0, blue: 0, alpha: $0) })
        return s
    }

    /// The expanded shape (or its outside) at opacity `alphas`: an opaque fill and stroke `2x` wide
    /// where `x` > 0, less a stroke `2|x|` wide where `x` < 0, in a layer whose opacity is the alpha
    /// (so that fill and stroke overlap once).
    func expanded(_ m: LottieMask, outside: Bool, alphas: [Double], frames: [Double], size: (Double, Double)) throws -> Layer {
        let x = frames.map { m.expansion.at($0) }
        let contours = frames.map { [m.shape.at($0)] }
        func outline(_ name: String, fill: Bool, width: [Double]) throws -> Layer {
            let s = try Layer(.shape, name: name)
            try ShapeContent(timeline).playPaths(s, contours)
            try s.set("fillColor", fill ? Color.black : Color.clear)
            try s.set("strokeColor", Color.black)
            try timeline.play(s, "lineWidth", width)
            try s.set("lineJoin", "miter")
            try s.set("miterLimit", 4.0)
            return s
        }
        var grown = try outline("mask", fill: true, width: x.map { 2 * max(0, $0) })
        if x.contains(where: { $0 < 0 }) {
            let shrunk = try Layer.plain("mask shrunk", size)
            try shrunk.addSublayer(grown)
            try shrunk.setMask(try outline("mask edge", fill: false, width: x.map { 2 * max(0, -$0) }))
            try shrunk.set(.maskMode, .alphaInverted)
            grown = shrunk
        }
        guard outside else {
            try timeline.play(grown, "opacity", alphas)
            return grown
        }
        let rest = try Layer.plain("mask outside", size)
        let all = try Layer(.shape, name: "everything")
        try all.set("path", try PathMaker.path([MaskBuilder.everything]))
        try all.set("fillColor", Color.black)
        try rest.addSublayer(all)
        try rest.setMask(grown)
        try rest.set(.maskMode, .alphaInverted)
        try timeline.play(rest, "opacity", alphas)
        return rest
    }
}
