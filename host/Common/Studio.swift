// SPDX-License-Identifier: MIT
import FXHost
import FXSinks
import FXStudio
import Glibc

/// `fxhost studio --plugin P [--factory F] [params…] [--listen ADDR:PORT [--listen-anywhere]]`, or
/// `fxhost studio --package DIR …`.
public struct StudioOptions {
    public var run: RunOptions
    /// A Swift plugin package to build, and build again when its sources change.
    public var package: String?
    /// `--golden DIR`: snapshots of `fxhost check --golden` the page compares its frames with.
    public var golden: String?
    public var host = "127.0.0.1"
    public var port: UInt16 = 0

    init(_ words: [OptionWord], run: RunOptions) throws {
        self.run = run
        var anywhere = false
        for word in words {
            switch word {
            case .listen(let text):
                guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
                    throw HostError.usage("--listen: '\(text)' is not ADDRESS:PORT (e.g. 127.0.0.1:8080, or :0 for a free port)")
                }
                let address = String(text[..<colon])
                if !address.isEmpty { host = address }
                self.port = port
            case .listenAnywhere: anywhere = true
            case .package(let folder): package = folder
            case .golden(let folder): golden = folder
            case .out, .sink, .time, .frames, .loop, .sheet, .manifest, .countFrames, .end:
                throw HostError.usage("fxhost studio draws frames on its page: it takes no --out, --sink, --time, --end, --frames, --loop, --sheet or --manifest (its copy-command button gives the run that does)")
            default: break
            }
        }
        if let package {
            guard run.plugin == nil else { throw HostError.usage("--package builds its plugin: give --package DIR or --plugin P, not both") }
            guard isDirectory(package) else { throw HostError.usage("--package: '\(package)' is not a folder (a Swift package's, with its Package.swift)") }
        } else if run.plugin == nil {
            throw HostError.usage("fxhost studio needs --plugin NAME or a path (fxhost --list shows them), or --package DIR")
        }
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else {
            throw HostError.usage("--listen: '\(host)' is not an IPv4 address (e.g. 127.0.0.1)")
        }
        if UInt32(bigEndian: address.s_addr) >> 24 != 127 && !anywhere {
            throw HostError.usage("--listen \(host): the studio listens on loopback (127.x.x.x) only, unless --listen-anywhere says otherwise; anyone who can reach it and learns the token runs plugins as you")
        }
    }

    /// fxhost's own options that every run of the studio repeats.
    var fixedWords: [String] {
        let s = run.stage, n = StudioView.number
        var words: [String] = []
        if s.sizeGiven { words += ["--size", "\(Int(s.width))x\(Int(s.height))"] }
        if s.fps != 30 { words += ["--fps", n(s.fps)] }
        if s.mediaTime != 0 { words += ["--media-time", n(s.mediaTime)] }
        if run.supervision.timeout != 10 { words += ["--timeout", n(run.supervision.timeout)] }
        if !run.supervision.isolate { words += ["--no-isolate"] }
        if let b = run.output.background { words += ["--background", b.text] }
        if run.output.scale != 1 { words += ["--scale", n(run.output.scale)] }
        return words
    }

    /// The view the command line asks for: the factory, its words as NAME=VALUE pairs (a word
    /// alone, or followed by another option, is a bool set to true), the scripted events.
    var view: StudioView {
        var v = StudioView(factory: run.factory, events: run.stage.events.map { StudioView.Event(time: $0.time, name: $0.name) })
        var i = 0
        let words = run.factoryWords
        while i < words.count {
            let word = String(words[i].dropFirst(2))
            if let eq = word.firstIndex(of: "=") {
                v.set(String(word[..<eq]), String(word[word.index(after: eq)...]))
            } else if i + 1 < words.count, !words[i + 1].hasPrefix("--") {
                v.set(word, words[i + 1])
                i += 1
            } else {
                v.set(word, "true")
            }
            i += 1
        }
        return v
    }
}

/// What a studio-describe document declares: every parameter name, and for file parameters the
/// files the studio may read (the defaults and what the view gives).
func studioDeclarations(_ text: String, view: StudioView) -> (names: Set<String>, files: [String: Set<String>], inputs: [String])? {
    guard let document = JSON.parsed(text) else { return nil }
    var names: Set<String> = [], files: [String: Set<String>] = [:], inputs: [String] = []
    for factory in document["factories"]?.elements ?? [] {
        for p in factory["parameters"]?.elements ?? [] {
            guard let name = p["name"]?.string else { continue }
            names.insert(name)
            if p["type"]?.string == "file" {
                let given = view.parameters.first { $0.name == name }?.value
                files[name, default: []].formUnion([p["default"]?.string ?? "", given].compactMap { $0 })
                if factory["name"]?.string == document["factory"]?.string, let path = given ?? p["default"]?.string, !path.isEmpty {
                    inputs.append(path)
                }
            }
        }
    }
    return (names, files, inputs + inputs.flatMap(lottieImages))
}

/// The image files a Lottie (Bodymovin) JSON file names beside it (`assets[].u` + `p`, not
/// embedded): the studio watches them with the file.
func lottieImages(_ file: String) -> [String] {
    guard file.hasSuffix(".json"), let f = fopen(file, "rb") else { return [] }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < 64 << 20 {
        let n = fread(&chunk, 1, chunk.count, f)
        bytes += chunk[0..<n]
        if n < chunk.count { break }
    }
    fclose(f)
    guard let document = JSON.parsed(String(decoding: bytes, as: UTF8.self)) else { return [] }
    let folder = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) + "/" : ""
    return (document["assets"]?.elements ?? []).compactMap { asset in
        guard let p = asset["p"]?.string, !p.isEmpty, !p.hasPrefix("data:"), asset["e"]?.number != 1 else { return nil }
        return folder + (asset["u"]?.string ?? "") + p
    }
}

/// Serves the studio until a signal; 0 then, 2 for a bad command line, 1 when it cannot serve.
func studio(_ o: StudioOptions) -> Int32 {
    // Before any thread starts, so that every thread leaves the stopping signals to the main one.
    Studio.prepareSignals()
    let executable = (PluginLocator.executableFolder() ?? ".") + "/fxhost"
    var o = o
    var package: (folder: String, build: [String])?
    if let folder = o.package {
        let build = ["/usr/bin/env", "swift", "build", "--package-path", folder]
        stderrLine("fxhost: building \(TerminalText.escape(folder)) with swift build…")
        let built = EngineRun.run(build[0], Array(build.dropFirst()), seconds: 900)
        guard built.succeeded else {
            stderrLine("fxhost: error: " + TerminalText.escape(Studio.buildErrors(built)))
            return 1
        }
        guard let library = packageLibrary(folder) else { return 1 }
        o.run.plugin = library
        package = (folder, build)
    }
    var pluginFile = ""
    let status = reporting { pluginFile = try PluginLocator().resolve(o.run.plugin!) }
    guard status == 0 else { return status }
    let view = o.view
    let runSeconds = min(o.run.supervision.timeout * 2 + 5, 600)
    var settings = StudioSettings(executable: executable, host: o.host, port: o.port, plugin: o.run.plugin!, fixedWords: o.fixedWords,
                                  view: view, parameterNames: Set(view.parameters.map(\.name)), fileValues: [:],
                                  watched: [pluginFile], runSeconds: runSeconds)
    settings.package = package
    if let golden = o.golden {
        guard isDirectory(golden) else {
            stderrLine("fxhost: error: --golden: '\(TerminalText.escape(golden))' is not a folder (fxhost check --golden DIR --update PLUGIN records one)")
            return 2
        }
        settings.golden = golden
    }
    // The command line is checked by a first description: a usage error ends here; a plugin
    // that fails to build is shown on the page (and its next build may be better).
    let first = EngineRun.run(executable, ["studio-describe"] + settings.runWords(view), seconds: runSeconds)
    if first.end == .exited(2) {
        stderrLine("fxhost: error: " + TerminalText.escape(first.failure ?? ""))
        return 2
    }
    if first.succeeded, let declared = studioDeclarations(String(decoding: first.output, as: UTF8.self), view: view) {
        settings.parameterNames = declared.names
        settings.fileValues = declared.files
        settings.watched += declared.inputs
    } else if let failure = first.failure {
        stderrLine("fxhost: warning: the plugin fails to build; the studio shows it: " + TerminalText.escape(failure))
    }
    if !o.host.hasPrefix("127.") {
        stderrLine("fxhost: warning: the studio listens on \(o.host), not loopback: whoever reaches it with the token runs plugins as you")
    }
    do {
        let studio = try Studio(settings)
        let address = try studio.start()
        try standardOutput("studio: \(address)\n")
        studio.serveUntilSignalled()
        return 0
    } catch let e as StudioError {
        stderrLine("fxhost: error: " + TerminalText.escape(e.message))
        return 1
    } catch {
        stderrLine("fxhost: error: \(error)")
        return 1
    }
}

/// The dynamic library a built Swift package makes (its first dynamic library product), or nil
/// with the reason printed.
func packageLibrary(_ folder: String) -> String? {
    let bin = EngineRun.run("/usr/bin/env", ["swift", "build", "--package-path", folder, "--show-bin-path"], seconds: 120)
    let dump = EngineRun.run("/usr/bin/env", ["swift", "package", "--package-path", folder, "dump-package"], seconds: 120)
    guard bin.succeeded, dump.succeeded, let manifest = JSON.parsed(String(decoding: dump.output, as: UTF8.self)) else {
        stderrLine("fxhost: error: cannot read the package in \(TerminalText.escape(folder)): " + TerminalText.escape(bin.failure ?? dump.failure ?? "swift package dump-package gave no JSON"))
        return nil
    }
    let dynamic = manifest["products"]?.elements.first { $0["type"]?["library"]?.elements.first?.string == "dynamic" }
    guard let name = dynamic?["name"]?.string else {
        stderrLine("fxhost: error: the package in \(TerminalText.escape(folder)) has no dynamic library product (.library(name:type: .dynamic,targets:), docs/PLUGINS.md)")
        return nil
    }
    let folderOfBuild = String(decoding: bin.output, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
    return folderOfBuild + "/lib\(name).so"
}
