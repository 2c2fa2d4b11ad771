// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXIsolation
import FXPNG
import FXSinks
import Glibc

/// How long a run samples when `--end` is not given.
enum DefaultEnd {
    /// Sampling stops here when something repeats forever.
    static let forInfinite = 5.0
    /// And never goes past this without `--end`, whatever keeps scheduling work.
    static let cap = 60.0
}

/// Writes one of fxhost's lines to standard error. In a supervised child the
/// parent prints it, so that plugin code that closes or redirects the child's
/// standard error cannot silence fxhost.
public func stderrLine(_ s: String, newline: Bool = true) {
    var line = s + (newline ? "\n" : "")
    if Isolation.isChild {
        Isolation.note("say", line)
        return
    }
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Writes text to fxhost's standard output (through the parent, in a child).
func standardOutput(_ text: String) throws {
    let out = OutputFile(publication: RunPublication.current)
    try out.write(text)
    try out.commit()
}

/// Limits that the arguments alone decide, checked before any plugin code runs
/// and before the first byte goes out.
func checkKnownLimits(_ stage: StageOptions) throws {
    guard stage.time == nil, let end = stage.end else { return }
    // Frames at 0, 1/fps, … up to the end: floor(end × fps) + 1 of them.
    let frames = (end * stage.fps + 1e-9).rounded(.down) + 1
    guard frames <= Double(OutputLimits.maxFrames) else {
        throw HostError.usage("--fps and --end make \(Int(frames)) frames, more than \(OutputLimits.maxFrames) frames: lower --fps or --end")
    }
}

/// `--plugin NAME --help`: the plugin's factories and parameters.
func pluginHelp(_ options: RunOptions) throws {
    var o = options
    let loaded = try LoadedFactory.load(&o)
    try standardOutput(Help.plugin(loaded.info, selected: loaded.factory))
}

/// Loads the plugin, builds the factory, samples it and feeds the sinks.
func run(_ options: RunOptions, pixels: Pixels) throws {
    var o = options
    let plan = try RunPlan(try LoadedFactory.load(&o), options: o, pixels: pixels)
    try RunLoop(plan).run()
}

/// Carries out a `RunPlan`: samples the stage at the planned instants, feeds the sinks, shows
/// progress, and writes the manifest.
final class RunLoop {
    let plan: RunPlan
    let progress: Progress
    private var firstSample: Snapshot?
    /// Whether the last sample showed what the first did (kept in a shard's manifest, for the join).
    private var lastRepeatsFirst = false

    init(_ plan: RunPlan) {
        self.plan = plan
        let o = plan.options
        // A preview drawing on the terminal shows the time itself; a bar on that terminal would draw over it.
        let previewOnTerminal = o.output.kind == .preview && (o.output.out == nil || o.output.out == "-")
        progress = Progress(enabled: plan.sinks.contains { $0.rendersFrames } && !previewOnTerminal)
    }

    func run() throws {
        let o = plan.options
        var total = plan.total
        var heldEndSample = false
        switch plan.sampling {
        case .once(let t):
            try emit(t)
        case .selection(let wanted, let holdsTheEnd):
            let (count, end) = try sampleEvenFrames(of: plan.stage, o.stage, loop: o.loop, stopAfter: holdsTheEnd ? nil : wanted.upperBound) { frame, t, end in
                if wanted.contains(frame) {
                    try emit(t, last: frame > 0 && abs(t - end) <= 1e-9)
                    progress.update(time: t, end: end)
                } else {
                    _ = try sample(t)
                }
            }
            if o.countFrames {
                try standardOutput("\(count)\n")
                return
            }
            total = total ?? count
            if holdsTheEnd && wanted.upperBound >= count { heldEndSample = try endSample(count: count, end: end) }
        case .onePeriod:
            try sampleOnePeriod(plan.stage, fps: o.stage.fps) { snapshot in
                for sink in plan.sinks { try sink.consume(snapshot) }
                progress.update(time: snapshot.time, end: DefaultEnd.cap)
            }
        case .evenFrames:
            let (count, end) = try sampleEvenFrames(of: plan.stage, o.stage, loop: o.loop, stopAfter: nil) { frame, t, end in
                try emit(t, last: frame > 0 && abs(t - end) <= 1e-9)
                progress.update(time: t, end: end)
            }
            _ = try endSample(count: count, end: end)
        }
        progress.finish()
        for sink in plan.sinks { try sink.finish() }
        if o.output.manifest, let out = o.output.out {
            let loaded = plan.loaded
            var manifest = try RenderManifest(o, info: loaded.info, factory: loaded.factory, pluginPath: loaded.path,
                                              frames: o.output.frames.map { $0.frames(total: total).clamped(to: 0..<total!) }, total: total)
            manifest.endSample = heldEndSample
            manifest.lastRepeatsFirst = lastRepeatsFirst && (heldEndSample || manifest.frames?.upperBound == total)
            try manifest.write(beside: out)
        }
    }

    private func sample(_ t: Double) throws -> Snapshot {
        let snapshot = try plan.stage.sample(at: t)
        if firstSample == nil { firstSample = snapshot }
        return snapshot
    }

    private func emit(_ t: Double, last: Bool = false) throws {
        let first = firstSample
        let snapshot = try sample(t)
        // A plugin that declared its natural end (fx.h 1.2) says the frame there begins the next loop.
        if last, let first, plan.stage.preferredEnd != nil || snapshot.presentsTheSame(as: first) {
            lastRepeatsFirst = true
            if plan.loopsByItself { return }
        }
        for sink in plan.sinks { try sink.consume(snapshot) }
    }

    /// Outputs other than video get one last sample exactly at the end, when the frames stop short of it.
    private func endSample(count: Int, end: Double) throws -> Bool {
        guard !plan.evenFrames, !plan.options.loop, count > 0, Double(count - 1) / plan.options.stage.fps < end - 1e-9 else { return false }
        try emit(end, last: true)
        return true
    }
}

/// `--loop` without `--end`: samples until the stage settles (nothing finite
/// left to happen; `LoopPeriod`), holding the samples back meanwhile. If
/// nothing repeats forever the run is the effect from 0 to its end,
/// end-exclusive; otherwise it is one whole period from the first frame
/// after settling, end-exclusive. Either way the frame after the last is the first.
func sampleOnePeriod(_ stage: Stage, fps: Double, emit: (Snapshot) throws -> Void) throws {
    var held: [Snapshot] = []
    var end = 0.0
    var frame = 0
    while true {
        let t = Double(frame) / fps
        guard t <= DefaultEnd.cap + 1e-9 else {
            throw HostError.usage("--loop: the effect is still changing at \(Int(DefaultEnd.cap)) s (an animation or timer keeps coming); give --end T to loop 0 to T")
        }
        let snapshot = try stage.sample(at: t)
        if let declared = stage.preferredEnd {
            // The plugin said where its content ends (fx.h 1.2): 0 to there, end excluded.
            guard t < min(declared, DefaultEnd.cap) - 1e-9 || frame == 0 else { return }
            try emit(snapshot)
            frame += 1
            continue
        }
        guard stage.hasSettled(horizon: DefaultEnd.cap) else {
            held.append(snapshot)
            end = max(end, stage.endOfAnimations(horizon: DefaultEnd.cap).end)
            frame += 1
            continue
        }
        switch stage.loopPeriod(limit: DefaultEnd.cap) {
        case .none where stage.emitsForever:
            // Particles never repeat: the run is the natural end's length (at least 5 s), end-exclusive.
            for s in held { try emit(s) }
            let last = naturalEnd(stage)
            var k = frame
            while Double(k) / fps < last - 1e-9 {
                try emit(k == frame ? snapshot : try stage.sample(at: Double(k) / fps))
                k += 1
            }
        case .none:
            // The effect ends at `end`; the frame there would show what the first one does.
            let kept = held.filter { $0.time < end - 1e-9 }
            for s in kept.isEmpty ? [held.first ?? snapshot] : kept { try emit(s) }
        case .period(let p):
            let frames = p * fps
            if abs(frames - frames.rounded()) > 1e-6 {
                stderrLine("fxhost: warning: --loop: the period, \(ValueFormat.fixed(p)) s, is not a whole number of frames at \(ValueFormat.fixed(fps, 0)) fps, so the seam is off by part of a frame (an --fps of \(ValueFormat.fixed(1 / p, 3)) × N fits)")
            }
            try emit(snapshot)
            for k in 1..<max(1, Int(frames.rounded())) { try emit(try stage.sample(at: t + Double(k) / fps)) }
        case .unbounded(let why):
            throw HostError.usage("--loop: \(why); give --end T to loop 0 to T")
        }
        return
    }
}

/// The end the plugin declared (fx.h 1.2 `stage_prefer`), if it did; otherwise
/// when every finite animation and timer is done; at least 5 s when
/// something repeats forever (or would end only after 60 s, which is the
/// same to anyone watching); never more than 60 s.
public func naturalEnd(_ stage: Stage) -> Double {
    if let declared = stage.preferredEnd { return min(DefaultEnd.cap, declared) }
    let (end, infinite) = stage.endOfAnimations(horizon: DefaultEnd.cap)
    return min(DefaultEnd.cap, infinite ? max(end, DefaultEnd.forInfinite) : end)
}

/// The natural end as it stands once the work due before `t` has run. A
/// pending timer counts in the end at its due time, but its callback may
/// schedule more (a repeating timer chain), so an end read before it fires
/// is only a lower bound: while the end falls short of `t` and the clock has
/// not reached it, the stage is advanced to that end and the end read again.
/// The clock never passes the end returned, nor `t`.
public func naturalEnd(_ stage: Stage, reaching t: Double) throws -> Double {
    var end = naturalEnd(stage)
    while t > end + 1e-9, stage.now < end {
        try stage.advance(to: end)
        end = naturalEnd(stage)
    }
    return end
}

/// Whether two paths name the same existing file.
func sameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
}

func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
}

/// A frames folder must exist (fxhost does not create folders).
public func checkFolder(_ path: String) throws {
    let folder: String
    if path.contains("%") {
        folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    } else {
        folder = path
    }
    guard folder.isEmpty || isDirectory(folder) else {
        throw HostError.usage("--out \(path): the folder '\(folder)' does not exist")
    }
}
