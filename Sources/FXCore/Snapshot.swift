// SPDX-License-Identifier: MIT
/// The presentation tree at one instant: immutable, and all a sink or the
/// renderer may read. Layers are listed depth first: a layer, then its mask
/// subtree, then its sublayers in order.
public struct Snapshot: Sendable {
    public let time: Double
    public let layers: [PresentedLayer]

    /// Set when the frame is over the scene budget (`SceneBudget`) or the memory budget (`MemoryBudget`): then `layers`
    /// are the tree without replicated copies (none, when the memory budget refused the frame before
    /// sampling it), and `Stage.sample(at:)` throws this.
    public let overBudget: FXError?

    public init(time: Double, layers: [PresentedLayer], overBudget: FXError? = nil) {
        self.time = time
        self.layers = layers
        self.overBudget = overBudget
    }

    /// The first layer with `name`, depth first.
    public func layer(named name: String) -> PresentedLayer? { layers.first { $0.name == name } }
}

/// One property value that an animation changed at this instant.
public struct AnimatedValue: Sendable {
    public let property: Property
    public let value: Value
    /// For an emitter cell field (`property` is then `.emitterCells`).
    public internal(set) var cell: CellField? = nil

    /// The key path as Core Animation spells it (`opacity`, `emitterCells.snow.birthRate`).
    public var key: String { cell?.description ?? property.key }

    /// The order a layer's animated values are kept in: by property, cell fields by key path.
    static func inOrder(_ a: AnimatedValue, _ b: AnimatedValue) -> Bool {
        if a.property != b.property { return a.property.rawValue < b.property.rawValue }
        return (a.cell?.description ?? "") < (b.cell?.description ?? "")
    }
}

/// A transition in progress on a layer: how far it has gone, and the layer
/// subtree as it looked when the transition was added (the "old" side).
public struct TransitionState: Sendable {
    public let transition: Transition
    /// 0…1, from `startProgress` to `endProgress`.
    public let progress: Double
    /// The old subtree, depth first, the transitioning layer first (its parent index is −1).
    public let from: [PresentedLayer]
}

/// A layer as presented: its model values with the animated ones laid over them.
public struct PresentedLayer: Sendable {
    /// The layer's `id`: the same layer has the same id in every snapshot.
    public let id: Int
    public let name: String
    public let kind: LayerKind
    /// Index of the superlayer (or of the masked layer) in the snapshot; −1 for the root.
    public let parent: Int
    public let depth: Int
    /// Whether this layer is its parent's mask rather than a sublayer.
    public let isMask: Bool
    /// The layer's local time at this instant.
    public let localTime: Double
    let model: ModelValues
    /// The properties animations changed, each once, in property order (a
    /// slice: the layers of a snapshot share one buffer of animated values).
    public internal(set) var animated: ArraySlice<AnimatedValue>
    public let transitions: [TransitionState]
    /// For emitter layers: the particles at this instant.
    public internal(set) var particles: ParticleField? = nil

    /// The presented value of a property.
    public subscript(_ p: Property) -> Value {
        // Through a pointer: the scan compares keys without copying values.
        if let v = animated.withUnsafeBufferPointer({ a -> Value? in
            for i in a.indices where a[i].property == p && a[i].cell == nil { return a[i].value }
            return nil
        }) { return v }
        return model[p]
    }

    /// The model value underneath any animation.
    public func modelValue(_ p: Property) -> Value { model[p] }

    public func isAnimated(_ p: Property) -> Bool {
        animated.withUnsafeBufferPointer { a in a.contains { $0.property == p && $0.cell == nil } }
    }

    // The typed readers. A property presents a value of its catalog type
    // (`Property.type`): every way in checks it (`KeyPath.admit` for model values
    // and animation values), and interpolation keeps it. So asking for another
    // type is a mistake in the engine's own code, and stops it rather than
    // reading as 0, .zero or "".
    public func number(_ p: Property) -> Double { if case .number(let v) = self[p] { v } else { mismatch(p, .number) } }
    public func point(_ p: Property) -> Point { if case .point(let v) = self[p] { v } else { mismatch(p, .point) } }
    public func rect(_ p: Property) -> Rect { if case .rect(let v) = self[p] { v } else { mismatch(p, .rect) } }
    public func color(_ p: Property) -> Color { if case .color(let v) = self[p] { v } else { mismatch(p, .color) } }
    public func transform(_ p: Property) -> Transform3D {
        if case .transform(let v) = self[p] { v } else { mismatch(p, .transform) }
    }
    public func bool(_ p: Property) -> Bool { if case .bool(let v) = self[p] { v } else { mismatch(p, .bool) } }
    public func string(_ p: Property) -> String { if case .string(let v) = self[p] { v } else { mismatch(p, .string) } }

    private func mismatch(_ p: Property, _ asked: ValueType) -> Never {
        let held = if case .choice(let c) = self[p] { "a case of \(c.type), read by its accessor," } else { "a \(self[p].type.rawValue)" }
        preconditionFailure("'\(p.key)' presents \(held) read as a \(asked.rawValue): a reader of the wrong type")
    }

    /// The value at a key path, presented.
    public func value(at kp: KeyPath) -> Value { kp.extract(from: self[kp.property]) }

    /// Whether every property presents the same value here as in `other`
    /// (`self[p] == other[p]` for every `p`; emitter cell fields aside). Only
    /// the properties either layer sets or animates can differ, so only those
    /// are compared: what a renderer asks of each layer every frame to find
    /// what changed, which a comparison of every property made costly.
    public func presentsSameValues(as other: PresentedLayer) -> Bool {
        func differs(_ p: Property) -> Bool { self[p] != other[p] }
        func anyDiffers(_ a: ArraySlice<AnimatedValue>) -> Bool {
            a.withUnsafeBufferPointer { b in b.contains { $0.cell == nil && differs($0.property) } }
        }
        return !anyDiffers(animated) && !anyDiffers(other.animated)
            && !model.containsProperty(where: differs) && !other.model.containsProperty(where: differs)
    }
}
