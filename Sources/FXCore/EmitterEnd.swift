// SPDX-License-Identifier: MIT
/// How long an emitter keeps a run going: Core Animation keeps emitting for as
/// long as a cell can, so an effect whose only motion is particles has no end
/// of its own (docs/emitters.md, "How long it runs").
extension Layer {
    /// Whether this emitter, as modelled now, still gives birth: a top-level
    /// cell enabled with a birth rate and a lifetime above 0, times the layer's.
    var canEmit: Bool {
        guard kind == .emitter, number(.emitterBirthRate) > 0, number(.emitterLifetime) > 0 else { return false }
        return emitterCells.contains { $0.enabled && $0[.birthRate] > 0 && $0[.lifetime] + abs($0[.lifetimeRange]) > 0 }
    }

    /// The emitter-local time by which every particle born before the last
    /// remembered change has ended (0 when nothing changed).
    var emitterQuietTime: Double {
        guard kind == .emitter, let last = emitterEras.last else { return 0 }
        let lifetime = max(0, number(.emitterLifetime))
        let reach = emitterEras.map { Layer.reach($0.cells, max(0, Layer.number($0.values[.emitterLifetime]))) }.max() ?? 0
        return last.until + max(reach, Layer.reach(emitterCells, lifetime))
    }

    /// How long after its birth a particle of `cells`, or of a cell nested in them, can be alive.
    static func reach(_ cells: [EmitterCell], _ lifetime: Double) -> Double {
        cells.map { max(0, ($0[.lifetime] + abs($0[.lifetimeRange])) * lifetime) + reach($0.emitterCells, lifetime) }.max() ?? 0
    }

    private func number(_ p: Property) -> Double { Layer.number(values[p]) }

    private static func number(_ v: Value) -> Double {
        if case .number(let n) = v, n.isFinite { return n }
        return 0
    }
}

extension Stage {
    /// Whether some emitter in the tree still gives birth (and so goes on forever).
    public var emitsForever: Bool {
        var emits = false
        root.visitTree(()) { layer, _ in emits = emits || layer.canEmit }
        return emits
    }
}
