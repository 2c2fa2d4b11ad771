// SPDX-License-Identifier: MIT
/// One whole period of a stage that has settled into repeating forever, for
/// loop-friendly outputs (`fxhost --loop`).
///
/// A stage has *settled* when nothing finite is left to happen: no timer or
/// scripted event is pending, every finite animation has ended, and every
/// forever-repeating animation has begun. From then on its presentation is a
/// pure function of time, and repeats with a period that is a common
/// multiple of the forever animations' cycles (each cycle measured in stage
/// seconds, through the speeds above it). The period is the least common
/// multiple of those cycles, times the least whole number k for which the
/// presentation at `now + k·LCM` matches the one at `now` (k > 1 only for
/// cumulative animations: a quarter turn repeated forever comes back after 4).
public enum LoopPeriod: Equatable, Sendable {
    /// Nothing repeats forever: the effect ends.
    case none
    /// The presentation repeats every this many seconds.
    case period(Double)
    /// It repeats forever but not within the limit; the text says why.
    case unbounded(String)
}

extension Stage {
    /// Whether nothing finite is left to happen (see `LoopPeriod`). An animation
    /// that ends more than `horizon` seconds from now counts as repeating forever.
    public func hasSettled(horizon: Double) -> Bool {
        let (end, _) = endOfAnimations(horizon: now + horizon)
        guard end <= now + 1e-9, !hasPendingTimersOrEvents else { return false }
        var waiting = false
        forEachAnimation { alpha, elapsed, timing in
            if alpha > 0, elapsed < 0, Stage.repeatsBeyond(horizon, alpha, elapsed, timing) { waiting = true }
        }
        return !waiting
    }

    /// Whether an animation goes on for more than `horizon` seconds from now (or forever).
    static func repeatsBeyond(_ horizon: Double, _ alpha: Double, _ elapsed: Double, _ timing: MediaTiming) -> Bool {
        let ad = timing.activeDuration
        return !ad.isFinite || alpha <= 0 || (ad - elapsed) / alpha > horizon
    }

    /// The period of a settled stage, looked for up to `limit` seconds (animations
    /// ending beyond that count as repeating forever).
    public func loopPeriod(limit: Double) -> LoopPeriod {
        var cycles: [Double] = []
        var backwards = false
        forEachAnimation { alpha, elapsed, timing in
            guard Stage.repeatsBeyond(limit, alpha, elapsed, timing) else { return }
            if alpha < 0 { backwards = true }
            if alpha > 0 { cycles.append(timing.cycleDuration / alpha) }
        }
        if backwards { return .unbounded("an animation repeating forever runs backwards (negative speed)") }
        guard let longest = cycles.max() else { return .none }
        var base: Double?
        var m = 1.0
        while m * longest <= limit + 1e-9 {
            let l = m * longest
            if cycles.allSatisfy({ c in let q = l / c; return abs(q - q.rounded()) < 1e-6 * max(1, q) }) {
                base = l
                break
            }
            m += 1
        }
        guard let base else {
            return .unbounded("the cycles of the animations repeating forever (\(cycles.map { "\($0) s" }.joined(separator: ", "))) have no common multiple within \(limit) s")
        }
        // Compare the presentation a third of the way in too, so one coincidence is not taken for a period.
        let here = [Sampler.snapshot(of: self, at: now), Sampler.snapshot(of: self, at: now + base / 3)]
        var k = 1.0
        while k * base <= limit + 1e-9 {
            let there = [Sampler.snapshot(of: self, at: now + k * base), Sampler.snapshot(of: self, at: now + k * base + base / 3)]
            if zip(here, there).allSatisfy({ LoopPeriod.samePresentation($0, $1) }) { return .period(k * base) }
            k += 1
        }
        return .unbounded("the presentation does not come back within \(limit) s (a cumulative animation keeps adding)")
    }

    /// Calls `body` with each attached animation's rate (its elapsed seconds per stage second),
    /// its elapsed time now, and its timing: the same walk `endOfAnimations` makes.
    private func forEachAnimation(_ body: (_ alpha: Double, _ elapsed: Double, _ timing: MediaTiming) -> Void) {
        root.visitTree(TimeMap.stage) { layer, parent in
            let map = parent.then(layer.timing)
            for record in layer.attached where !record.stopped {
                let timing = record.animation.timing
                body(map.elapsed(timing).rate, timing.elapsed(atParentTime: map(now)), timing)
            }
            return map
        }
    }
}

extension Snapshot {
    /// Whether two samples present the same tree: the same layers, every property equal to
    /// within 1e-6, transitions at the same progress (particles are not compared).
    public func presentsTheSame(as other: Snapshot) -> Bool { LoopPeriod.samePresentation(self, other) }
}

extension LoopPeriod {
    /// Two presentations equal to within 1e-6 in every number (layers, properties, transitions).
    static func samePresentation(_ a: Snapshot, _ b: Snapshot) -> Bool {
        guard a.layers.count == b.layers.count else { return false }
        for (x, y) in zip(a.layers, b.layers) {
            guard x.id == y.id, x.kind == y.kind, x.transitions.count == y.transitions.count else { return false }
            for p in Property.allCases where p.applies(to: x.kind) && p != .emitterCells {
                guard close(x[p], y[p]) else { return false }
            }
            for (s, t) in zip(x.transitions, y.transitions) where abs(s.progress - t.progress) > 1e-6 { return false }
        }
        return true
    }

    static func close(_ a: Value, _ b: Value) -> Bool {
        func near(_ x: [Double], _ y: [Double]) -> Bool { x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= 1e-6 } }
        switch (a, b) {
        case (.number(let x), .number(let y)): return near([x], [y])
        case (.point(let x), .point(let y)): return near([x.x, x.y], [y.x, y.y])
        case (.size(let x), .size(let y)): return near([x.width, x.height], [y.width, y.height])
        case (.rect(let x), .rect(let y)):
            return near([x.origin.x, x.origin.y, x.size.width, x.size.height], [y.origin.x, y.origin.y, y.size.width, y.size.height])
        case (.color(let x), .color(let y)): return near([x.red, x.green, x.blue, x.alpha], [y.red, y.green, y.blue, y.alpha])
        case (.transform(let x), .transform(let y)): return near(x.entries, y.entries)
        case (.numbers(let x), .numbers(let y)): return near(x, y)
        case (.colors(let x), .colors(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { close(.color($0), .color($1)) }
        default: return a == b
        }
    }
}
