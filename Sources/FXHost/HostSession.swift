// SPDX-License-Identifier: MIT
import CFX
import FXCore
import FXIsolation
import FXToolbox
import Glibc

/// One run of one plugin: its stage, the objects it made (by handle), and the
/// state of the C function table while it is called.
///
/// Host functions are plain C functions; they find the session through
/// `HostSession.current`. There is one session at a time, and every call into
/// a plugin happens on the thread that made it (docs/ABI.md, Threading).
public final class HostSession {
    /// The session the C function table serves, as seen by the calling thread.
    /// It is thread-local: a plugin's own threads see none, so whatever they
    /// call is refused or ignored without touching the session's state (no
    /// lock is needed, and none of its memory is shared with them).
    static var current: HostSession? {
        get { pthread_getspecific(currentKey).map { Unmanaged<HostSession>.fromOpaque($0).takeUnretainedValue() } }
        set { pthread_setspecific(currentKey, newValue.map { Unmanaged.passUnretained($0).toOpaque() }) }
    }

    public internal(set) var pluginName: String
    /// The minor of fx.h the plugin was built with (its descriptor's `abi_minor`): the
    /// structs it hands the host are at least that minor's size (`ABISizeTable`).
    public internal(set) var pluginMinor = Int(FX_ABI_MINOR)
    public let limits: Limits
    /// The stage, once a factory is being built.
    public private(set) var stage: Stage?
    /// Called with each failed host call's message (the host prints it as a warning).
    public var report: (String) -> Void
    /// Called with the plugin's `log` messages, already prefixed.
    public var log: (String) -> Void = { _ in }
    /// Builds registered by the entry with `factory_set_build_values` (1.2), by factory name.
    var valueBuilds: [String: (fx_build_values_fn, UnsafeMutableRawPointer?)] = [:]
    /// Whether the entry function is running (the only time builds can be registered).
    var inEntry = false
    /// Key paths already parsed, by their text: a plugin names the same few
    /// over and over (a facade reading a layer's model back, per property).
    /// At most `maxParsedKeyPaths` kept; past that each is parsed anew.
    var parsedKeyPaths: [String: KeyPath] = [:]
    static let maxParsedKeyPaths = 1024
    /// A failure raised inside a nested callback, reported when the outer plugin call returns.
    var pendingFailure: Error?
    /// Decodes PNG files for `image_load_png`; the executable wires the renderer's decoder in.
    public var decodePNG: (String) throws -> Image

    var layers: HandleTable<Layer>
    var animations: HandleTable<Animation>
    var paths: HandleTable<Path>
    var images: HandleTable<Image>
    var cells: HandleTable<EmitterCell>
    var imageHandles: [(UInt64, Image)] = []
    /// What the plugin is doing now, for messages ("building factory 'cube'").
    var phase: String?
    /// The first host-call failure, kept for the report of a failed build or callback.
    private(set) var lastError = ""
    private var lastErrorStorage: UnsafeMutablePointer<CChar>?
    private var scratch: [UnsafeMutableRawPointer] = []
    /// Animations added to layers so far (copies of templates).
    var attachedAnimations = 0
    /// Bytes copied from the plugin so far (`Limits.maxPluginDataBytes`).
    var pluginDataBytes = 0
    /// Bytes of strings copied from the plugin so far (`Limits.maxPluginStringBytes`).
    var pluginStringBytes = 0
    /// The thread the session serves; calls from any other are refused.
    let thread = pthread_self()

    public init(pluginName: String, limits: Limits = Limits(),
                report: @escaping (String) -> Void = { _ in },
                decodePNG: @escaping (String) throws -> Image = { path in
                    throw HostError.usage("cannot load '\(path)': no PNG decoder in this host")
                }) {
        self.pluginName = pluginName
        self.limits = limits
        self.report = report
        self.decodePNG = decodePNG
        layers = HandleTable(kind: .layer, limit: limits.maxLayers)
        animations = HandleTable(kind: .animation, limit: limits.maxAnimations)
        paths = HandleTable(kind: .path, limit: limits.maxPaths)
        images = HandleTable(kind: .image, limit: limits.maxImages)
        cells = HandleTable(kind: .emitterCell, limit: limits.maxEmitterCells)
    }

    deinit {
        clearScratch()
        free(lastErrorStorage)
    }

    /// Gives the session a stage and returns the stage's root layer handle.
    public func attach(_ stage: Stage) throws -> UInt64 {
        self.stage = stage
        do { return try layers.insert(stage.root) } catch { throw HostError.plugin(error.message) }
    }

    /// The layer behind a handle (for tests and the host's own use).
    public func layer(_ handle: UInt64) -> Layer? { try? layers.get(handle) }

    // MARK: - Calling into the plugin

    /// Runs plugin code (`body`) with the function table live, as `phase`.
    /// A non-OK status becomes a `HostError.plugin` naming the plugin, the
    /// phase and the plugin's message.
    public func callPlugin(_ phase: String, _ body: () -> Int32) throws {
        pthread_mutex_lock(HostSession.callLock)
        defer { pthread_mutex_unlock(HostSession.callLock) }
        let outer = (HostSession.current, self.phase)
        HostSession.current = self
        self.phase = phase
        lastError = ""
        Isolation.enter(phase)
        callDepth += 1
        let status = body()
        callDepth -= 1
        Isolation.leave()
        (HostSession.current, self.phase) = outer
        if let failure = pendingFailure {
            pendingFailure = nil
            flushReports(except: "\(failure)")
            throw failure
        }
        guard status == FX_OK else {
            let detail = lastError.isEmpty ? "returned status \(status) (\(HostSession.statusName(status)))" : lastError
            flushReports(except: detail)
            // fx.h 1.2: the plugin says the user's input is wrong, which is a usage error (exit 2).
            if status == FX_ERR_INPUT { throw HostError.usage("plugin '\(pluginName)': \(detail)") }
            throw HostError.plugin("plugin '\(pluginName)': \(phase) failed: \(detail)")
        }
        if callDepth == 0 { flushReports(except: nil) }
    }

    /// Plugin calls take turns in the process. The state they go through
    /// (Isolation's stack of phases, the C flag that tells a host call
    /// interrupted by a signal handler) is the process's, not the thread's;
    /// fxhost calls plugins from one thread, but tests run several sessions
    /// side by side on several threads. Recursive: a callback inside a host
    /// call inside plugin code is a plugin call on the same thread.
    nonisolated(unsafe) static let callLock: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(m, &attributes)
        pthread_mutexattr_destroy(&attributes)
        return m
    }()

    static func statusName(_ s: Int32) -> String {
        switch s {
        case FX_OK: "FX_OK"
        case FX_ERR_INPUT: "FX_ERR_INPUT"
        case FX_ERR_BAD_HANDLE: "FX_ERR_BAD_HANDLE"
        case FX_ERR_BAD_KEY_PATH: "FX_ERR_BAD_KEY_PATH"
        case FX_ERR_BAD_TYPE: "FX_ERR_BAD_TYPE"
        case FX_ERR_BAD_VALUE: "FX_ERR_BAD_VALUE"
        case FX_ERR_BAD_ARGUMENT: "FX_ERR_BAD_ARGUMENT"
        case FX_ERR_NOT_FOUND: "FX_ERR_NOT_FOUND"
        case FX_ERR_LIMIT: "FX_ERR_LIMIT"
        case FX_ERR_NOT_NOW: "FX_ERR_NOT_NOW"
        case FX_ERR_FAILED: "FX_ERR_FAILED"
        default: "an unknown status"
        }
    }

    // MARK: - Serving host calls

    /// Runs one host function for the plugin: checks that a plugin call is in
    /// progress, turns errors into a status and a last-error message, and
    /// reports the failure with the plugin's name.
    static func serve(_ function: String, needsStage: Bool = true,
                      _ body: (HostSession) throws(FXAPIError) -> Void) -> Int32 {
        guard let s = current, s.phase != nil, pthread_equal(s.thread, pthread_self()) != 0 else { return FX_ERR_NOT_NOW }
        guard Isolation.beginHostCall() else { return FX_ERR_NOT_NOW }
        defer { Isolation.endHostCall() }
        s.clearScratch()
        do throws(FXAPIError) {
            if needsStage && s.stage == nil {
                throw FXAPIError(.notNow, "\(function) may only be called from a build function or a callback, not from the entry")
            }
            try body(s)
            return FX_OK
        } catch {
            s.setLastError("\(function): \(error.message)")
            s.pendingReports.append((
                "plugin '\(s.pluginName)': \(s.phase ?? "call"): \(function): \(error.message)", error.message))
            return error.code.rawValue
        }
    }

    /// Warnings about failed host calls, held until the plugin call they
    /// happened in returns: one that became the plugin's own failure message
    /// is not repeated as a warning.
    var pendingReports: [(line: String, message: String)] = []
    var callDepth = 0

    func flushReports(except failure: String?) {
        let reports = pendingReports
        pendingReports.removeAll()
        for r in reports where failure.map({ !$0.containsText(r.message) }) ?? true { report(r.line) }
    }

    func setLastError(_ message: String) {
        lastError = message
        free(lastErrorStorage)
        lastErrorStorage = strdup(message)
    }

    var lastErrorPointer: UnsafePointer<CChar>? {
        if lastErrorStorage == nil { lastErrorStorage = strdup("") }
        return UnsafePointer(lastErrorStorage)
    }

    func scratchString(_ s: String) -> UnsafeMutablePointer<CChar> {
        let p = strdup(s)!
        scratch.append(UnsafeMutableRawPointer(p))
        return p
    }

    func scratchAllocate<T>(_ type: T.Type, _ count: Int) -> UnsafeMutablePointer<T> {
        let raw = malloc(max(1, count) * MemoryLayout<T>.stride)!
        scratch.append(raw)
        return raw.bindMemory(to: T.self, capacity: max(1, count))
    }

    private func clearScratch() {
        for p in scratch { free(p) }
        scratch.removeAll(keepingCapacity: true)
    }

    func requireStage() throws(FXAPIError) -> Stage {
        guard let stage else { throw FXAPIError(.notNow, "there is no stage yet") }
        return stage
    }
}

/// The thread-local slot behind `HostSession.current`. The session outlives
/// every call that sets it (`callPlugin` restores the outer value before it
/// returns), so the slot holds it unretained.
private let currentKey: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "no thread-local key for the host session")
    return key
}()

extension FXError {
    /// The ABI status for a core error.
    var apiError: FXAPIError {
        switch kind {
        case .keyPath: FXAPIError(.badKeyPath, message)
        case .type: FXAPIError(.badType, message)
        case .value, .tree: FXAPIError(.badValue, message)
        case .limit: FXAPIError(.limit, message)
        }
    }
}
