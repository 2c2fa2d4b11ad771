// SPDX-License-Identifier: MIT
/// Which instants a run samples (docs/timing.md, "The natural end and timers" and "Loops";
/// docs/SCALE.md for shards): frame k at k / fps, from 0 up to the end given or the stage's
/// natural end; with `loop`, one whole period, end-exclusive, so that the frame after the last
/// is the first; a shard's share of the frames; and the last samples each kind of output keeps.
/// Runs and joins both ask it, so that a joined file is the file the whole run writes.
public struct FramePlan: Equatable, Sendable {
    /// Without an end given, sampling stops here when something repeats forever.
    public static let endForInfinite = 5.0
    /// And never goes past this without an end given, whatever keeps scheduling work.
    public static let cap = 60.0
    /// Times closer than this are one instant (0.1 × 3 is 0.30000000000000004).
    static let sameInstant = 1e-9

    public var fps: Double
    /// The end given (`--end`, or a factory's `--duration`); nil: the stage's natural end.
    public var end: Double?
    /// One whole period, end-exclusive (`--loop`).
    public var loop: Bool
    /// The most frames a run may have.
    public var maxFrames: Int

    public init(fps: Double, end: Double? = nil, loop: Bool = false, maxFrames: Int = 100_000) {
        self.fps = fps
        self.end = end
        self.loop = loop
        self.maxFrames = maxFrames
    }

    /// Why a plan cannot be carried out; the command line words it for its options.
    public enum Refusal: Error, Equatable {
        /// More than `maxFrames` frames.
        case tooManyFrames(Int)
        /// `loop` without an end: the stage was still changing at `cap`.
        case stillChanging(at: Double)
        /// `loop` without an end: it repeats forever, but has no period to find (`LoopPeriod.unbounded`).
        case noPeriod(String)
    }

    /// Frame k's time.
    public func time(ofFrame k: Int) -> Double { Double(k) / fps }

    /// Whether frame `k` is in a run that ends at `end`: its time is at most the end, and with
    /// `loop` before it (the end is the next loop's first frame); frame 0 always is.
    public func includes(frame k: Int, end: Double) -> Bool {
        let t = time(ofFrame: k)
        if loop && k > 0 && t >= end - FramePlan.sameInstant { return false }
        return t <= end + FramePlan.sameInstant
    }

    /// How many frames a run that ends at `end` has (at most `maxFrames` + 1, where counting stops).
    public func frameCount(end: Double) -> Int {
        var n = 0
        while n <= maxFrames && includes(frame: n, end: end) { n += 1 }
        return n
    }

    /// The run's frame count when it is known before sampling: with an end given, arithmetic;
    /// without, the stage's natural end, when nothing left on it can call plugin code (no timer,
    /// scripted event or animation callback pending: `Stage.mayCallBack`), since only a callback
    /// moves that end. Nil otherwise: only sampling the whole run can tell, and a shard, which
    /// must know its frames before it draws the first, has it counted by a run of its own.
    public func frameCount(of stage: Stage) -> Int? {
        if let end { return frameCount(end: end) }
        guard !loop, !stage.mayCallBack else { return nil }
        return frameCount(end: stage.naturalEnd)
    }

    /// Frames `index` of `count` equal shares of `total` frames: ⌊i·total/n⌋ up to ⌊(i+1)·total/n⌋.
    public static func shard(_ index: Int, of count: Int, total: Int) -> Range<Int> {
        (index * total / count)..<((index + 1) * total / count)
    }

    /// Whether a run of `count` frames ending at `end` takes one more sample exactly at the end,
    /// when its frames stop short of it: outputs other than video (`evenFramesOnly`) do, so that
    /// a finite effect's last sample shows where it comes to rest; a loop does not.
    public func takesEndSample(count: Int, end: Double, evenFramesOnly: Bool) -> Bool {
        !evenFramesOnly && !loop && count > 0 && time(ofFrame: count - 1) < end - FramePlan.sameInstant
    }

    /// Whether a last frame at the natural end that presents what the first did is left out: for
    /// an output a viewer plays over and over by itself, the first frame follows it at the seam.
    /// With an end given every frame up to it is kept.
    public func dropsRepeatedLastFrame(playsOverAndOver: Bool) -> Bool { end == nil && playsOverAndOver }

    /// Whether `last`, the run's last sample, shows what `first` did, so the next loop begins
    /// there: a plugin that declared its natural end (fx.h 1.2) says so; otherwise the two are compared.
    public static func lastRepeatsFirst(_ last: Snapshot, _ first: Snapshot, on stage: Stage) -> Bool {
        stage.preferredEnd != nil || last.presentsTheSame(as: first)
    }

    /// Samples the evenly spaced frames: frame k at k / fps, up to the end given or the natural
    /// end (read again before every frame, once the work due before it has run, since callbacks
    /// add work). `body` gets each frame's index, time and the end known so far; the answer is
    /// how many frames the run has (or `stopAfter`, when the caller needs no more) and the end last read.
    public func sampleEvenFrames(of stage: Stage, stopAfter: Int?,
                                 _ body: (_ frame: Int, _ time: Double, _ end: Double) throws -> Void) throws -> (count: Int, end: Double) {
        var frame = 0
        var end = 0.0
        while stopAfter.map({ frame < $0 }) ?? true {
            let t = time(ofFrame: frame)
            end = try self.end ?? stage.naturalEnd(reaching: t)
            guard frame < maxFrames else { throw Refusal.tooManyFrames(maxFrames) }
            guard includes(frame: frame, end: end) else { break }
            try body(frame, t, end)
            frame += 1
        }
        return (frame, end)
    }

    /// `loop` without an end: samples until the stage settles (nothing finite left to happen;
    /// `LoopPeriod`), holding the samples back meanwhile. If nothing repeats forever the run is
    /// the effect from 0 to its end, end-exclusive; otherwise it is one whole period from the
    /// first frame after settling, end-exclusive. Either way the frame after the last is the
    /// first. `offGrid` hears of a period that is not a whole number of frames.
    public func sampleOnePeriod(of stage: Stage, offGrid: (_ period: Double) -> Void, emit: (Snapshot) throws -> Void) throws {
        var held: [Snapshot] = []
        var end = 0.0
        var frame = 0
        let cap = FramePlan.cap
        while true {
            let t = time(ofFrame: frame)
            guard t <= cap + FramePlan.sameInstant else { throw Refusal.stillChanging(at: cap) }
            let snapshot = try stage.sample(at: t)
            if let declared = stage.preferredEnd {
                // The plugin said where its content ends (fx.h 1.2): 0 to there, end excluded.
                guard t < min(declared, cap) - FramePlan.sameInstant || frame == 0 else { return }
                try emit(snapshot)
                frame += 1
                continue
            }
            guard stage.hasSettled(horizon: cap) else {
                held.append(snapshot)
                end = max(end, stage.endOfAnimations(horizon: cap).end)
                frame += 1
                continue
            }
            switch stage.loopPeriod(limit: cap) {
            case .none where stage.emitsForever:
                // Particles never repeat: the run is the natural end's length (at least 5 s), end-exclusive.
                for s in held { try emit(s) }
                let last = stage.naturalEnd
                var k = frame
                while time(ofFrame: k) < last - FramePlan.sameInstant {
                    try emit(k == frame ? snapshot : try stage.sample(at: time(ofFrame: k)))
                    k += 1
                }
            case .none:
                // The effect ends at `end`; the frame there would show what the first one does.
                let kept = held.filter { $0.time < end - FramePlan.sameInstant }
                for s in kept.isEmpty ? [held.first ?? snapshot] : kept { try emit(s) }
            case .period(let p):
                let frames = p * fps
                if abs(frames - frames.rounded()) > 1e-6 { offGrid(p) }
                try emit(snapshot)
                for k in 1..<max(1, Int(frames.rounded())) { try emit(try stage.sample(at: t + Double(k) / fps)) }
            case .unbounded(let why):
                throw Refusal.noPeriod(why)
            }
            return
        }
    }
}

extension Stage {
    /// The end the plugin declared (fx.h 1.2 `stage_prefer`), if it did; otherwise when every
    /// finite animation and timer is done; at least 5 s when something repeats forever (or
    /// would end only after 60 s, which is the same to anyone watching); never more than 60 s.
    public var naturalEnd: Double {
        let cap = FramePlan.cap
        if let declared = preferredEnd { return min(cap, declared) }
        let (end, infinite) = endOfAnimations(horizon: cap)
        return min(cap, infinite ? max(end, FramePlan.endForInfinite) : end)
    }

    /// The natural end as it stands once the work due before `t` has run. A pending timer
    /// counts in the end at its due time, but its callback may schedule more (a repeating
    /// timer chain), so an end read before it fires is only a lower bound: while the end falls
    /// short of `t` and the clock has not reached it, the stage is advanced to that end and the
    /// end read again. The clock never passes the end returned, nor `t`.
    public func naturalEnd(reaching t: Double) throws -> Double {
        var end = naturalEnd
        while t > end + FramePlan.sameInstant, now < end {
            try advance(to: end)
            end = naturalEnd
        }
        return end
    }

    /// Whether anything still to happen calls plugin code: a pending timer or scripted event, or
    /// an animation on the tree with a start or stop callback it has yet to deliver. Only such a
    /// callback can move the natural end once the stage is built.
    public var mayCallBack: Bool {
        if hasPendingTimersOrEvents { return true }
        var calls = false
        root.visitTree(()) { layer, _ in
            calls = calls || layer.attached.contains { a in
                (!a.started && a.animation.didStart != nil) || (!a.stopped && a.animation.didStop != nil)
            }
        }
        return calls
    }
}
