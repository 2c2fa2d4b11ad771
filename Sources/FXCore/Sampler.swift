// SPDX-License-Identifier: MIT
/// Computes presentation snapshots: a pure function of the model tree and a
/// time. Events (starts, stops, timers) are the `Stage`'s business; sampling
/// never changes the model, so sampling twice at one time gives one answer.
public enum Sampler {
    /// Trees at least this large are sampled on two threads (the machine has 2 cores).
    static let parallelThreshold = 2_000

    /// The stage's whole tree at global time `t`, presented by its sampling program.
    public static func snapshot(of stage: Stage, at t: Double) -> Snapshot {
        if let refusal = memoryRefusal(stage, at: t) { return Snapshot(time: t, layers: [], overBudget: refusal) }
        let layers = stage.samplingProgram.layers(at: t)
        if stage.replicators.isEmpty && !layers.contains(where: { $0.particles != nil }) {
            return Snapshot(time: t, layers: layers)
        }
        return replicated(layers, stage, at: t)
    }

    /// The layers with every replicator's copies, or without them and marked over budget
    /// when the copies or the particles would take the frame past the stage's budget.
    static func replicated(_ layers: [PresentedLayer], _ stage: Stage, at t: Double) -> Snapshot {
        if let overrun = SceneBudget.overrun(layers, stage.replicators, limit: stage.maxPresentedLayers,
                                             particles: stage.maxLiveParticles) {
            return Snapshot(time: t, layers: layers, overBudget: overrun)
        }
        if let refusal = memoryRefusal(layers, stage, at: t) { return Snapshot(time: t, layers: layers, overBudget: refusal) }
        if stage.replicators.isEmpty { return Snapshot(time: t, layers: layers) }
        let expected = SceneBudget.copies(layers, stage.replicators).multiplier.reduce(0, +)
        return Snapshot(time: t, layers: Replication.expand(layers, stage.replicators, limit: stage.maxPresentedLayers,
                                                            expected: Int(min(expected, Double(stage.maxPresentedLayers)))))
    }

    /// One thread's walk of (part of) a tree: the animated values of every layer
    /// it presents lie side by side in one buffer, and each layer gets its slice
    /// of it once the walk is over (a slice taken while the buffer still grows
    /// would make every later append copy it). One buffer for thousands of
    /// layers instead of one array each: sampling and dropping a snapshot of a
    /// large tree was mostly allocating and freeing those small arrays.
    struct Pass {
        var values: [AnimatedValue] = []
        var owners: [(slot: UnsafeMutablePointer<PresentedLayer>, range: Range<Int>)] = []

        /// Hands each layer presented in this pass its animated values.
        mutating func finish() {
            let all = values
            values = []
            for (slot, range) in owners { slot.pointee.animated = all[range] }
            owners = []
        }
    }

    static func count(_ layer: Layer) -> Int { layer.subtreeCount }

    /// One layer as presented at global time `t`, with every animation
    /// applied (`layer.presentation()`): the same evaluation as a snapshot's,
    /// for one layer only.
    public static func presentation(of layer: Layer, at t: Double) -> PresentedLayer {
        withUnsafeTemporaryAllocation(of: PresentedLayer.self, capacity: 1) { buffer in
            let slot = buffer.baseAddress!
            var pass = Pass()
            _ = present(layer, parentTime: layer.parentTime(atGlobal: t), parent: -1, depth: 0, isMask: false, at: slot,
                        pass: &pass)
            pass.finish()
            return slot.move()
        }
    }

    /// `layer`'s subtree as presented when its parent's time is `parentTime`:
    /// the old side of a transition added now.
    static func capture(_ layer: Layer, parentTime: Double) -> [PresentedLayer] {
        [PresentedLayer](unsafeUninitializedCapacity: count(layer)) { buffer, initialized in
            var pass = Pass()
            initialized = visit(layer, parentTime: parentTime, parent: -1, depth: 0, isMask: false,
                                into: buffer.baseAddress!, at: 0, pass: &pass)
            pass.finish()
        }
    }

    /// Writes `layer`'s subtree from slot `index` on, in `Layer.visitTree`'s order (a snapshot's);
    /// returns the next free slot.
    static func visit(_ layer: Layer, parentTime: Double, parent: Int, depth: Int, isMask: Bool,
                      into out: UnsafeMutablePointer<PresentedLayer>, at index: Int, pass: inout Pass) -> Int {
        var next = index
        let top = Place(parent: parent, depth: depth, isMask: isMask)
        layer.visitTree((place: top, parentTime: parentTime)) { layer, above in
            let slot = next
            next += 1
            let local = present(layer, parentTime: above.parentTime, parent: above.place.parent, depth: above.place.depth,
                                isMask: above.place.isMask, at: out + slot, pass: &pass)
            let below = above.place.below(slot)
            return ((below.mask, local), (below.sublayers, local))
        }
        return next
    }

    /// Where a layer sits in a snapshot: its parent's slot, its depth, whether it is the parent's mask.
    struct Place {
        let parent: Int
        let depth: Int
        let isMask: Bool

        /// The places of the mask and of the sublayers of the layer at `slot`, when this is its place.
        func below(_ slot: Int) -> (mask: Place, sublayers: Place) {
            (Place(parent: slot, depth: depth + 1, isMask: true), Place(parent: slot, depth: depth + 1, isMask: false))
        }
    }

    /// Initializes `slot` with `layer` as presented; returns the layer's local
    /// time. Its animated values are added to `pass`, which hands them over
    /// when it finishes (an emitter's at once: its particles need them).
    static func present(_ layer: Layer, parentTime: Double, parent: Int, depth: Int, isMask: Bool,
                                at slot: UnsafeMutablePointer<PresentedLayer>, pass: inout Pass) -> Double {
        let local = layer.timing.localTime(parentTime)
        var transitions: [TransitionState] = []
        let model = layer.values
        let start = pass.values.count
        layer.evaluators.withUnsafeBufferPointer { evaluators in
            guard let first = evaluators.baseAddress else { return }
            var turn: Double?
            for i in 0..<evaluators.count {
                let ev = first + i
                if ev.pointee.isTransition {
                    guard case .transition(let tr) = ev.pointee.body, let from = ev.pointee.capturedState,
                          let p = ev.pointee.timing.state(atParentTime: local, holdsEnd: ev.pointee.holdsEnd).progress
                    else { continue }
                    transitions.append(TransitionState(transition: tr, progress: tr.progress(ev.pointee.ease(p)), from: from))
                    continue
                }
                apply(ev, parentTime: local, holdsEnd: ev.pointee.holdsEnd, groupEnded: false, model: model,
                      cells: layer.emitterCells, overlay: &pass.values, from: start, turn: &turn)
            }
            if let turn { Self.turn(by: turn, model: model, overlay: &pass.values, from: start) }
            if pass.values.count - start > 1 { sortInOrder(&pass.values, from: start) }
        }
        slot.initialize(to: PresentedLayer(id: layer.id, name: layer.name, kind: layer.kind, parent: parent, depth: depth,
                                           isMask: isMask, localTime: local, model: model, animated: [],
                                           transitions: transitions))
        let end = pass.values.count
        if layer.kind == .emitter {
            slot.pointee.animated = ArraySlice(Array(pass.values[start..<end]))
            pass.values.removeSubrange(start..<end)
            slot.pointee.particles = particles(of: layer, presented: slot.pointee)
        } else if end > start {
            pass.owners.append((slot, start..<end))
        }
        return local
    }

    /// `values.sort(by: AnimatedValue.inOrder)` for the few values a layer
    /// animates: an insertion sort that moves values without copying them and
    /// compares key paths only for two fields of one property.
    static func sortInOrder(_ values: inout [AnimatedValue], from start: Int) {
        values.withUnsafeMutableBufferPointer { v in
            for i in (start + 1)..<v.count {
                var j = i
                while j > start {
                    let a = v[j].property.rawValue, b = v[j - 1].property.rawValue
                    guard a < b || (a == b && AnimatedValue.inOrder(v[j], v[j - 1])) else { break }
                    v.swapAt(j, j - 1)
                    j -= 1
                }
            }
        }
    }

    /// An emitter's particles. When its settings or its cells' fields are
    /// animated, each particle takes them as they were presented at its birth
    /// and births follow the animated rate (docs/emitters.md).
    private static func particles(of layer: Layer, presented: PresentedLayer) -> ParticleField {
        let cells = presentedCells(layer.emitterCells, presented.animated)
        let animated = layer.evaluators.contains { $0.animates { $0.cell != nil || $0.property.isEmitterSetting } }
        let eras = layer.emitterEras
        let limit = layer.stage?.maxLiveParticles ?? Particles.budget
        guard animated || !eras.isEmpty else { return Particles.field(presented, cells: cells, limit: limit) }
        let history = Particles.History(smooth: animated, changes: eras.map(\.until)) { tau in
            let (model, modelCells) = layer.emitterModel(atLocal: tau)
            let overlay = animated ? values(of: layer, atLocal: tau, model: model, cells: modelCells) : []
            let state = PresentedLayer(id: layer.id, name: layer.name, kind: layer.kind, parent: -1, depth: 0, isMask: false,
                                       localTime: tau, model: model, animated: ArraySlice(overlay), transitions: [])
            return (state, presentedCells(modelCells, overlay))
        }
        return Particles.field(presented, cells: cells, history: history, limit: limit)
    }

    /// `cells` with the animated cell fields among `overlay` applied.
    private static func presentedCells(_ cells: [EmitterCell], _ overlay: some Collection<AnimatedValue>) -> [EmitterCell] {
        var out = cells
        for a in overlay { if let c = a.cell { _ = c.set(a.value, in: &out) } }
        return out
    }

    /// `layer`'s animated values at its local time `local` (transitions aside).
    private static func values(of layer: Layer, atLocal local: Double, model: ModelValues, cells: [EmitterCell])
        -> [AnimatedValue] {
        var overlay: [AnimatedValue] = []
        layer.evaluators.withUnsafeBufferPointer { evaluators in
            guard let first = evaluators.baseAddress else { return }
            var turn: Double?
            for i in 0..<evaluators.count where !first[i].isTransition {
                apply(first + i, parentTime: local, holdsEnd: first[i].holdsEnd, groupEnded: false, model: model,
                      cells: cells, overlay: &overlay, from: 0, turn: &turn)
            }
            if let turn { Self.turn(by: turn, model: model, overlay: &overlay, from: 0) }
        }
        return overlay
    }

    /// Lays one animation's effect over `overlay`. `groupEnded` is set for the
    /// children of a group that is filling forwards after its end: a child
    /// whose own active interval ends exactly there holds its end value
    /// (docs/timing.md, "Groups").
    /// `turn` receives a path animation's `rotationMode` angle, which the
    /// caller applies once every animation of the layer is laid
    /// (`turn(by:model:overlay:from:)`).
    private static func apply(_ evp: UnsafePointer<AnimationEvaluator>, parentTime: Double, holdsEnd: Bool,
                              groupEnded: Bool, model: ModelValues, cells: [EmitterCell], overlay: inout [AnimatedValue],
                              from start: Int, turn: inout Double?) {
        let ev = UnsafeEvaluator(evp)
        let durations = evp.pointee.durations
        var fillMode = evp.pointee.timing.fillMode
        if groupEnded, case let e = evp.pointee.timing.elapsed(atParentTime: parentTime), e >= durations.active,
           abs(e - durations.active) < 1e-9 {
            fillMode = fillMode.fillsBackwards ? .both : .forwards
        }
        let state = evp.pointee.timing.state(atParentTime: parentTime, holdsEnd: holdsEnd, fillMode: fillMode, durations)
        guard let linear = state.progress else { return }
        if let scalar = evp.scalarRecord {
            evp.pointee.scalarPool.withParts { parts in
                applyScalar(scalar, parts, linear: linear, iteration: state.iteration, model: model, overlay: &overlay,
                            from: start)
            }
            return
        }
        let timing = ev.timing

        if case .group(let children) = ev.body {
            let childTime = ev.ease(linear) * timing.effectiveDuration
            let ended = state.phase == .after
            children.withUnsafeBufferPointer { buffer in
                for i in buffer.indices {
                    // Children's removedOnCompletion is ignored (R24): they hold their fill within the group.
                    apply(buffer.baseAddress! + i, parentTime: childTime, holdsEnd: true, groupEnded: ended,
                          model: model, cells: cells, overlay: &overlay, from: start, turn: &turn)
                }
            }
            return
        }
        guard let kp = ev.keyPath else { return }
        let property = kp.property
        let cell = kp.cell
        let slot = firstSlot(in: overlay, from: start, property, cell)
        // An emitter cell's field, or the property: the model value under the animation.
        let modelValue: Value
        if let cell {
            guard let v = cell.value(in: cells) else { return }
            modelValue = v
        } else {
            modelValue = model[property]
        }

        var value: Value
        var cycleEnd: Value
        let pair: (Value, Value)
        var spring: Spring? = nil
        switch ev.body {
        case let .fixed(f, t):
            pair = (f, t)
        case let .fixedSpring(f, t, s):
            pair = (f, t); spring = s
        case .interpolate(let e):
            pair = endpoints(from: e.from, to: e.to, by: e.by, current: kp.extract(from: modelValue))
            spring = e.spring
        case .keyframes(let k):
            pair = k.endpoints
        case .group, .transition:
            return
        }
        if case .keyframes(let k) = ev.body {
            value = k.value(at: linear, ease: ev.ease)
        } else if let spring {
            value = pair.0.interpolated(to: pair.1, spring.progress(at: linear * timing.effectiveDuration))
        } else {
            value = pair.0.interpolated(to: pair.1, ev.ease(linear))
        }
        cycleEnd = timing.autoreverses ? pair.0 : pair.1
        if ev.isCumulative && state.iteration > 0 {
            value = value.adding(cycleEnd.scaled(by: Double(state.iteration)))
        }
        let presented = slot.map { overlay[$0].value } ?? modelValue
        if ev.isAdditive { value = kp.extract(from: presented).adding(value) }
        let result = kp.component == nil ? value : kp.replace(in: presented, with: value)
        if let s = slot {
            overlay[s] = AnimatedValue(property: property, value: result, cell: cell)
        } else {
            overlay.append(AnimatedValue(property: property, value: result, cell: cell))
        }
        if case .keyframes(let k) = ev.body, let angle = k.rotationAngle(at: linear, ease: ev.ease) {
            turn = angle
        }
    }

    /// `rotationMode`: the layer's presented transform (its transform
    /// animations included, whatever their order), then a turn by `angle`
    /// about z (docs/timing.md, "Keyframes").
    private static func turn(by angle: Double, model: ModelValues, overlay: inout [AnimatedValue], from start: Int) {
        let slot = firstSlot(in: overlay, from: start, .transform, nil)
        guard case .transform(let under) = slot.map({ overlay[$0].value }) ?? model[.transform] else { return }
        let turned = AnimatedValue(property: .transform,
                                   value: .transform(under.concatenating(Transform3D.rotation(angle, 0, 0, 1))))
        if let slot { overlay[slot] = turned } else { overlay.append(turned) }
    }

    /// `apply` for an animation of one number (`AnimationEvaluator.scalar`):
    /// the same steps on doubles, the value made only at the end.
    @inline(__always)
    static func applyScalar(_ a: UnsafePointer<ScalarAnimation>, _ parts: ScalarPool.Parts, linear: Double,
                            iteration: Int, model: ModelValues, overlay: inout [AnimatedValue], from start: Int) {
        let kp = a.pointee.keyPath
        let property = kp.property
        var value = a.pointee.value(at: linear, iteration: iteration, parts)
        let slot = firstSlot(in: overlay, from: start, property, nil)
        let result: Value
        if kp.component == nil && !a.pointee.isAdditive {
            result = .number(value)
        } else {
            let presented = slot.map { overlay[$0].value } ?? model[property]
            if a.pointee.isAdditive, case .number(let under) = kp.extract(from: presented) { value = under + value }
            result = kp.component == nil ? .number(value) : kp.replace(in: presented, with: .number(value))
        }
        if let s = slot {
            overlay[s] = AnimatedValue(property: property, value: result)
        } else {
            overlay.append(AnimatedValue(property: property, value: result))
        }
    }

    /// Where `overlay` (from `start` on) holds the value of `property` (of `cell`), if it does.
    @inline(__always)
    private static func firstSlot(in overlay: [AnimatedValue], from start: Int, _ property: Property, _ cell: CellField?) -> Int? {
        overlay.withUnsafeBufferPointer { v in
            var i = start
            while i < v.count {
                if v[i].property == property && v[i].cell == cell { return i }
                i += 1
            }
            return nil
        }
    }

    /// The interpolation endpoints for each nil combination of from/to/by
    /// (R15). "Current value" is the model value, the reading of wangling.me
    /// recorded in docs/timing.md.
    static func endpoints(from: Value?, to: Value?, by: Value?, current: Value) -> (Value, Value) {
        if let fixed = AnimationEvaluator.fixedEndpoints(from, to, by) { return fixed }
        switch (from, to, by) {
        case let (f?, nil, nil): return (f, current)
        case let (nil, t?, nil): return (current, t)
        case let (nil, nil, b?): return (current, current.adding(b))
        default: return (current, current)
        }
    }
}

/// Field access through a pointer, so that reading an evaluator never copies it.
private struct UnsafeEvaluator {
    let p: UnsafePointer<AnimationEvaluator>
    init(_ p: UnsafePointer<AnimationEvaluator>) { self.p = p }
    var timing: MediaTiming { p.pointee.timing }
    var body: AnimationEvaluator.Body { p.pointee.body }
    var keyPath: KeyPath? { p.pointee.keyPath }
    var isAdditive: Bool { p.pointee.isAdditive }
    var isCumulative: Bool { p.pointee.isCumulative }
    func ease(_ x: Double) -> Double { p.pointee.ease(x) }
}
