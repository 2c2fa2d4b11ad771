// SPDX-License-Identifier: MIT
import Glibc  // libm only

/// What one snapshot may cost, checked before any copy is made: nested
/// replicators multiply (three nested at 10,000 copies each ask for 10¹²
/// layers), so the copies a frame would hold are counted by multiplying
/// each layer by the `instanceCount` of every replicator around it. A frame
/// over the budget is refused with one line naming the budget and the
/// replicator, instead of being built (docs/isolation.md, "Scene budget").
/// Particles are counted the same way: each emitter's `ParticleField.bound`, times the
/// copies made of it, against the particle budget.
public enum SceneBudget {
    /// The replicator whose copies take the frame past `limit` presented layers, or the emitter
    /// whose particles (copies included) take it past `particles` live particles, with how many the
    /// frame would hold; nil when it fits. Linear in the layers before copying; no copy is made.
    static func overrun(_ layers: [PresentedLayer], _ replicators: [Int: Layer], limit: Int,
                        particles: Int = Particles.budget) -> FXError? {
        let (multiplier, owner) = copies(layers, replicators)
        var total = 0.0
        var culprit = -1
        for i in layers.indices {
            total += multiplier[i]
            if culprit < 0, total > Double(limit) { culprit = owner[i] }
        }
        guard total > Double(limit) else { return particleOverrun(layers, multiplier, limit: particles) }
        let name = culprit >= 0 ? path(culprit, layers) : "stage"
        return FXError("scene budget: the copies of replicator '\(name)' would make \(count(total)) layers in one frame (nested replicators multiply their instanceCount); the budget is \(count(Double(limit))) layers a frame, copies included: lower instanceCount or nest fewer replicators", kind: .limit)
    }

    /// How many times each of `layers` is presented once replicators have made their copies (1: only
    /// itself), and the innermost replicator around it, by index (-1: none). Linear; nothing is copied.
    static func copies(_ layers: [PresentedLayer], _ replicators: [Int: Layer]) -> (multiplier: [Double], owner: [Int]) {
        var multiplier = [Double](repeating: 1, count: layers.count)
        var owner = [Int](repeating: -1, count: layers.count)
        for (i, l) in layers.enumerated() where l.parent >= 0 {
            let p = layers[l.parent]
            // A replicator copies its sublayers, not its mask.
            let copies = p.kind == .replicator && replicators[p.id] != nil && !l.isMask
            multiplier[i] = multiplier[l.parent] * (copies ? Double(max(1, Replication.Instances(p).count)) : 1)
            owner[i] = copies ? l.parent : owner[l.parent]
        }
        return (multiplier, owner)
    }

    /// The emitter whose particles, each emitter's `bound` times its `copies`, take the frame past `limit`.
    static func particleOverrun(_ layers: [PresentedLayer], _ copies: [Double], limit: Int) -> FXError? {
        var total = 0.0
        var culprit = -1
        for (i, l) in layers.enumerated() {
            guard let field = l.particles else { continue }
            total += field.bound * copies[i]
            if culprit < 0, total > Double(limit) || field.overBudget { culprit = i }
        }
        guard culprit >= 0 else { return nil }
        return FXError("scene budget: the particles of emitter '\(path(culprit, layers))' would make \(count(total)) live particles in one frame (each cell's birthRate × lifetime; nested cells and replicated copies multiply); the budget is \(count(Double(limit))) particles a frame: lower birthRate or lifetime, or make fewer copies", kind: .limit)
    }

    /// A layer's path of names from the root ("stage/loader/dots"); an unnamed layer by its kind.
    public static func path(_ i: Int, _ layers: [PresentedLayer]) -> String {
        var names: [String] = []
        var j = i
        while j >= 0 {
            names.append(layers[j].parent < 0 ? "stage" : (layers[j].name.isEmpty ? layers[j].kind.rawValue : layers[j].name))
            j = layers[j].parent
        }
        return names.reversed().joined(separator: "/")
    }

    /// A count with thousands separators, or in powers of ten past what an Int holds.
    public static func count(_ n: Double) -> String {
        guard n < 1e15 else {
            let e = Int(log10(n).rounded(.down))
            return "about 10^\(e)"
        }
        let digits = String(Int(n))
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0, (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}
