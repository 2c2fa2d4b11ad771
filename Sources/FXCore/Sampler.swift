/// Computes presentation snapshots: a pure function of the model tree and a
/// time. Events (starts, stops, timers) are the `Stage`'s business; sampling
/// never changes the model, so sampling twice at one time gives one answer.
public enum Sampler {
    /// The whole tree under `root` at global time `t`.
    public static func snapshot(of root: Layer, at t: Double) -> Snapshot {
        var out: [PresentedLayer] = []
        out.reserveCapacity(64)
        visit(root, parentTime: t, parent: -1, depth: 0, isMask: false, into: &out)
        return Snapshot(time: t, layers: out)
    }

    /// `layer`'s subtree as presented when its parent's time is `parentTime`,
    /// without transitions: the old side of a transition added now.
    static func capture(_ layer: Layer, parentTime: Double) -> [PresentedLayer] {
        var out: [PresentedLayer] = []
        visit(layer, parentTime: parentTime, parent: -1, depth: 0, isMask: false, into: &out)
        return out
    }

    private static func visit(_ layer: Layer, parentTime: Double, parent: Int, depth: Int, isMask: Bool,
                              into out: inout [PresentedLayer]) {
        let local = layer.timing.localTime(parentTime)
        var overlay: [AnimatedValue] = []
        var transitions: [TransitionState] = []
        for record in layer.attached {
            let a = record.animation
            if case .transition(let tr) = a.kind {
                guard let from = record.capturedState,
                      let p = progress(of: a, parentTime: local, holdsEnd: !a.isRemovedOnCompletion) else { continue }
                transitions.append(TransitionState(transition: tr, progress: tr.progress(p), from: from))
                continue
            }
            apply(a, parentTime: local, holdsEnd: !a.isRemovedOnCompletion, groupEnded: false,
                  model: layer.values, overlay: &overlay)
        }
        if overlay.count > 1 { overlay.sort { $0.property.rawValue < $1.property.rawValue } }
        let index = out.count
        out.append(PresentedLayer(name: layer.name, kind: layer.kind, parent: parent, depth: depth, isMask: isMask,
                                  localTime: local, model: layer.values, animated: overlay, transitions: transitions))
        if let m = layer.mask {
            visit(m, parentTime: local, parent: index, depth: depth + 1, isMask: true, into: &out)
        }
        for child in layer.sublayers {
            visit(child, parentTime: local, parent: index, depth: depth + 1, isMask: false, into: &out)
        }
    }

    /// The eased progress of an animation at `parentTime`, or nil when it has no effect.
    private static func progress(of a: Animation, parentTime: Double, holdsEnd: Bool) -> Double? {
        let state = a.timing.state(atParentTime: parentTime, holdsEnd: holdsEnd)
        guard let p = state.progress else { return nil }
        return a.timingFunction.map { $0(p) } ?? p
    }

    /// Lays one animation's effect over `overlay`. `groupEnded` is set for the
    /// children of a group that is filling forwards after its end: a child
    /// whose own active interval ends exactly there holds its end value
    /// (docs/timing.md, "Groups").
    private static func apply(_ a: Animation, parentTime: Double, holdsEnd: Bool, groupEnded: Bool,
                              model: [Value], overlay: inout [AnimatedValue]) {
        var timing = a.timing
        if groupEnded, timing.phase(atParentTime: parentTime) == .after,
           abs(timing.elapsed(atParentTime: parentTime) - timing.activeDuration) < 1e-9 {
            timing.fillMode = timing.fillMode.fillsBackwards ? .both : .forwards
        }
        let state = timing.state(atParentTime: parentTime, holdsEnd: holdsEnd)
        guard let linear = state.progress else { return }

        if case .group(let children) = a.kind {
            let eased = a.timingFunction.map { $0(linear) } ?? linear
            let childTime = eased * timing.effectiveDuration
            let ended = state.phase == .after
            for child in children {
                // Children's removedOnCompletion is ignored (R24): they hold their fill within the group.
                apply(child, parentTime: childTime, holdsEnd: true, groupEnded: ended, model: model, overlay: &overlay)
            }
            return
        }
        guard let kp = a.keyPath else { return }
        let property = kp.property
        var slot = overlay.firstIndex { $0.property == property }
        let presented = slot.map { overlay[$0].value } ?? model[property.rawValue]
        let current = kp.extract(from: model[property.rawValue])

        var value: Value
        switch a.kind {
        case let .basic(from, to, by):
            let (f, t) = endpoints(from: from, to: to, by: by, current: current)
            let p = a.timingFunction.map { $0(linear) } ?? linear
            value = f.interpolated(to: t, p)
            if a.isCumulative && state.iteration > 0 {
                let cycleEnd = a.timing.autoreverses ? f : t
                value = value.adding(cycleEnd.scaled(by: Double(state.iteration)))
            }
        case let .spring(from, to, by, spring):
            let (f, t) = endpoints(from: from, to: to, by: by, current: current)
            value = f.interpolated(to: t, spring.progress(at: linear * timing.effectiveDuration))
            if a.isCumulative && state.iteration > 0 {
                value = value.adding((a.timing.autoreverses ? f : t).scaled(by: Double(state.iteration)))
            }
        case .keyframe(let k):
            let p = a.timingFunction.map { $0(linear) } ?? linear
            value = k.value(at: p)
            if a.isCumulative && state.iteration > 0, let last = k.values.last, let first = k.values.first {
                value = value.adding((a.timing.autoreverses ? first : last).scaled(by: Double(state.iteration)))
            }
        case .group, .transition:
            return
        }
        if a.isAdditive { value = kp.extract(from: presented).adding(value) }
        let result = kp.replace(in: presented, with: value)
        if let s = slot {
            overlay[s] = AnimatedValue(property: property, value: result)
        } else {
            overlay.append(AnimatedValue(property: property, value: result))
            slot = overlay.count - 1
        }
    }

    /// The interpolation endpoints for each nil combination of from/to/by
    /// (R15). "Current value" is the model value, the reading of wangling.me
    /// recorded in docs/timing.md.
    static func endpoints(from: Value?, to: Value?, by: Value?, current: Value) -> (Value, Value) {
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, f.adding(b))
        case let (nil, t?, b?): return (t.subtracting(b), t)
        case let (f?, nil, nil): return (f, current)
        case let (nil, t?, nil): return (current, t)
        case let (nil, nil, b?): return (current, current.adding(b))
        case (nil, nil, nil): return (current, current)
        }
    }
}
