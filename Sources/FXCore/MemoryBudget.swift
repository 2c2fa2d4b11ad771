// SPDX-License-Identifier: MIT

/// The memory budget: what the next frame will add to the process's memory, estimated before
/// it is sampled, copied or drawn, against a limit in bytes (docs/isolation.md, "Memory budget").
/// The scene budget bounds how many things a frame holds; this bounds what they weigh together,
/// so that a scene within every count that would not fit in memory is refused with one line
/// instead of ending in an allocation failure halfway through a frame.
///
/// The estimate is what the process uses now (its resident memory, or its address space when
/// the limit is an address-space limit) plus, for the frame: its presented layers (replicated
/// copies included) and live particles not made yet, each at its measured size (`MemoryCost`),
/// and the surfaces the renderer holds at once at the output size. What an earlier frame left
/// (the first snapshot, kept for the loop seam; the renderer's tree of the frame before) is in
/// the process's use already, so the estimate errs high after the first frame, never low.
public struct MemoryBudget: Sendable {
    /// What the limit bounds.
    public enum Measure: Sendable, Equatable {
        /// Resident memory (a cgroup's limit, `--memory-limit`, the default).
        case resident
        /// Address space (`RLIMIT_AS`, `ulimit -v`): reserved and untouched pages count too.
        case addressSpace
    }

    /// The most bytes the process may use.
    public let limit: Int
    public let measure: Measure
    /// Where the limit comes from, for the refusal ("--memory-limit", "the cgroup's memory.max", …).
    public let source: String
    /// Bytes of one surface as large as an output frame (device pixels × 4); 0 when nothing is drawn.
    public var surfaceBytes: Int
    /// Bytes the process uses now, as `measure` counts them; 0 where it cannot be told. The host
    /// reads it from the system (the model reads no files).
    let usage: @Sendable (Measure) -> Double

    public init(limit: Int, measure: Measure, source: String, surfaceBytes: Int = 0,
                usage: @escaping @Sendable (Measure) -> Double) {
        self.limit = limit; self.measure = measure; self.source = source; self.surfaceBytes = surfaceBytes
        self.usage = usage
    }

    /// One part of a frame's cost: what it is, how many, and bytes each.
    struct Part {
        let what: String
        let count: Double
        let each: Double
        var bytes: Double { count * each }
    }

    /// The refusal of a frame at `t` whose `parts` would take the process past the limit; nil when it fits.
    /// `naming` words the largest part for the message.
    func refusal(at t: Double, _ parts: [Part], naming: (Part) -> String = { $0.what }) -> FXError? {
        let reserve = measure == .addressSpace ? MemoryCost.addressSpaceReserve : 0
        let used = usage(measure)
        let frame = parts.reduce(0) { $0 + $1.bytes } + reserve
        guard used + frame > Double(limit) else { return nil }
        let largest = parts.max { $0.bytes < $1.bytes }!
        let what = measure == .addressSpace ? "address space" : "memory"
        return FXError("memory budget: the frame at \(MemoryBudget.seconds(t)) s would take fxhost's \(what) to \(MemoryBudget.bytes(used + frame)), over its limit of \(MemoryBudget.bytes(Double(limit))) (\(source)); the most of it is \(naming(largest)): \(SceneBudget.count(largest.count)) × \(MemoryBudget.bytes(largest.each)) = \(MemoryBudget.bytes(largest.bytes)): make the scene smaller, or give --memory-limit BYTES (e.g. 4GiB) if the machine has the memory", kind: .limit)
    }

    /// The frame's parts before its layers are sampled: one presented layer for each of the stage's.
    func beforeSampling(_ stage: Stage) -> [Part] {
        [Part(what: "the presented layers", count: Double(stage.root.subtreeCount), each: layerBytes),
         surfaces(nested: 0)]
    }

    /// The frame's parts once its own layers are sampled (`layers`, already in memory): the copies
    /// replicators will make, the particles of those copies, and the surfaces drawn.
    func beforeCopies(_ layers: [PresentedLayer], _ replicators: [Int: Layer]) -> (parts: [Part], culprit: Int) {
        let (multiplier, owner) = SceneBudget.copies(layers, replicators)
        var copies = 0.0, particles = 0.0
        var byReplicator: [Int: Double] = [:]
        for (i, l) in layers.enumerated() {
            let extra = multiplier[i] - 1
            copies += extra
            if extra > 0 { byReplicator[owner[i], default: 0] += extra }
            if let field = l.particles { particles += field.bound * extra }
        }
        let culprit = byReplicator.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? -1
        return ([Part(what: "the replicated copies", count: copies, each: layerBytes),
                 Part(what: "the particles of replicated emitters", count: particles, each: MemoryCost.particle),
                 Part(what: "the drawing of the frame's own layers", count: surfaceBytes > 0 ? Double(layers.count) : 0,
                      each: MemoryCost.drawnLayer),
                 surfaces(nested: MemoryBudget.nestedSurfaces(layers))], culprit)
    }

    /// Bytes of one presented layer, and of what the renderer keeps for it when frames are drawn.
    private var layerBytes: Double { MemoryCost.presentedLayer + (surfaceBytes > 0 ? MemoryCost.drawnLayer : 0) }

    private func surfaces(nested: Int) -> Part {
        Part(what: "the surfaces drawn at the output size", count: surfaceBytes > 0 ? Double(MemoryCost.framesHeld + nested) : 0,
             each: Double(surfaceBytes))
    }

    /// The most offscreen surfaces the renderer can hold at once for `layers`: along any branch of
    /// the tree, one for each layer with a shadow or an opacity below 1, and two for each mask (the
    /// masked group's and the mask's own). Layers the renderer draws without a group count too.
    static func nestedSurfaces(_ layers: [PresentedLayer]) -> Int {
        var depth = [Int](repeating: 0, count: layers.count)
        var most = 0
        for (i, l) in layers.enumerated() {
            var own = l.isMask ? 2 : 0
            if l.number(.opacity) < 1 { own += 1 }
            if l.number(.shadowOpacity) > 0 { own += 1 }
            depth[i] = (l.parent >= 0 ? depth[l.parent] : 0) + own
            most = max(most, depth[i])
        }
        return most
    }

    /// Bytes in binary units with one decimal ("1.5 GiB", "640.0 MiB"), or whole bytes below 1 KiB.
    public static func bytes(_ n: Double) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard n >= 1024 else { return "\(Int(n)) bytes" }
        var v = n / 1024, k = 0
        while v >= 1024 && k < units.count - 1 { v /= 1024; k += 1 }
        return "\((v * 10).rounded() / 10) \(units[k])"
    }

    static func seconds(_ t: Double) -> String {
        t == t.rounded() && abs(t) < 1e15 ? String(Int(t)) : String(t)
    }
}

extension Sampler {
    /// The memory budget's refusal of the frame at `t` before anything of it is sampled.
    static func memoryRefusal(_ stage: Stage, at t: Double) -> FXError? {
        guard let budget = stage.memoryBudget else { return nil }
        return budget.refusal(at: t, budget.beforeSampling(stage))
    }

    /// The memory budget's refusal of the frame at `t` once its own `layers` are sampled, before copies are made.
    static func memoryRefusal(_ layers: [PresentedLayer], _ stage: Stage, at t: Double) -> FXError? {
        guard let budget = stage.memoryBudget else { return nil }
        let (parts, culprit) = budget.beforeCopies(layers, stage.replicators)
        return budget.refusal(at: t, parts) { part in
            part.what == "the replicated copies" && culprit >= 0
                ? "the copies of replicator '\(SceneBudget.path(culprit, layers))'" : part.what
        }
    }
}
