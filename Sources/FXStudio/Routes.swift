// SPDX-License-Identifier: MIT
import CMicroHTTPD
import FXToolbox
import Glibc

/// A request the studio will not serve, with the status that says why.
struct Refusal: Error {
    let status: UInt32
    let message: String
    init(_ status: UInt32, _ message: String) { self.status = status; self.message = message }
}

extension Studio {
    func handle(_ r: Request) {
        do {
            try admit(r)
            try route(r)
        } catch {
            r.refuse(error.status, error.message)
        }
    }

    /// The rules before any route (docs/STUDIO.md, "Security").
    private func admit(_ r: Request) throws(Refusal) {
        if r.raw.pointee.too_many_headers != 0 { throw Refusal(431, "too many header lines") }
        if r.raw.pointee.too_many_arguments != 0 { throw Refusal(414, "more than \(FX_HTTP_MAX_ARGUMENTS) query arguments") }
        if r.raw.pointee.has_body != 0 { throw Refusal(413, "the studio takes no request body (give values in the query)") }
        // DNS rebinding: a page of another name that resolves here names itself in Host.
        guard r.header("Host") == authority else { throw Refusal(403, "the Host header must be \(authority)") }
        let inURL = token.matches(r.argument("token"))
        if r.method == "POST" {
            guard inURL || token.matches(r.header("X-FX-Token")) else {
                throw Refusal(403, "a POST needs the token (in the URL or the X-FX-Token header)")
            }
        } else {
            guard inURL || token.matches(r.cookie(Studio.cookie)) else {
                throw Refusal(403, "no access: open the address fxhost studio printed (with its token)")
            }
        }
    }

    static let cookie = "fxstudio"

    private func route(_ r: Request) throws(Refusal) {
        let reads = ["/", "/studio.js", "/studio.css", "/api/schema", "/api/frame.png", "/api/frame.rgba", "/api/sample.json",
                     "/api/view", "/api/command", "/api/events", "/api/export", "/api/golden/samples.jsonl", "/api/golden/frame.png"]
        let writes = ["/api/view", "/api/event"]
        if r.method == "POST" {
            guard writes.contains(r.path) else {
                throw reads.contains(r.path) ? Refusal(405, "\(r.path) is read with GET") : Refusal(404, "no \(r.path) here")
            }
        } else if r.method == "GET" || r.method == "HEAD" {
            guard reads.contains(r.path) else {
                throw writes.contains(r.path) ? Refusal(405, "\(r.path) changes the view: use POST") : Refusal(404, "no \(r.path) here")
            }
        } else {
            throw Refusal(405, "the studio answers GET and POST only")
        }
        switch (r.method, r.path) {
        case ("POST", "/api/view"):
            view = try requestedView(r, replacing: true)
            r.respond(200, json: view.json)
        case ("POST", "/api/event"):
            guard let t = r.argument("t"), let name = r.argument("name") else { throw Refusal(400, "POST /api/event needs t and name") }
            var v = view
            v.events.append(StudioView.Event(time: try time(t), name: name))
            v.events.sort { $0.time < $1.time }
            view = v
            r.respond(200, json: v.json)
        case (_, "/"):
            let page = PageAssets.index.replacingToken(token.text)
            r.respond(200, "text/html; charset=utf-8", Array(page.utf8),
                      headers: ["Set-Cookie: \(Studio.cookie)=\(token.text); Path=/; HttpOnly; SameSite=Strict"])
        case (_, "/studio.js"): r.respond(200, "text/javascript; charset=utf-8", Array(PageAssets.script.utf8))
        case (_, "/studio.css"): r.respond(200, "text/css; charset=utf-8", Array(PageAssets.style.utf8))
        case (_, "/api/view"): r.respond(200, json: view.json)
        case (_, "/api/events"): r.respondWithEvents()
        case (_, "/api/command"):
            let v = try requestedView(r, replacing: false)
            let words = ["fxhost"] + settings.runWords(v) + ["--time", StudioView.number(try time(r.argument("t"))), "--out", "frame.png"]
            r.respond(200, "text/plain; charset=utf-8", Array((ShellText.line(words) + "\n").utf8))
        case (_, "/api/frame.png"):
            let (frame, warnings) = try workerFrame(r, "png")
            r.respond(200, "image/png", frame.bytes, headers: ["X-FX-Warnings: \(JSONText.array(warnings))"])
        case (_, "/api/frame.rgba"):
            let tab = try deltaTab(r)
            let (frame, warnings) = try workerFrame(r, "rgba")
            var headers = ["X-FX-Width: \(frame.width)", "X-FX-Height: \(frame.height)", "X-FX-Warnings: \(JSONText.array(warnings))"]
            guard let (tab, since) = tab else {
                r.respond(200, "application/octet-stream", frame.bytes, headers: headers)
                break
            }
            let (id, box) = sentFrames.delta(tab: tab, since: since, frame: frame)
            headers += ["X-FX-Frame: \(id)", "X-FX-Box: \(box.text)"]
            r.respond(200, "application/octet-stream", box.rows(of: frame.bytes, frameWidth: frame.width), headers: headers)
        case (_, "/api/export"):
            let format = r.argument("format") ?? "png"
            guard let type = Studio.exports[format] else {
                throw Refusal(400, "format: '\(format)' is not one of \(Studio.exports.keys.sorted().joined(separator: ", "))")
            }
            let file = workFile("export", format)
            defer { unlink(file) }
            let v = try requestedView(r, replacing: false)
            guard let run = engine(settings.runWords(v) + ["--out", file], seconds: settings.exportSeconds) else {
                throw Refusal(503, "busy: \(Studio.maxRuns) runs are going; try again")
            }
            guard run.succeeded else { throw Refusal(run.failureStatus, run.failure ?? "") }
            guard let bytes = readFile(file, limit: 512 << 20) else { throw Refusal(500, "fxhost wrote no \(format) file") }
            r.respond(200, type, bytes, headers: ["Content-Disposition: attachment; filename=\"studio.\(format)\""])
        case (_, "/api/golden/samples.jsonl"):
            let samples = try goldenFile(r, "samples.jsonl")
            r.respond(200, "application/jsonl", samples)
        case (_, "/api/golden/frame.png"):
            guard let n = r.argument("n").flatMap({ Int($0) }), (0..<10_000).contains(n) else { throw Refusal(400, "n: the number of a golden frame (0, 1, …)") }
            r.respond(200, "image/png", try goldenFile(r, "frame-\(n).png"))
        case (_, "/api/sample.json"):
            let run = try engine(r, ["--sink", "jsonl"])
            r.respond(200, "application/json", run.output, headers: ["X-FX-Warnings: \(JSONText.array(run.warnings))"])
        case (_, "/api/schema"):
            let v = try requestedView(r, replacing: false)
            let t = try time(r.argument("t"))
            guard let run = engine(["studio-describe"] + settings.runWords(v) + ["--time", StudioView.number(t)]) else {
                throw Refusal(503, "busy: \(Studio.maxRuns) runs are going; try again")
            }
            guard run.succeeded else { throw Refusal(run.failureStatus, run.failure ?? "") }
            let describe = String(decoding: run.output, as: UTF8.self)
            r.respond(200, json: "{\"view\":\(v.json),\"warnings\":\(JSONText.array(run.warnings)),\"describe\":\(describe.trimmingNewline)}")
        default:
            throw Refusal(404, "no \(r.path) here")
        }
    }

    /// A file of the snapshot `--golden DIR/PLUGIN/FACTORY` (names as the plugin declares them, which
    /// may not climb out of DIR).
    private func goldenFile(_ r: Request, _ name: String) throws(Refusal) -> [UInt8] {
        guard let folder = settings.golden else { throw Refusal(404, "no golden snapshots: start the studio with --golden DIR") }
        let plugin = r.argument("plugin") ?? "", factory = r.argument("factory") ?? ""
        for part in [plugin, factory] where part.isEmpty || part == "." || part == ".." || part.contains("/") {
            throw Refusal(400, "plugin and factory: the names the plugin declares")
        }
        guard let bytes = readFile("\(folder)/\(plugin)/\(factory)/\(name)", limit: 512 << 20) else {
            throw Refusal(404, "no \(name) in the snapshot \(folder)/\(plugin)/\(factory) (fxhost check --golden \(folder) --update records it)")
        }
        return bytes
    }

    /// A frame request's `tab` and `since` (both or neither): the page that asks and the id of the
    /// frame it has (0: none); nil for the whole frame without an id.
    private func deltaTab(_ r: Request) throws(Refusal) -> (tab: String, since: UInt64?)? {
        let tab = r.argument("tab"), since = r.argument("since")
        guard tab != nil || since != nil else { return nil }
        guard let tab, let since, let id = UInt64(since), (1...64).contains(tab.utf8.count),
              tab.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) || $0 == 0x2D }) else {
            throw Refusal(400, "tab and since: a page's name (1 to 64 letters, digits, '-') and the id of the frame it has (0 for none), both")
        }
        return (tab, id == 0 ? nil : id)
    }

    /// The worker's frame of the request's view at its `t`; refused when the worker failed.
    private func workerFrame(_ r: Request, _ format: String) throws(Refusal) -> (FrameWorker.Frame, [String]) {
        let v = try requestedView(r, replacing: false)
        let t = try time(r.argument("t"))
        guard let (answer, warnings) = workers.frame(settings.runWords(v), t: t, format: format, seconds: settings.runSeconds) else {
            throw Refusal(503, "busy: \(WorkerPool.maxWaiting) frames are waiting; try again")
        }
        switch answer {
        case .frame(let frame): return (frame, warnings)
        case .failed(let run): throw Refusal(run.failureStatus, run.failure ?? "fxhost's studio worker ended")
        }
    }

    /// A run of the request's view at its `t`, ended by `tail`; refused when the run failed.
    private func engine(_ r: Request, _ tail: [String]) throws(Refusal) -> EngineRun {
        let v = try requestedView(r, replacing: false)
        let t = try time(r.argument("t"))
        guard let run = engine(settings.runWords(v) + ["--time", StudioView.number(t)] + tail) else {
            throw Refusal(503, "busy: \(Studio.maxRuns) runs are going; try again")
        }
        guard run.succeeded else { throw Refusal(run.failureStatus, run.failure ?? "") }
        return run
    }

    private func time(_ text: String?) throws(Refusal) -> Double {
        guard let text else { return 0 }
        guard let t = Double(text), t.isFinite, t >= 0, t <= 3600 else { throw Refusal(400, "t: '\(text)' is not a time in seconds from 0 to 3600") }
        return t
    }

    /// The shared view with the request's `factory`, `event` and parameters: over the shared one
    /// for a read (events replace the shared list when any is given), alone for a POST.
    private func requestedView(_ r: Request, replacing: Bool) throws(Refusal) -> StudioView {
        var v = replacing ? StudioView() : view
        var events: [StudioView.Event] = []
        for (key, value) in r.arguments where !["t", "token", "format", "tab", "since"].contains(key) {
            switch key {
            case "factory": v.factory = value.isEmpty ? nil : value
            case "event":
                guard let colon = value.firstIndex(of: ":"), let t = Double(value[..<colon]), t.isFinite, t >= 0, t <= 3600,
                      value.index(after: colon) < value.endIndex else {
                    throw Refusal(400, "event: '\(value)' is not TIME:NAME (e.g. 1.5:tap)")
                }
                events.append(StudioView.Event(time: t, name: String(value[value.index(after: colon)...])))
            default:
                guard settings.parameterNames.contains(key) else { throw Refusal(400, "no parameter '\(key)' in this plugin's factories") }
                if let allowed = settings.fileValues[key], !allowed.contains(value) {
                    throw Refusal(403, "\(key): the studio reads only the files given on its command line")
                }
                v.set(key, value)
            }
        }
        if replacing || !events.isEmpty { v.events = events.sorted { $0.time < $1.time } }
        return v
    }
}

extension String {
    var trimmingNewline: Substring { hasSuffix("\n") ? dropLast() : Substring(self) }

    /// The page with its token: the page reads it from a meta element (the page is served only to
    /// a request that had the token already), to send it with its POSTs.
    func replacingToken(_ token: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(ofText: "{{TOKEN}}") {
            out += rest[..<range.lowerBound] + token
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}

