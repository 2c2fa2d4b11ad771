// SPDX-License-Identifier: MIT
import FXCore
import FXPNG
import FXHost
import FXIsolation
import FXRender
import FXSinks
import Glibc

/// `fxhost check [PLUGIN…]`: each plugin (every plugin found, when none is
/// named) is loaded in its own child process, then every factory is built
/// with its defaults in a child of its own, sampled and rendered; one line
/// per factory says PASS or FAIL and why. The exit status is 1 if any failed.
func check(_ o: CheckOptions) -> Int32 {
    let locator = PluginLocator()
    var targets: [(name: String, path: String?)] = []
    if o.targets.isEmpty {
        targets = locator.all().map { (PluginLocator.fileName($0), $0) }
        if targets.isEmpty {
            stderrLine("fxhost: error: no plugins found to check (set FX_PLUGIN_PATH, or name them)")
            return 1
        }
    } else {
        targets = o.targets.map { name in (name, try? locator.resolve(name)) }
    }
    var passed = 0, failed = 0, warned = 0
    func line(_ ok: Bool, _ what: String, _ detail: String, warning: Bool = false) {
        if ok { passed += 1 } else { failed += 1 }
        if warning { warned += 1 }
        print("\(ok ? (warning ? "WARN" : "PASS") : "FAIL")  \(TerminalText.escape(what).padding(24))  \(TerminalText.escape(detail))")
    }
    if let golden = o.golden?.folder {
        if o.golden!.update {
            do { try Golden.makeFolders(golden) } catch let e as HostError {
                stderrLine("fxhost: error: \(e.message)")
                return 2
            } catch { return 2 }
        } else if !Golden.isFolder(golden) {
            stderrLine("fxhost: error: there are no golden snapshots in '\(golden)' (no such folder); record them first with fxhost check --golden \(([golden, "--update"] + o.targets).joined(separator: " "))")
            return 2
        }
    }
    for name in o.targets {
        if let warning = locator.ambiguity(name) { stderrLine("fxhost: warning: " + warning) }
    }
    var declared: [(name: String, file: String)] = []
    defer { warnAboutSameNames(locator, declared: declared, hidden: o.targets.isEmpty) }
    for target in targets {
        guard let path = target.path else {
            line(false, target.name, "no such plugin (fxhost --list shows the plugins found)")
            continue
        }
        // First child: load and list the factories.
        let listing = Isolation.supervise(timeout: o.supervision.timeout) {
            reporting(quietly: true) {
                let info = try PluginLoader.load(path, session: HostSession(pluginName: path), hostOptions: HostOption.parameterNames)
                Isolation.note("result", info.name)
                for f in info.factories { Isolation.note("result", f.name) }
            }
        }
        guard case .finished(0) = listing.end, let plugin = listing.results.first else {
            line(false, PluginLocator.fileName(target.name), listing.failure ?? listing.results.last ?? "could not be loaded")
            continue
        }
        declared.append((plugin, path))
        for factory in listing.results.dropFirst() {
            // Golden snapshots are written by this process, out of plugin code's reach.
            let outcome = Isolation.superviseWithOutputs(timeout: o.supervision.timeout) { publication in
                RunPublication.bind(publication) {
                    reporting(quietly: true) { try checkFactory(path: path, factory: factory, options: o) }
                }
            }
            let what = "\(plugin)/\(factory)"
            let details = outcome.results.filter { $0.hasPrefix(Golden.detailPrefix) }
            let results = outcome.results.filter { !$0.hasPrefix(Golden.detailPrefix) }
            if case .finished(0) = outcome.end {
                let warnings = results.filter { $0.hasPrefix(handledPrefix) }
                let detail = results.last { !$0.hasPrefix(handledPrefix) } ?? ""
                line(true, what, warnings.isEmpty ? detail : "\(detail); \(warnings[0])", warning: !warnings.isEmpty)
            } else {
                line(false, what, outcome.failure ?? results.last ?? "failed")
            }
            for d in details { print("      " + d.dropFirst(Golden.detailPrefix.count)) }
        }
    }
    print("\(passed) passed, \(failed) failed" + (warned > 0 ? " (\(warned) with warnings; --strict fails them)" : ""))
    return failed == 0 ? 0 : 1
}

/// How a child reports host calls that failed and that the plugin handled.
let handledPrefix = "handled: "

/// In a child: build one factory with its defaults, sample and render a few
/// frames (or, with --golden, record or compare its snapshot).
/// A failed host call that the plugin handled (it went on and returned
/// FX_OK) is a warning, so that a plugin can probe for an optional field;
/// with `strict` it fails the check, as a plugin that ignores errors hides bugs.
func checkFactory(path: String, factory name: String, options o: CheckOptions) throws {
    let strict = o.strict
    var apiErrors: [String] = []
    let session = HostSession(pluginName: path, report: { apiErrors.append($0) },
                              decodePNG: { try PNGDecoder.decode(path: $0) })
    let info = try PluginLoader.load(path, session: session, hostOptions: HostOption.parameterNames)
    let factory = try info.factory(named: name)
    let arguments = try factory.parameters.map { try ArgumentValue.parse($0.defaultText, for: $0) }
    let stage = Stage(size: Size(320, 240))
    try session.build(factory, arguments: arguments, on: stage)
    func reportHandled() throws {
        guard let first = apiErrors.first else { return }
        let summary = "\(apiErrors.count) host call\(apiErrors.count == 1 ? "" : "s") failed; the first: \(first)"
        if strict { throw HostError.plugin(summary) }
        Isolation.note("result", handledPrefix + summary + " (the plugin went on)")
    }
    if let golden = o.golden {
        let detail = try Golden.run(golden, plugin: info, factory: factory, stage: stage) {
            try checkedEnd(stage, path: path, factory: name, arguments: arguments, window: .infinity)
        }
        try reportHandled()
        Isolation.note("result", detail)
        return
    }
    let end = try checkedEnd(stage, path: path, factory: name, arguments: arguments)
    if let failure = Renderer.libraryFailure { throw failure }
    let renderer = Renderer(stageSize: stage.size)
    var layers = 0
    for i in 0..<5 {
        let snapshot = try stage.sample(at: end * Double(i) / 4)
        layers = max(layers, snapshot.layers.count)
        _ = try renderer.renderWithinBudget(snapshot)
    }
    try reportHandled()
    Isolation.note("result", "built, 5 frames sampled and rendered over \(ValueFormat.fixed(end)) s, \(layers) layers")
}

/// How long `check` samples (the natural end, at most `window`: 3 s, or the whole
/// natural end for a golden snapshot's instants). While timers are pending that
/// end is only a lower bound (a timer chain's end is known by running it), and
/// samples go in time order, so a second build of the factory, on a stage of its
/// own, runs ahead to find it; `stage` is untouched.
func checkedEnd(_ stage: Stage, path: String, factory name: String, arguments: [ArgumentValue],
                window: Double = 3) throws -> Double {
    guard stage.hasPendingTimersOrEvents else { return min(stage.naturalEnd, window) }
    let session = HostSession(pluginName: path, decodePNG: { try PNGDecoder.decode(path: $0) })
    let info = try PluginLoader.load(path, session: session, hostOptions: HostOption.parameterNames)
    let ahead = Stage(size: stage.size)
    try session.build(try info.factory(named: name), arguments: arguments, on: ahead)
    return min(try ahead.naturalEnd(reaching: window), window)
}

extension String {
    func padding(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}
