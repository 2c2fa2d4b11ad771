// SPDX-License-Identifier: MIT
import CMicroHTTPD
import FXToolbox
import Glibc

/// `fxhost studio`: a page on a local HTTP server (libmicrohttpd, one thread a connection) that
/// draws the effect with fxhost runs, and its API (docs/STUDIO.md). The rules a request meets,
/// in order: bounded (arguments, headers, no body), the listening address in its Host header,
/// the token (URL or cookie; for a POST the URL or the `X-FX-Token` header), then its route.
public final class Studio: @unchecked Sendable {
    let settings: StudioSettings
    let token: AccessToken
    private var lock = pthread_mutex_t()
    private var current: StudioView
    private var server: OpaquePointer?
    /// The `host:port` a request's Host header must name.
    private(set) var authority = ""
    private var runs = 0
    private var files = 0
    /// The workers that draw the frames.
    let workers: WorkerPool
    /// The frames each page was sent last, for the next one's delta.
    let sentFrames = FrameHistory()
    /// A private folder (0700) for the PNG files frame runs write, removed when the studio stops.
    private(set) var workFolder = ""

    /// The most fxhost runs at once; a request past them is answered 503 and may be repeated.
    static let maxRuns = 4
    static let limits = fx_http_limits(connections: 32, memory: 32 << 10, idle_seconds: 60)

    public init(_ settings: StudioSettings) throws(StudioError) {
        guard let token = AccessToken() else { throw StudioError("cannot read random bytes for the access token (getrandom failed)") }
        self.settings = settings
        self.token = token
        current = settings.view
        let executable = settings.executable
        workers = WorkerPool { FrameWorker.start(executable, $0) }
        pthread_mutex_init(&lock, nil)
    }

    /// Listens; returns the page's address, with the token: the line `fxhost studio` prints first.
    public func start() throws(StudioError) -> String {
        var address = in_addr()
        guard inet_pton(AF_INET, settings.host, &address) == 1 else {
            throw StudioError("--listen: '\(settings.host)' is not an IPv4 address (e.g. 127.0.0.1)")
        }
        let base = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/fxhost-studio.XXXXXX"
        var template = Array(base.utf8CString)
        guard mkdtemp(&template) != nil else {
            throw StudioError("cannot make a temporary folder \(base): \(String(cString: strerror(errno)))")
        }
        workFolder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let server = fx_http_start(address.s_addr, settings.port, Studio.limits, { context, request in
            Unmanaged<Studio>.fromOpaque(context!).takeUnretainedValue().handle(Request(request))
        }, context) else {
            rmdir(workFolder)
            throw StudioError("cannot serve on \(settings.host):\(settings.port): \(String(cString: fx_mhd_error()))")
        }
        pthread_mutex_lock(&lock)
        self.server = server
        pthread_mutex_unlock(&lock)
        authority = "\(settings.host):\(fx_http_port(server))"
        if !settings.watched.isEmpty {
            FileWatch(settings.watched) { [weak self] path in self?.reloaded(path) }?.start()
        }
        if let package = settings.package {
            FileWatch([package.folder + "/Package.swift"], trees: [package.folder + "/Sources"]) { [weak self] _ in
                self?.rebuild(package.build)
            }?.start()
        }
        return "http://\(authority)/?token=\(token.text)"
    }

    /// Serves until SIGINT, SIGTERM or SIGHUP, then stops every run and connection.
    public func serveUntilSignalled() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, s) }
        var which: Int32 = 0
        while sigwait(&signals, &which) != 0 {}
        Running.shared.stopAll()
        // No broadcast (from a watch's thread or a request's) uses the server once it is taken here.
        pthread_mutex_lock(&lock)
        let stopping = server
        server = nil
        pthread_mutex_unlock(&lock)
        if let stopping { fx_http_stop(stopping) }
        if let folder = opendir(workFolder) {
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { unlink(workFolder + "/" + name) }
            }
            closedir(folder)
        }
        rmdir(workFolder)
    }

    /// A new file name in the work folder.
    func workFile(_ stem: String, _ ext: String) -> String {
        pthread_mutex_lock(&lock)
        files += 1
        let n = files
        pthread_mutex_unlock(&lock)
        return workFolder + "/\(stem)-\(n).\(ext)"
    }

    /// The whole-run outputs the page exports (the CLI's own sinks, chosen by the extension), and their media types.
    static let exports = ["png": "image/png", "gif": "image/gif", "mp4": "video/mp4", "webm": "video/webm", "webp": "image/webp"]

    /// Blocks the stopping signals in this thread and every thread started after (call first),
    /// so that `serveUntilSignalled` receives them; SIGPIPE is ignored (a closed tab is no error).
    public static func prepareSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, s) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    var view: StudioView {
        get { pthread_mutex_lock(&lock); defer { pthread_mutex_unlock(&lock) }; return current }
        set {
            pthread_mutex_lock(&lock)
            current = newValue
            pthread_mutex_unlock(&lock)
            broadcast("view", newValue.json)
        }
    }

    func broadcast(_ event: String, _ json: String) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard let server else { return }
        fx_http_broadcast(server, "event: \(event)\ndata: \(json)\n\n")
    }

    private func reloaded(_ path: String) {
        workers.retire()
        broadcast("reload", "{\"file\":\(JSONText.quote(path))}")
    }

    /// Builds the package again after its sources changed (on the watch's thread: changes during a
    /// build wait for it). Success writes the plugin file, whose watch reloads the page; a failure
    /// is sent to the page with the build's first errors.
    private func rebuild(_ command: [String]) {
        broadcast("build", "{\"state\":\"building\"}")
        let run = EngineRun.run(command[0], Array(command.dropFirst()), seconds: 900)
        if run.succeeded {
            broadcast("build", "{\"state\":\"built\"}")
        } else {
            broadcast("failure", "{\"message\":\(JSONText.quote(Studio.buildErrors(run)))}")
        }
    }

    /// A failed `swift build` in a few lines: its first five errors (or its last lines).
    public static func buildErrors(_ run: EngineRun) -> String {
        let lines = (String(decoding: run.output, as: UTF8.self) + "\n" + run.messages).split(separator: "\n")
        let errors = lines.filter { $0.containsText("error:") }.prefix(5)
        return "swift build failed: " + (errors.isEmpty ? lines.suffix(5) : errors).joined(separator: "\n")
    }

    /// One fxhost run, unless `maxRuns` are going.
    func engine(_ words: [String], seconds: Double? = nil) -> EngineRun? {
        pthread_mutex_lock(&lock)
        guard runs < Studio.maxRuns else { pthread_mutex_unlock(&lock); return nil }
        runs += 1
        pthread_mutex_unlock(&lock)
        defer { pthread_mutex_lock(&lock); runs -= 1; pthread_mutex_unlock(&lock) }
        return EngineRun.run(settings.executable, words, seconds: seconds ?? settings.runSeconds)
    }
}

/// Why the studio cannot start.
public struct StudioError: Error {
    public let message: String
    init(_ message: String) { self.message = message }
}
