// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXPNG
import FXRender
import FXSinks

/// A plugin loaded for a run (or its help), with the factory the command line chose.
struct LoadedFactory {
    let path: String
    let session: HostSession
    let info: PluginInfo
    let factory: FactoryInfo

    /// Checks what the arguments alone decide (with `outputs`, the run's format and its options
    /// too), then loads the plugin. Outputs are named from the folder fxhost started in, whatever
    /// plugin code does with its folder, so they are made absolute first.
    static func load(_ o: inout RunOptions, outputs: Bool = false) throws -> LoadedFactory {
        guard let pluginName = o.plugin else {
            throw HostError.usage("no plugin given: use --plugin NAME (fxhost --list shows them)")
        }
        try checkKnownLimits(o.stage)
        StartFolder.remember()
        o.output.out = o.output.out.map(OutputNames.resolve)
        if let sheet = o.output.sheet?.path { o.output.sheet?.path = OutputNames.resolve(sheet) }
        if outputs { try o.output.checkBeforeTheRun(o.stage) }
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
        let info = try PluginLoader.load(path, session: session, hostOptions: HostOption.parameterNames)
        return LoadedFactory(path: path, session: session, info: info, factory: try info.factory(named: o.factory))
    }
}

/// What a run samples, renders and writes, settled before the first sample: the built stage,
/// the open sinks, and which instants to sample.
struct RunPlan {
    enum Sampling {
        /// `--time T`: one sample.
        case once(at: Double)
        /// `--frames`, `--shard` or `--count-frames`: frames before `wanted` are sampled but not
        /// drawn; past it the run stops unless it `holdsTheEnd` (or the frame count is not known).
        case selection(wanted: Range<Int>, holdsTheEnd: Bool)
        /// `--loop` without `--end`: one whole period, found by sampling.
        case onePeriod
        /// Frames k / fps up to the end, and the last sample at the end.
        case evenFrames
    }

    let loaded: LoadedFactory
    /// The options with outputs made absolute and the end `--duration` set.
    let options: RunOptions
    let stage: Stage
    let sinks: [Sink]
    let sampling: Sampling
    /// The run's frame count, when a shard needed it before sampling.
    let total: Int?
    /// Sinks that take only evenly spaced frames (video) get no sample off the frame times.
    var evenFrames: Bool { sinks.contains { $0.wantsEvenFrames } }
    /// Which instants the run samples.
    let frames: FramePlan
    /// An animated image plays over and over: a last frame, at the natural end, that shows what the
    /// first showed would repeat at the seam, so it is left out (docs/timing.md, "Loops").
    var loopsByItself: Bool { frames.dropsRepeatedLastFrame(playsOverAndOver: options.output.kind.format.loopsByItself) }

    init(_ loaded: LoadedFactory, options: RunOptions) throws {
        var o = options
        let (arguments, duration) = try o.factoryArguments(for: loaded.factory)
        if let duration { o.stage.end = duration }
        // An output must never overwrite an input.
        let inputs = arguments.compactMap { a -> String? in if case .file(let f) = a, !f.isEmpty { return f } else { return nil } } + [loaded.path]
        for output in [o.output.out, o.output.sheet?.path].compactMap({ $0 }) where output != "-" {
            if let clash = inputs.first(where: { sameFile($0, output) }) {
                throw HostError.usage("--out \(OutputNames.given[output] ?? output) is also an input ('\(clash)'); write to another file")
            }
        }

        if o.output.frames != nil, o.stage.time != nil {
            throw HostError.usage("--time takes one sample; --frames and --shard select frames of a whole run")
        }

        // Open the output files before any plugin code builds anything: a bad --out costs nothing.
        let outputs = o.countFrames ? nil : try RunOutputs(o.output.imageTarget(o.stage, firstFrame: 0))
        let stage = Stage(size: Size(o.stage.width, o.stage.height))
        stage.mediaTimeOrigin = o.stage.mediaTime
        stage.sizeIsFixed = o.stage.sizeGiven
        if outputs != nil, let prepare = RunPlan.preparation(for: o.output) {
            Renderer.prepareLibrary()
            stage.firstLayerMade = prepare
        }
        try loaded.session.build(loaded.factory, arguments: arguments, on: stage)
        // The plugin may have preferred another size (fx.h 1.2) when the user chose none: the sinks are made for the stage's.
        o.stage.width = stage.size.width
        o.stage.height = stage.size.height
        try schedule(o.stage.events, on: stage, plugin: loaded.info.name)
        let frames = FramePlan(fps: o.stage.fps, end: o.stage.end, loop: o.loop, maxFrames: OutputLimits.maxFrames)

        // A shard needs the run's frame count before it can know its frames.
        var total: Int?
        var firstFrame = 0
        if let selection = o.output.frames {
            if selection.needsTotal { total = try frames.frameCount(of: stage) ?? countFramesInAnotherRun(o) }
            firstFrame = selection.frames(total: total).lowerBound
        }
        let sinks = try outputs?.sinks(o.output.imageTarget(o.stage, firstFrame: firstFrame), particles: o.output.particles) ?? []

        var budget = MemoryLimit.budget(given: o.supervision.memoryLimit)
        if sinks.contains(where: { $0.rendersFrames }) {
            let scale = o.output.scale
            budget.surfaceBytes = Int((o.stage.width * scale).rounded(.up) * (o.stage.height * scale).rounded(.up)) * 4
        }
        stage.memoryBudget = budget

        if let t = o.stage.time {
            sampling = .once(at: t)
        } else if let selection = o.output.frames ?? (o.countFrames ? .range(from: 0, to: 0) : nil) {
            let wanted = selection.frames(total: total)
            sampling = .selection(wanted: wanted, holdsTheEnd: total.map { wanted.upperBound >= $0 } ?? true)
        } else if o.loop && o.stage.end == nil {
            sampling = .onePeriod
        } else {
            sampling = .evenFrames
        }
        self.loaded = loaded
        self.options = o
        self.stage = stage
        self.sinks = sinks
        self.total = total
        self.frames = frames
    }
}

/// Schedules the command line's `--event`s on a built stage; an event the build registered no
/// handler for is a usage error naming the ones it did.
func schedule(_ events: [(time: Double, name: String)], on stage: Stage, plugin: String) throws {
    let handled = stage.eventNames
    for e in events {
        guard handled.contains(e.name) else {
            throw HostError.usage("--event \(e.time):\(e.name): plugin '\(plugin)' handles no event '\(e.name)'" +
                (handled.isEmpty ? " (it handles none)" : " (it handles: \(handled.joined(separator: ", ")))"))
        }
        try stage.schedule(event: e.name, at: e.time)
    }
}

extension RunPlan {
    /// What the stage does at the first layer of each kind, for a run whose output is `output`:
    /// where the run draws (pixels or a contact sheet's labels), a text layer starts loading pango
    /// and fontconfig beside the build (`Pango.prepare`), as cairo's load starts at the build's
    /// beginning (`Renderer.prepareLibrary`); nil where nothing is drawn.
    static func preparation(for output: OutputOptions) -> ((LayerKind) -> Void)? {
        guard output.kind.format.drawsPixels || output.sheet != nil else { return nil }
        return { if $0 == .text { Pango.prepare() } }
    }
}
