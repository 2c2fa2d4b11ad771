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

public func stderrLine(_ s: String, newline: Bool = true) {
    var line = s + (newline ? "\n" : "")
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Loads the plugin, builds the factory, samples it and feeds the sink.
func run(_ options: Options, pixels: Pixels?) throws {
    var o = options
    guard let pluginName = o.plugin else {
        throw HostError.usage("no plugin given: use --plugin NAME (fxhost --list shows them)")
    }
    let locator = PluginLocator()
    let path = try locator.resolve(pluginName)
    if let warning = locator.ambiguity(pluginName) { stderrLine("fxhost: warning: " + warning) }
    let session = HostSession(pluginName: pluginName, report: { stderrLine("fxhost: warning: \($0)") },
                              decodePNG: { path in
                                  do { return try PNGDecoder.decode(path: path) } catch let e as PNGDecoder.Failure {
                                      throw HostError.usage(e.message)
                                  }
                              })
    session.log = { stderrLine("fxhost: \($0)") }
    let info = try PluginLoader.load(path, session: session)
    let factory = try info.factory(named: o.factory)
    if o.mode == .pluginHelp {
        print(Help.plugin(info, selected: factory), terminator: "")
        return
    }
    let arguments = try o.factoryArguments(for: factory)
    // An output must never overwrite an input.
    let inputs = arguments.compactMap { a -> String? in if case .file(let f) = a, !f.isEmpty { return f } else { return nil } } + [path]
    for output in [o.out, o.sheet].compactMap({ $0 }) where output != "-" {
        if let clash = inputs.first(where: { sameFile($0, output) }) {
            throw HostError.usage("--out \(output) is also an input ('\(clash)'); write to another file")
        }
    }

    // Open the outputs before any plugin code builds anything: a bad --out costs nothing.
    let sinks = try makeSinks(o, pixels: pixels)
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
    } else {
        var frame = 0
        while true {
            let t = Double(frame) / o.fps
            let end = o.end ?? naturalEnd(stage)
            guard frame < OutputLimits.maxFrames else {
                throw HostError.usage("more than \(OutputLimits.maxFrames) frames: lower --fps or --end")
            }
            if t > end + 1e-9 {
                // Text sinks get one last sample exactly at the end; video keeps its frames evenly spaced.
                if !evenFrames, frame > 0, Double(frame - 1) / o.fps < end - 1e-9 { try emit(end) }
                break
            }
            try emit(t)
            progress.update(time: t, end: end)
            frame += 1
        }
    }
    progress.finish()
    for sink in sinks { try sink.finish() }
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
