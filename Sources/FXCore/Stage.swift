/// The host's world: the root layer, the simulated clock, and the timeline
/// that delivers animation starts and stops, timers and named events.
///
/// Time only moves through `advance(to:)`. Everything due up to that time is
/// delivered in time order, at its exact time: `now` equals the event's time
/// while its callback runs, so what a callback adds starts then, not at the
/// next frame. Events at the same instant fire in the order they were created
/// (docs/timing.md, "Events").
public final class Stage {
    public let size: Size
    public let root: Layer
    /// The simulated clock, in seconds from the start of the run.
    public private(set) var now: Double = 0
    /// Safety valve against callbacks that schedule endlessly at one instant.
    public var maxEventsPerInstant = 100_000

    private var sequence = 0
    private var timers: [Timer] = []
    private var handlers: [(name: String, action: () throws -> Void)] = []
    private var scripted: [(time: Double, name: String, sequence: Int)] = []

    private struct Timer {
        let id: Int
        let time: Double
        let action: () throws -> Void
    }

    /// A stage of `size` points; the root layer covers it.
    public init(size: Size) {
        self.size = size
        root = Layer(kind: .layer, name: "stage", stage: nil, id: 0)
        root.stage = self
        try! root.set(.bounds, .rect(Rect(0, 0, size.width, size.height)))
        try! root.set(.position, .point(Point(size.width / 2, size.height / 2)))
    }

    /// A new layer of `kind`, not yet in the tree.
    public func makeLayer(_ kind: LayerKind, name: String = "") -> Layer {
        let layer = Layer(kind: kind, name: name, stage: self, id: nextSequence())
        if kind == .replicator { replicators[layer.id] = layer }
        return layer
    }

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
        let id = nextSequence()
        timers.append(Timer(id: id, time: now + delay, action: action))
        return id
    }

    /// Cancels a pending timer; returns whether it was pending.
    @discardableResult
    public func cancelTimer(_ id: Int) -> Bool {
        guard let i = timers.firstIndex(where: { $0.id == id }) else { return false }
        timers.remove(at: i)
        return true
    }

    /// Registers a handler for a named event (`tap`, `focus`, …).
    public func on(_ name: String, _ action: @escaping () throws -> Void) {
        handlers.append((name, action))
    }

    /// The names that have handlers, in registration order, without repeats.
    public var eventNames: [String] {
        var seen: [String] = []
        for h in handlers where !seen.contains(h.name) { seen.append(h.name) }
        return seen
    }

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
        let matching = handlers.filter { $0.name == name }
        for h in matching { try h.action() }
        return !matching.isEmpty
    }

    // MARK: - Advancing the clock

    /// One thing due at a time.
    private enum Due {
        case start(AttachedAnimation, Layer)
        case stop(AttachedAnimation, Layer)
        case timer(Int)
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
            case .start(let a, _):
                try a.start()
            case .stop(let a, let layer):
                if a.animation.isRemovedOnCompletion {
                    layer.detach(lingering: layer.isReplicatedWithDelay || layer.remembers(a)) { $0 === a }
                }
                try a.stop(finished: true)
            case .timer(let index):
                let timer = timers.remove(at: index)
                try timer.action()
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
        for (i, timer) in timers.enumerated() { offer(max(timer.time, now), 2 * timer.id, .timer(i)) }
        for (i, e) in scripted.enumerated() { offer(max(e.time, now), 2 * e.sequence, .event(i)) }
        scanAnimations(root, a: 1, b: 0, offer: offer)
        return best.map { ($0.time, $0.due) }
    }

    /// Walks the tree with the global → local affine map `local = a·t + b`,
    /// offering each animation's next start or stop.
    private func scanAnimations(_ layer: Layer, a: Double, b: Double,
                                offer: (Double, Int, @autoclosure () -> Due) -> Void) {
        let la = a * layer.timing.speed
        let lb = (b - layer.timing.beginTime) * layer.timing.speed + layer.timing.timeOffset
        for record in layer.attached where !record.stopped {
            let timing = record.animation.timing
            // Elapsed animation time e(t) = alpha·t + beta.
            let alpha = la * timing.speed
            let beta = (lb - timing.beginTime) * timing.speed
            let ad = timing.activeDuration
            let eNow = alpha * now + beta
            if !record.started {
                if let t = Stage.crossing(alpha, beta, eNow, entering: true, ad: ad, now: now) {
                    offer(t, 2 * record.sequence, .start(record, layer))
                }
            } else if let t = Stage.crossing(alpha, beta, eNow, entering: false, ad: ad, now: now) {
                offer(t, 2 * record.sequence + 1, .stop(record, layer))
            }
        }
        if let m = layer.mask { scanAnimations(m, a: la, b: lb, offer: offer) }
        for child in layer.sublayers { scanAnimations(child, a: la, b: lb, offer: offer) }
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
    public func snapshot() -> Snapshot { Sampler.snapshot(of: root, at: now) }

    /// Advances to `t`, then samples there.
    public func sample(at t: Double) throws -> Snapshot {
        try advance(to: t)
        return snapshot()
    }

    /// The time by which every finite animation in the tree has ended, and
    /// whether some animation never ends (infinite repeats or a paused layer).
    /// An animation that ends after `horizon` counts as never ending: a
    /// repeat count of a million is "forever" to anyone sampling it.
    public func endOfAnimations(horizon: Double = .infinity) -> (end: Double, hasInfinite: Bool) {
        var end = now
        var infinite = false
        // `extra`: how much later, in global seconds, the last replicated copy of this subtree ends.
        func walk(_ layer: Layer, a: Double, b: Double, extra: Double) {
            let la = a * layer.timing.speed
            let lb = (b - layer.timing.beginTime) * layer.timing.speed + layer.timing.timeOffset
            let timings = layer.attached.filter { !$0.stopped }.map(\.animation.timing) + layer.lingering.map(\.timing)
            for timing in timings {
                let alpha = la * timing.speed, beta = (lb - timing.beginTime) * timing.speed
                let ad = timing.activeDuration
                if !ad.isFinite || alpha <= 0 {
                    infinite = true
                } else if (ad - beta) / alpha + extra > horizon {
                    infinite = true
                } else {
                    end = max(end, (ad - beta) / alpha + extra)
                }
            }
            var childExtra = extra
            if layer.kind == .replicator, case .number(let n) = layer.values[.instanceCount],
               case .number(let d) = layer.values[.instanceDelay], n > 1, d > 0 {
                if la == 0 { infinite = true } else { childExtra += (n.rounded(.down) - 1) * d / abs(la) }
            }
            if let m = layer.mask { walk(m, a: la, b: lb, extra: extra) }
            for c in layer.sublayers { walk(c, a: la, b: lb, extra: childExtra) }
        }
        walk(root, a: 1, b: 0, extra: 0)
        for t in timers { end = max(end, t.time) }
        for e in scripted { end = max(end, e.time) }
        return (end, infinite)
    }
}
