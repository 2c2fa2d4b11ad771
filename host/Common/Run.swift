// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXIsolation
import FXPNG
import FXSinks
import Glibc

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
func run(_ options: RunOptions) throws {
    var o = options
    let plan = try RunPlan(try LoadedFactory.load(&o, outputs: !o.countFrames), options: o)
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
        do { try sampleAndFinish() } catch let refusal as FramePlan.Refusal { throw HostError.usage(refusal.message) }
    }

    private func sampleAndFinish() throws {
        let o = plan.options
        let frames = plan.frames
        var total = plan.total
        var heldEndSample = false
        switch plan.sampling {
        case .once(let t):
            try emit(t)
        case .selection(let wanted, let holdsTheEnd):
            let (count, end) = try frames.sampleEvenFrames(of: plan.stage, stopAfter: holdsTheEnd ? nil : wanted.upperBound) { frame, t, end in
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
            try frames.sampleOnePeriod(of: plan.stage, offGrid: { p in
                stderrLine("fxhost: warning: --loop: the period, \(ValueFormat.fixed(p)) s, is not a whole number of frames at \(ValueFormat.fixed(o.stage.fps, 0)) fps, so the seam is off by part of a frame (an --fps of \(ValueFormat.fixed(1 / p, 3)) × N fits)")
            }) { snapshot in
                for sink in plan.sinks { try sink.consume(snapshot) }
                progress.update(time: snapshot.time, end: FramePlan.cap)
            }
        case .evenFrames:
            let (count, end) = try frames.sampleEvenFrames(of: plan.stage, stopAfter: nil) { frame, t, end in
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
        if last, let first, FramePlan.lastRepeatsFirst(snapshot, first, on: plan.stage) {
            lastRepeatsFirst = true
            if plan.loopsByItself { return }
        }
        for sink in plan.sinks { try sink.consume(snapshot) }
    }

    /// Outputs other than video get one last sample exactly at the end, when the frames stop short of it.
    private func endSample(count: Int, end: Double) throws -> Bool {
        guard plan.frames.takesEndSample(count: count, end: end, evenFramesOnly: plan.evenFrames) else { return false }
        try emit(end, last: true)
        return true
    }
}

extension FramePlan.Refusal {
    /// The refusal in the command line's words.
    var message: String {
        switch self {
        case .tooManyFrames(let most): "more than \(most) frames: lower --fps or --end"
        case .stillChanging(let cap):
            "--loop: the effect is still changing at \(Int(cap)) s (an animation or timer keeps coming); give --end T to loop 0 to T"
        case .noPeriod(let why): "--loop: \(why); give --end T to loop 0 to T"
        }
    }
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
