// SPDX-License-Identifier: MIT
import FXPluginKit

/// One step of a layer's mask chain: one mask, or a run of difference masks drawn as one shape.
///
/// After Effects' difference of two coverages is, where both are 0 or 1, their exclusive or; a run of
/// masks that are each all or nothing at every played frame (not inverted, not expanded, opacity 0
/// or 100) therefore keeps the points inside an odd number of the shapes shown at that frame: the
/// even-odd fill of those outlines together. One shape replaces the copies the general form builds
/// (it needs what the masks before a difference mask keep twice, so n such masks took 2ⁿ⁻¹ copies
/// of the first). Exact away from edges; at a pixel where two outlines cross, the fill's coverage is
/// the area of the exclusive or rather than a + b − 2ab of the two coverages. An outline that
/// crosses itself is filled even-odd in such a run (non-zero alone).
///
/// A run's outline is kept to `maxRunElements`: the host draws longer paths from a raster made
/// at a nearby scale and resampled, which softens edges the masks drawn one by one keep sharp; a
/// longer run is cut into runs within it, combined by the general form.
struct MaskStep {
    var mode: String
    let masks: [LottieMask]

    /// `masks` in steps: each run of two or more masks that join an even-odd fill (the first of the
    /// chain, unless it subtracts, then difference masks) becomes one step of mode "f" (the first
    /// mask's own mode when the run starts the chain).
    static func steps(_ masks: [LottieMask], frames: [Double]) -> [MaskStep] {
        var steps: [MaskStep] = []
        var k = 0
        while k < masks.count {
            var end = k
            if allOrNothing(masks[k], frames: frames) && (masks[k].mode == "f" || (k == 0 && masks[k].mode != "s")) {
                var elements = pathElements(masks[k], frames: frames)
                end += 1
                while end < masks.count && masks[end].mode == "f" && allOrNothing(masks[end], frames: frames) {
                    elements += pathElements(masks[end], frames: frames)
                    guard elements <= maxRunElements else { break }
                    end += 1
                }
            }
            if end - k >= 2 {
                steps.append(MaskStep(mode: masks[k].mode, masks: Array(masks[k..<end])))
                k = end
            } else {
                steps.append(MaskStep(mode: masks[k].mode, masks: [masks[k]]))
                k += 1
            }
        }
        return steps
    }

    /// The longest path the host draws as vectors every frame (FXRender's
    /// `ContentCache.simplePathElements`).
    static let maxRunElements = 64

    /// The most path elements `m`'s outline has at a played frame.
    static func pathElements(_ m: LottieMask, frames: [Double]) -> Int {
        var most = 0
        for f in frames {
            var n = 0
            try? PathMaker.elements([m.shape.at(f)]) { _ in n += 1 }
            most = max(most, n)
        }
        return most
    }

    /// Whether `m` covers its shape fully or not at all at every played frame.
    static func allOrNothing(_ m: LottieMask, frames: [Double]) -> Bool {
        !m.inverted && frames.allSatisfy { f in
            let o = m.opacity.at(f)
            return m.expansion.at(f) == 0 && (o <= 0 || o >= 100)
        }
    }

    /// The run's coverage: at each frame the even-odd fill of the outlines of the masks shown.
    func evenOddShape(_ timeline: Timeline, frames: [Double]) throws -> Layer {
        let s = try Layer(.shape, name: "mask")
        let contours = frames.map { f in masks.filter { $0.opacity.at(f) >= 100 }.map { $0.shape.at(f) } }
        try ShapeContent(timeline).playPaths(s, contours)
        try s.set("fillRule", "evenOdd")
        try s.set("fillColor", Color.black)
        return s
    }
}
