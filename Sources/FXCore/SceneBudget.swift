import Glibc  // libm only

/// What one snapshot may cost, checked before any copy is made: nested
/// replicators multiply (three nested at 10,000 copies each ask for 10¹²
/// layers), so the copies a frame would hold are counted by multiplying
/// each layer by the `instanceCount` of every replicator around it. A frame
/// over the budget is refused with one line naming the budget and the
/// replicator, instead of being built (docs/isolation.md, "Scene budget").
enum SceneBudget {
    /// The replicator whose copies take the frame past `limit` presented layers, and how many the frame
    /// would hold, or nil when it fits. Linear in the layers before copying; no copy is made.
    static func overrun(_ layers: [PresentedLayer], _ replicators: [Int: Layer], limit: Int) -> FXError? {
        var multiplier = [Double](repeating: 1, count: layers.count)
        /// The innermost replicator around each layer, by index (-1: none).
        var owner = [Int](repeating: -1, count: layers.count)
        var total = 0.0
        var culprit = -1
        for (i, l) in layers.enumerated() {
            if l.parent >= 0 {
                let p = layers[l.parent]
                // A replicator copies its sublayers, not its mask.
                let copies = p.kind == .replicator && replicators[p.id] != nil && !l.isMask
                multiplier[i] = multiplier[l.parent] * (copies ? Double(max(1, Replication.Instances(p).count)) : 1)
                owner[i] = copies ? l.parent : owner[l.parent]
            }
            total += multiplier[i]
            if culprit < 0, total > Double(limit) { culprit = owner[i] }
        }
        guard total > Double(limit) else { return nil }
        let name = culprit >= 0 ? path(culprit, layers) : "stage"
        return FXError("scene budget: the copies of replicator '\(name)' would make \(count(total)) layers in one frame (nested replicators multiply their instanceCount); the budget is \(count(Double(limit))) layers a frame, copies included: lower instanceCount or nest fewer replicators", kind: .limit)
    }

    /// A layer's path of names from the root ("stage/loader/dots"); an unnamed layer by its kind.
    static func path(_ i: Int, _ layers: [PresentedLayer]) -> String {
        var names: [String] = []
        var j = i
        while j >= 0 {
            names.append(layers[j].parent < 0 ? "stage" : (layers[j].name.isEmpty ? layers[j].kind.rawValue : layers[j].name))
            j = layers[j].parent
        }
        return names.reversed().joined(separator: "/")
    }

    /// A count with thousands separators, or in powers of ten past what an Int holds.
    static func count(_ n: Double) -> String {
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
