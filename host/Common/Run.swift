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
    try session.build(factory, arguments: arguments, on: stage)

    let handled = stage.eventNames
    for e in o.events {
        guard handled.contains(e.name) else {
            throw HostError.usage("--event \(e.time):\(e.name): plugin '\(info.name)' handles no event '\(e.name)'" +
                (handled.isEmpty ? " (it handles none)" : " (it handles: \(handled.joined(separator: ", ")))"))
        }
        try stage.schedule(event: e.name, at: e.time)
    }

    let progress = Progress(enabled: sinks.contains { $0.rendersFrames })
    func emit(_ t: Double) throws {
        let snapshot = try stage.sample(at: t)
        for sink in sinks { try sink.consume(snapshot) }
    }
    if let t = o.time {
        try emit(t)
    } else if let selection = o.frames ?? (o.countFrames ? .range(from: 0, to: 0) : nil) {
        // Frames before the selection are sampled (callbacks and timers run) but not drawn; once past
        // it the run stops if the frame count is known, and otherwise samples on to learn it.
        let wanted = selection.frames(total: total)
        let (count, _) = try sampleEvenFrames(of: stage, o, stopAfter: total == nil ? nil : wanted.upperBound) { frame, t, end in
            if wanted.contains(frame) {
                try emit(t)
                progress.update(time: t, end: end)
            } else {
                _ = try stage.sample(at: t)
            }
        }
        if o.countFrames {
            let out = OutputFile()
            try out.write("\(count)\n")
            try out.commit()
            return
        }
        total = total ?? count
    } else {
        let (count, end) = try sampleEvenFrames(of: stage, o, stopAfter: nil) { _, t, end in
            try emit(t)
            progress.update(time: t, end: end)
        }
        // Text sinks get one last sample exactly at the end; video keeps its frames evenly spaced.
        if !evenFrames, count > 0, Double(count - 1) / o.fps < end - 1e-9 { try emit(end) }
    }
    progress.finish()
    for sink in sinks { try sink.finish() }
    if o.manifest, let out = o.out {
        let frames = o.frames.map { $0.frames(total: total).clamped(to: 0..<total!) }
        try RenderManifest(o, info: info, factory: factory, pluginPath: path, frames: frames, total: total).write(beside: out)
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
