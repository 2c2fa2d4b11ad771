// SPDX-License-Identifier: MIT
/// The host's world: the root layer, the simulated clock, and the timeline
/// that delivers animation starts and stops, timers and named events.
///
/// Time only moves through `advance(to:)`. Everything due up to that time is
/// delivered in time order, at its exact time: `now` equals the event's time
/// while its callback runs, so what a callback adds starts then, not at the
/// next frame. Events at the same instant fire in the order they were created
/// (docs/timing.md, "Events").
public final class Stage {
    public private(set) var size: Size
    /// Whether the user chose the size (`--size`): a plugin's preferred size then leaves it alone.
    public var sizeIsFixed = false
    /// The end the plugin's content was made for (fx.h 1.2 `stage_prefer`), if it declared one.
    public private(set) var preferredEnd: Double?
    public let root: Layer
    /// The simulated clock, in seconds from the start of the run.
    public private(set) var now: Double = 0
    /// The clock's time when it last changed what a sample reads, or could have: a callback run
    /// (a timer, an event's handlers, an animation's start or stop callback) or an ended animation
    /// taken off its layer. The tree at any time from here to `now` is the tree as it is now
    /// (`sampleBack(at:)`, AnyOrderSampling.swift).
    public private(set) var unchangedSince: Double = 0

    /// What the media clock (`CACurrentMediaTime()`) reads when the run starts: 0
    /// unless set (`fxhost --media-time T0`). The stage layer's time is the media
    /// time, as a top-level layer's is on a device, so absolute begin times and
    /// layer times are measured from it: setting it adds it to the stage layer's
    /// `timeOffset` (docs/timing.md, "The media clock").
    public var mediaTimeOrigin: Double = 0 {
        didSet {
            var t = root.timing
            t.timeOffset += mediaTimeOrigin - oldValue
            root.timing = t
        }
    }

    /// The media clock now (`CACurrentMediaTime()`, fx.h's `now()`).
    public var mediaTime: Double { now + mediaTimeOrigin }
    /// Safety valve against callbacks that schedule endlessly at one instant.
    public var maxEventsPerInstant = 100_000

    /// Counts changes to the model tree (values, timing, names, structure,
    /// animations): the sampling program is rebuilt when it has moved.
    private(set) var modelVersion = 0
    func modelChanged() { modelVersion &+= 1 }
    private var program: SamplingProgram?

    /// The sampling program for the tree as it is now.
    var samplingProgram: SamplingProgram {
        if let p = program, p.version == modelVersion { return p }
        let p = SamplingProgram(self)
        program = p
        return p
    }

    /// The most layers one snapshot may hold, replicators' copies included
    /// (`Replication.maxLayers` unless set lower; docs/timing.md, "Replicators").
    public var maxPresentedLayers = Replication.maxLayers

    /// The most particles one frame may hold alive, every emitter and its replicated copies
    /// together (`Particles.budget` unless set lower; docs/isolation.md, "Scene budget").
    public var maxLiveParticles = Particles.budget

    /// The memory budget every frame is checked against before it is made (`MemoryBudget`);
    /// nil: none (the host sets one for every run).
    public var memoryBudget: MemoryBudget?

    /// The most timers added in one run: a timer that re-adds itself 1 ns
    /// later would otherwise run until killed.
    public var maxTimersPerRun = 100_000

    private var sequence = 0
    /// Pending timers' actions by id; the queue orders them by (time, id) and
    /// skips ids no longer here (cancelled).
    private var timerActions = PendingTimers()
    private var timerQueue = DueQueue()
    private var timersAdded = 0
    /// Event handlers by name, in registration order, and the names in the order first registered.
    private var handlers: [String: [() throws -> Void]] = [:]
    private var handlerOrder: [String] = []
    /// How many handlers are registered, all names together.
    public private(set) var handlerCount = 0
    private var scripted: [(time: Double, name: String, sequence: Int)] = []

    /// The animations' next starts and stops, valid while nothing that moves
    /// them has changed (the tree, a layer's timing); adding an animation
    /// adds its entry, anything else marks the schedule stale and the next
    /// look rebuilds it from the tree. Delivering one event therefore costs
    /// O(log n), not a walk of every layer and animation.
    private var animationQueue = DueQueue()
    /// What the animation queue's slots refer to (cleared with each rebuild).
    private var animationEntries: [AnimationEntry] = []
    private var scheduleIsStale = true

    /// An animation's start (even rank) or stop (odd rank), with the affine map
    /// from global time to its elapsed time (e = alpha·t + beta) it was computed with.
    private struct AnimationEntry {
        let record: AttachedAnimation
        let layer: Layer
        let alpha: Double, beta: Double
    }

    private func isLive(_ key: DueKey) -> Bool {
        let r = animationEntries[key.slot].record
        return r.isAttached && !r.stopped && r.started == (key.rank % 2 == 1)
    }

    private func pushAnimation(_ time: Double, rank: Int, _ entry: AnimationEntry) {
        animationQueue.push(DueKey(time: time, rank: rank, slot: animationEntries.count))
        animationEntries.append(entry)
    }

    /// A stage of `size` points; the root layer covers it.
    public init(size: Size) {
        self.size = size
        root = Layer(kind: .layer, name: "stage", stage: nil, id: 0)
        root.stage = self
        try! root.set(.bounds, .rect(Rect(0, 0, size.width, size.height)))
        try! root.set(.position, .point(Point(size.width / 2, size.height / 2)))
    }

    /// The largest side a preferred size may have, as `--size` allows.
    public static let maxPreferredSide = 16384.0

    /// Takes a plugin's preferred size (when the user chose none) and end.
    /// A zero size or end is no preference; either is refused whole when not
    /// finite, negative, or (the size) larger than `maxPreferredSide`.
    public func prefer(size wanted: Size, end: Double) throws(FXError) {
        guard wanted.width.isFinite, wanted.height.isFinite, wanted.width >= 0, wanted.height >= 0,
              wanted.width <= Stage.maxPreferredSide, wanted.height <= Stage.maxPreferredSide else {
            throw FXError("preferred size \(wanted.width)×\(wanted.height) is not within 0…\(Int(Stage.maxPreferredSide)) points a side", kind: .value)
        }
        guard end.isFinite, end >= 0 else {
            throw FXError("preferred natural end \(end) is not a finite number of seconds, 0 or more", kind: .value)
        }
        preferredEnd = end > 0 ? end : nil
        guard !sizeIsFixed, wanted.width > 0, wanted.height > 0 else { return }
        let w = max(1, wanted.width.rounded()), h = max(1, wanted.height.rounded())
        size = Size(w, h)
        try root.set(.bounds, .rect(Rect(0, 0, w, h)))
        try root.set(.position, .point(Point(w / 2, h / 2)))
    }

    /// A new layer of `kind`, not yet in the tree.
    public func makeLayer(_ kind: LayerKind, name: String = "") -> Layer {
        let layer = Layer(kind: kind, name: name, stage: self, id: nextSequence())
        if kind == .replicator { replicators[layer.id] = layer }
        if kindsMade.insert(kind).inserted { firstLayerMade?(kind) }
        return layer
    }

    /// Called the first time a layer of each kind is made, while the plugin still builds: the
    /// run can start loading what that kind is drawn with (text: pango and fontconfig) beside
    /// the build rather than at the first frame.
    public var firstLayerMade: ((LayerKind) -> Void)?
    private var kindsMade: Set<LayerKind> = []

    /// The replicator layers by id, for the sampler to copy their sublayers.
    private(set) var replicators: [Int: Layer] = [:]

    func nextSequence() -> Int {
        sequence += 1
        return sequence
    }

    // MARK: - Timers and events

    /// Runs `action` `delay` seconds from now (the seeds' `delay(0.5) { … }`).
    /// Returns an id for `cancelTimer`.
    @discardableResult
    public func addTimer(after delay: Double, _ action: @escaping () throws -> Void) throws(FXError) -> Int {
        guard delay.isFinite, delay >= 0 else {
            throw FXError("timer delay must be a finite number of seconds, 0 or more (got \(delay))")
        }
        guard timersAdded < maxTimersPerRun else {
            throw FXError("\(maxTimersPerRun) timers were added in this run; that is the limit", kind: .limit)
        }
        timersAdded += 1
        let id = nextSequence()
        timerActions[id] = action
        timerQueue.push(DueKey(time: now + delay, rank: 2 * id, slot: id))
        return id
    }

    /// Cancels a pending timer; returns whether it was pending.
    @discardableResult
    public func cancelTimer(_ id: Int) -> Bool {
        timerActions.removeValue(forKey: id) != nil
    }

    /// Whether a timer or a scripted event is still to fire. A timer due a
    /// hair after now (0.2 + 0.2 + 0.2 is 0.6000000000000001) is still to happen.
    public var hasPendingTimersOrEvents: Bool {
        !scripted.isEmpty || timerQueue.keys.contains { timerActions[$0.slot] != nil }
    }

    /// Registers a handler for a named event (`tap`, `focus`, …).
    public func on(_ name: String, _ action: @escaping () throws -> Void) {
        if handlers[name] == nil { handlerOrder.append(name) }
        handlers[name, default: []].append(action)
        handlerCount += 1
    }

    /// The names that have handlers, in registration order, without repeats.
    public var eventNames: [String] { handlerOrder }

    /// Schedules a named event at an absolute time (the host's `--event T:NAME`).
    public func schedule(event name: String, at time: Double) throws(FXError) {
        guard time.isFinite, time >= now else {
            throw FXError("event '\(name)' time must be a finite number of seconds, not before now (got \(time))")
        }
        scripted.append((time, name, nextSequence()))
    }

    /// Fires a named event now: every handler for it, in registration order.
    /// Returns false when nothing handles the name.
    @discardableResult
    public func fire(event name: String) throws -> Bool {
        let matching = handlers[name] ?? []
        if !matching.isEmpty { unchangedSince = now }
        for action in matching { try action() }
        return !matching.isEmpty
    }

    // MARK: - Advancing the clock

    /// One thing due at a time.
    private enum Due {
        case start(AnimationEntry)
        case stop(AnimationEntry)
        case timer
        case event(Int)
    }

    /// Moves the clock forward to `t`, delivering in order everything due at or before
    /// it. An error thrown by a callback stops the advance with `now` at that
    /// event's time and is passed on.
    public func advance(to t: Double) throws {
        guard t.isFinite else { throw FXError("cannot advance the clock to \(t)") }
        guard t >= now else {
            throw FXError("cannot move the clock back from t = \(now) to t = \(t): samples must be taken in time order")
        }
        var count = 0
        var lastTime = now
        while let (time, due) = nextDue(until: t) {
            if time == lastTime {
                count += 1
                if count > maxEventsPerInstant {
                    throw FXError("more than \(maxEventsPerInstant) events at t = \(time): a callback keeps scheduling work at the same instant")
                }
            } else {
                count = 0
                lastTime = time
            }
            now = max(now, time)
            switch due {
            case .start(let entry):
                animationQueue.popFirst()
                let a = entry.record
                if let t = Stage.crossing(entry.alpha, entry.beta, entry.alpha * now + entry.beta, entering: false,
                                          ad: a.animation.timing.activeDuration, now: now) {
                    pushAnimation(t, rank: 2 * a.sequence + 1, entry)
                }
                if !a.started && a.animation.didStart != nil { unchangedSince = now }
                try a.start()
            case .stop(let entry):
                animationQueue.popFirst()
                let a = entry.record, layer = entry.layer
                if a.animation.isRemovedOnCompletion {
                    unchangedSince = now
                    layer.detach(a, lingering: layer.isReplicatedWithDelay || layer.remembers(a))
                }
                if !a.stopped && a.animation.didStop != nil { unchangedSince = now }
                try a.stop(finished: true)
            case .timer:
                let id = timerQueue.popFirst()!.slot
                let action = timerActions.removeValue(forKey: id)!
                unchangedSince = now
                try action()
            case .event(let index):
                let e = scripted.remove(at: index)
                try fire(event: e.name)
            }
        }
        now = max(now, t)
    }

    /// The earliest thing due at or before `limit`: (time, order) decides.
    private func nextDue(until limit: Double) -> (Double, Due)? {
        var best: (time: Double, rank: Int, due: Due)?
        func offer(_ time: Double, _ rank: Int, _ due: @autoclosure () -> Due) {
            guard time <= limit else { return }
            if let b = best, (b.time, b.rank) <= (time, rank) { return }
            best = (time, rank, due())
        }
        while let top = timerQueue.first, timerActions[top.slot] == nil { timerQueue.popFirst() }
        if let top = timerQueue.first { offer(max(top.time, now), top.rank, .timer) }
        for (i, e) in scripted.enumerated() { offer(max(e.time, now), 2 * e.sequence, .event(i)) }
        if scheduleIsStale { rebuildSchedule() }
        while let top = animationQueue.first, !isLive(top) { animationQueue.popFirst() }
        if let top = animationQueue.first {
            let entry = animationEntries[top.slot]
            offer(top.time, top.rank, top.rank % 2 == 0 ? .start(entry) : .stop(entry))
        }
        return best.map { ($0.time, $0.due) }
    }

    /// Marks the animation schedule for a rebuild: the tree or a layer's timing changed.
    func invalidateSchedule() { scheduleIsStale = true }

    /// Schedules an animation just added to `layer`, if the layer is in the
    /// tree and the schedule is otherwise current (O(depth), not a rebuild).
    func scheduleAdded(_ record: AttachedAnimation, on layer: Layer) {
        guard !scheduleIsStale else { return }
        guard layer.root === root else { return }
        schedule(record, on: layer, map: TimeMap.of(layer))
    }

    /// Rebuilds the schedule from the tree.
    private func rebuildSchedule() {
        scheduleIsStale = false
        animationQueue.removeAll()
        animationEntries.removeAll(keepingCapacity: true)
        root.visitTree(TimeMap.stage) { layer, parent in
            let map = parent.then(layer.timing)
            for record in layer.attached where !record.stopped { schedule(record, on: layer, map: map) }
            return map
        }
    }

    /// Adds `record`'s next start or stop, given its layer's time map.
    private func schedule(_ record: AttachedAnimation, on layer: Layer, map: TimeMap) {
        let timing = record.animation.timing
        // Elapsed animation time e(t) = alpha·t + beta.
        let elapsed = map.elapsed(timing)
        let alpha = elapsed.rate, beta = elapsed.offset
        let eNow = elapsed(now)
        let t = Stage.crossing(alpha, beta, eNow, entering: !record.started, ad: timing.activeDuration, now: now)
        guard let t else { return }
        pushAnimation(t, rank: 2 * record.sequence + (record.started ? 1 : 0),
                      AnimationEntry(record: record, layer: layer, alpha: alpha, beta: beta))
    }

    /// When elapsed time e(t) = alpha·t + beta next enters (or leaves, in its
    /// direction of travel) the active interval [0, ad), from `now` on.
    private static func crossing(_ alpha: Double, _ beta: Double, _ eNow: Double, entering: Bool,
                                 ad: Double, now: Double) -> Double? {
        if entering {
            if eNow >= 0 && eNow < ad { return now }
            if alpha > 0 { return eNow < 0 ? max(now, -beta / alpha) : now }  // already past: start and stop now
            if alpha < 0 { return eNow >= ad ? (ad.isFinite ? max(now, (ad - beta) / alpha) : nil) : nil }
            return eNow >= ad ? now : nil
        }
        if alpha > 0 { return ad.isFinite ? max(now, (ad - beta) / alpha) : nil }
        if alpha < 0 { return max(now, -beta / alpha) }
        return (eNow >= ad || eNow < 0) ? now : nil
    }

    // MARK: - Sampling

    /// The presentation tree at the current time.
    public func snapshot() -> Snapshot { Sampler.snapshot(of: self, at: now) }

    /// Advances to `t`, then samples there.
    /// A frame over the scene budget (`SceneBudget`) throws, naming the budget and the replicator.
    public func sample(at t: Double) throws -> Snapshot {
        try advance(to: t)
        return try budgetedSnapshot(at: now)
    }

    /// The tree as it is, sampled at `t` without moving the clock; a frame over the scene budget throws.
    func budgetedSnapshot(at t: Double) throws -> Snapshot {
        let s = Sampler.snapshot(of: self, at: t)
        if let overBudget = s.overBudget { throw overBudget }
        return s
    }

    /// The time by which every finite animation in the tree has ended, and
    /// whether some animation never ends (infinite repeats or a paused layer).
    /// An animation that ends after `horizon` counts as never ending: a
    /// repeat count of a million is "forever" to anyone sampling it.
    public func endOfAnimations(horizon: Double = .infinity) -> (end: Double, hasInfinite: Bool) {
        var end = now
        var infinite = false
        // `extra`: how much later, in global seconds, the last replicated copy of this subtree ends.
        root.visitTree((map: TimeMap.stage, extra: 0.0)) { layer, down in
            let (map, extra) = (down.map.then(layer.timing), down.extra)
            let la = map.rate, lb = map.offset
            let timings = layer.attached.filter { !$0.stopped }.map(\.animation.timing) + layer.lingering.map(\.timing)
            for timing in timings {
                let elapsed = map.elapsed(timing)
                let alpha = elapsed.rate, beta = elapsed.offset
                let ad = timing.activeDuration
                if !ad.isFinite || alpha <= 0 {
                    infinite = true
                } else if (ad - beta) / alpha + extra > horizon {
                    infinite = true
                } else {
                    end = max(end, (ad - beta) / alpha + extra)
                }
            }
            if layer.kind == .emitter {
                if layer.canEmit {
                    infinite = true
                } else if la > 0, case let quiet = layer.emitterQuietTime, quiet > 0 {
                    end = max(end, (quiet - lb) / la + extra)
                }
            }
            var childExtra = extra
            if layer.kind == .replicator, case .number(let n) = layer.values[.instanceCount],
               case .number(let d) = layer.values[.instanceDelay], n > 1, d > 0 {
                if la == 0 { infinite = true } else { childExtra += (n.rounded(.down) - 1) * d / abs(la) }
            }
            return ((map, extra), (map, childExtra))
        }
        for t in timerQueue.keys where timerActions[t.slot] != nil { end = max(end, t.time) }
        for e in scripted { end = max(end, e.time) }
        return (end, infinite)
    }
}
