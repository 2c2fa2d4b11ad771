// SPDX-License-Identifier: MIT
/// Samples in any order, for a viewer that scrubs back and forth over a built stage (the studio's
/// worker, docs/STUDIO.md): `sample(at:)` moves the clock forward only, because what is due on
/// the way (a timer, a scripted event, an animation's start or stop callback) may run plugin code
/// that changes the tree. When nothing due can (`mayCallBack` is false), the only change the
/// clock makes is removing an animation at its end (`isRemovedOnCompletion`); that change shows
/// nothing when the removed animation would present nothing after its end anyway: its elapsed time
/// runs forward (so after its end it is in its after phase, which shows nothing unless it holds
/// its end, and a removed one does not), and neither a delayed replicator copy nor an emitter's
/// particles keep it (those keep its evaluator, `Layer.lingering`, in another order). Then the
/// sample at any t from now on is `Sampler.snapshot` of the tree as it is, a pure function of t,
/// and equals the one `sample(at:)` takes after moving the clock.
///
/// Going back needs no such condition as far as `unchangedSince`: the clock changes what a sample
/// reads only by running a callback (a timer, an event's handlers, an animation's start or stop
/// callback: plugin code, which may change anything) or by taking an ended animation off its layer
/// (which `Layer.lingering` may keep for a replicator's delayed copies or an emitter's particles).
/// Since the last of these, nothing else the clock does shows: an animation's start or stop with
/// no callback and no removal only marks its record, which sampling does not read; emitters'
/// particles, replicators' delayed copies and `lingering` evaluators are functions of the tree and
/// t; a timer or event still pending has changed nothing yet; the media clock (`mediaTime`) is read
/// only by plugin code. So a stage advanced to `now` whose last change was at `unchangedSince`
/// holds, for any t between them, the tree a stage built afresh and advanced to t holds (everything
/// due at t is delivered before the sample there, so t = `unchangedSince` is included), and
/// `Sampler.snapshot` of it is the sample there. Plugin code run by the host between samples
/// (outside a callback) is not a change the clock made: a host that does so must build again.
extension Stage {
    /// Whether `sampleInAnyOrder(at:)` may be asked for any time from `now` on, in any order.
    public var samplesInAnyOrder: Bool {
        guard !mayCallBack else { return false }
        var pure = true
        root.visitTree(TimeMap.stage) { layer, parent in
            let map = parent.then(layer.timing)
            guard pure else { return map }
            let keepsEnded = layer.isReplicatedWithDelay
            for record in layer.attached where record.animation.isRemovedOnCompletion && !record.stopped {
                if keepsEnded || layer.remembers(record) || map.elapsed(record.animation.timing).rate <= 0 {
                    pure = false
                    break
                }
            }
            return map
        }
        return pure
    }

    /// The sample at `t` without moving the clock: what `sample(at: t)` gives on this stage as it
    /// is now, for a `t` not before `now`. The caller has seen `samplesInAnyOrder` hold (checked
    /// once: a walk of the tree), and the tree stays as it is, since without a callback no plugin
    /// code runs to change it.
    public func sampleInAnyOrder(at t: Double) throws -> Snapshot {
        guard t.isFinite, t >= now else {
            throw FXError("cannot sample at t = \(t) before the clock's t = \(now): samples must be taken in time order")
        }
        return try budgetedSnapshot(at: t)
    }

    /// The sample at `t` without moving the clock, for a `t` from `unchangedSince` to `now`: what
    /// `sample(at: t)` gives on this stage built afresh, with no condition to check first.
    public func sampleBack(at t: Double) throws -> Snapshot {
        guard t.isFinite, t >= unchangedSince, t <= now else {
            throw FXError("cannot sample at t = \(t) without building again: the clock, at t = \(now), last changed the tree at t = \(unchangedSince)")
        }
        return try budgetedSnapshot(at: t)
    }
}
