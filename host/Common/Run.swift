import FXCore
import FXHost
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
    let out = OutputFile()
    try out.write(text)
    try out.commit()
}

/// Limits that the arguments alone decide, checked before any plugin code runs
/// and before the first byte goes out.
func checkKnownLimits(_ o: Options) throws {
    guard o.time == nil, let end = o.end else { return }
    // Frames at 0, 1/fps, … up to the end: floor(end × fps) + 1 of them.
    let frames = (end * o.fps + 1e-9).rounded(.down) + 1
    guard frames <= Double(OutputLimits.maxFrames) else {
        throw HostError.usage("--fps and --end make \(Int(frames)) frames, more than \(OutputLimits.maxFrames) frames: lower --fps or --end")
    }
}

/// Loads the plugin, builds the factory, samples it and feeds the sink.
func run(_ options: Options, pixels: Pixels?) throws {
    var o = options
    guard let pluginName = o.plugin else {
        throw HostError.usage("no plugin given: use --plugin NAME (fxhost --list shows them)")
    }
    try checkKnownLimits(o)
    // Outputs are named from the folder fxhost started in, whatever plugin code does with its folder.
    o.out = o.out.map(OutputNames.resolve)
    o.sheet = o.sheet.map(OutputNames.resolve)
    let locator = PluginLocator()
    let path = try locator.resolve(pluginName)
    if let warning = locator.ambiguity(pluginName) { stderrLine("fxhost: warning: " + TerminalText.escape(warning)) }
    let session = HostSession(pluginName: pluginName, report: { stderrLine("fxhost: warning: " + TerminalText.escape($0)) },
                              decodePNG: { path in
                                  do { return try PNGDecoder.decode(path: path) } catch let e as PNGDecoder.Failure {
                                      throw HostError.usage(e.message)
                                  }
                              })
    session.log = { stderrLine("fxhost: " + TerminalText.escape($0)) }
    let info = try PluginLoader.load(path, session: session)
    let factory = try info.factory(named: o.factory)
    if o.mode == .pluginHelp {
        try standardOutput(Help.plugin(info, selected: factory))
        return
    }
    let arguments = try o.factoryArguments(for: factory)
    // An output must never overwrite an input.
    let inputs = arguments.compactMap { a -> String? in if case .file(let f) = a, !f.isEmpty { return f } else { return nil } } + [path]
    for output in [o.out, o.sheet].compactMap({ $0 }) where output != "-" {
        if let clash = inputs.first(where: { sameFile($0, output) }) {
            throw HostError.usage("--out \(OutputNames.given[output] ?? output) is also an input ('\(clash)'); write to another file")
        }
    }

    // A shard needs the run's frame count before it can know its frames.
    var total: Int?
    if let selection = o.frames {
        guard o.time == nil else { throw HostError.usage("--time takes one sample; --frames and --shard select frames of a whole run") }
        if selection.needsTotal { total = try totalFrames(o) }
        o.firstFrame = selection.frames(total: total).lowerBound
    }

    // Open the outputs before any plugin code builds anything: a bad --out costs nothing.
    let sinks = o.countFrames ? [] : try makeSinks(o, pixels: pixels)
    let evenFrames = sinks.contains { $0.wantsEvenFrames }

    let stage = Stage(size: Size(o.width, o.height))
    stage.mediaTimeOrigin = o.mediaTime
    try session.build(factory, arguments: arguments, on: stage)

    let handled = stage.eventNames
    for e in o.events {
        guard handled.contains(e.name) else {
            throw HostError.usage("--event \(e.time):\(e.name): plugin '\(info.name)' handles no event '\(e.name)'" +
                (handled.isEmpty ? " (it handles none)" : " (it handles: \(handled.joined(separator: ", ")))"))
        }
        try stage.schedule(event: e.name, at: e.time)
    }

    // An animated image plays over and over: a last frame, at the natural end, that shows what the
    // first showed would repeat at the seam, so it is left out (docs/timing.md, "Loops").
    let kind = try o.sink.flatMap(SinkKind.init(rawValue:)) ?? kindForOut(o.out)
    // A preview drawing on the terminal shows the time itself; a bar on that terminal would draw over it.
    let previewOnTerminal = kind == .preview && (o.out == nil || o.out == "-")
    let progress = Progress(enabled: sinks.contains { $0.rendersFrames } && !previewOnTerminal)
    let loopsByItself = o.end == nil && (kind == .png || kind == .gif)
    var firstSample: Snapshot?
    /// Whether the last sample showed what the first did (kept in a shard's manifest, for the join).
    var lastRepeatsFirst = false
    func sample(_ t: Double) throws -> Snapshot {
        let snapshot = try stage.sample(at: t)
        if firstSample == nil { firstSample = snapshot }
        return snapshot
    }
    func emit(_ t: Double, last: Bool = false) throws {
        let first = firstSample
        let snapshot = try sample(t)
        if last, let first, snapshot.presentsTheSame(as: first) {
            lastRepeatsFirst = true
            if loopsByItself { return }
        }
        for sink in sinks { try sink.consume(snapshot) }
    }
    /// Outputs other than video get one last sample exactly at the end, when the frames stop short of it.
    func endSample(count: Int, end: Double) throws -> Bool {
        guard !evenFrames, !o.loop, count > 0, Double(count - 1) / o.fps < end - 1e-9 else { return false }
        try emit(end, last: true)
        return true
    }
    var heldEndSample = false
    if let t = o.time {
        try emit(t)
    } else if let selection = o.frames ?? (o.countFrames ? .range(from: 0, to: 0) : nil) {
        // Frames before the selection are sampled (callbacks and timers run) but not drawn. Past it
        // the run stops, unless the frame count is not known yet or the selection holds the last
        // frame: then it runs to its end as the whole run does, with the same last sample.
        let wanted = selection.frames(total: total)
        let holdsTheEnd = total.map { wanted.upperBound >= $0 } ?? true
        let (count, end) = try sampleEvenFrames(of: stage, o, stopAfter: holdsTheEnd ? nil : wanted.upperBound) { frame, t, end in
            if wanted.contains(frame) {
                try emit(t, last: frame > 0 && abs(t - end) <= 1e-9)
                progress.update(time: t, end: end)
            } else {
                _ = try sample(t)
            }
        }
        if o.countFrames {
            let out = OutputFile()
            try out.write("\(count)\n")
            try out.commit()
            return
        }
        total = total ?? count
        if holdsTheEnd && wanted.upperBound >= count { heldEndSample = try endSample(count: count, end: end) }
    } else if o.loop && o.end == nil {
        try sampleOnePeriod(stage, fps: o.fps) { snapshot in
            for sink in sinks { try sink.consume(snapshot) }
            progress.update(time: snapshot.time, end: DefaultEnd.cap)
        }
    } else {
        let (count, end) = try sampleEvenFrames(of: stage, o, stopAfter: nil) { frame, t, end in
            try emit(t, last: frame > 0 && abs(t - end) <= 1e-9)
            progress.update(time: t, end: end)
        }
        _ = try endSample(count: count, end: end)
    }
    progress.finish()
    for sink in sinks { try sink.finish() }
    if o.manifest, let out = o.out {
        var manifest = try RenderManifest(o, info: info, factory: factory, pluginPath: path,
                                          frames: o.frames.map { $0.frames(total: total).clamped(to: 0..<total!) }, total: total)
        manifest.endSample = heldEndSample
        manifest.lastRepeatsFirst = lastRepeatsFirst && (heldEndSample || manifest.frames?.upperBound == total)
        try manifest.write(beside: out)
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

/// When every finite animation and timer is done; at least 5 s when
/// something repeats forever (or would end only after 60 s, which is the
/// same to anyone watching); never more than 60 s.
public func naturalEnd(_ stage: Stage) -> Double {
    let (end, infinite) = stage.endOfAnimations(horizon: DefaultEnd.cap)
    return min(DefaultEnd.cap, infinite ? max(end, DefaultEnd.forInfinite) : end)
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
