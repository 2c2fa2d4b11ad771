// SPDX-License-Identifier: MIT
import CFX

/// A failure of a host call, or the plugin's own: the status and the message
/// the host will show.
public struct PluginError: Error, CustomStringConvertible {
    public let status: fx_status
    public let message: String
    public init(_ message: String, status: fx_status = FX_ERR_FAILED) { self.status = status; self.message = message }
    public var description: String { message }
}

/// The host's function table, as handed to the entry and to every build
/// function. Every call into a plugin happens on one thread, so one global
/// table pointer is all the state the kit needs.
public enum Host {
    nonisolated(unsafe) static var table: UnsafePointer<fx_api>?

    static var api: fx_api {
        guard let table else { fatalError("FXPluginKit: the host table is used before the entry function ran") }
        return table.pointee
    }

    /// fx.h's FX_API_HAS: whether the host's table has `member` (a host built
    /// against an older minor has a shorter table).
    public static func has<T>(_ member: KeyPath<fx_api, T?>) -> Bool {
        guard let table, let offset = MemoryLayout<fx_api>.offset(of: member) else { return false }
        return Int(table.pointee.struct_size) >= offset + MemoryLayout<T?>.size && table.pointee[keyPath: member] != nil
    }

    /// The ABI version of the running host (`api->abi_major`, `api->abi_minor`),
    /// which may be older or newer than the fx.h this plugin was built with.
    public static var abiVersion: (major: Int, minor: Int) { (Int(api.abi_major), Int(api.abi_minor)) }

    /// Turns a host status into a thrown error carrying the host's message.
    static func check(_ status: fx_status) throws(PluginError) {
        guard status == FX_OK else {
            let message = api.last_error().map { String(cString: $0) } ?? "status \(status)"
            throw PluginError(message, status: status)
        }
    }

    /// The simulated time now, in seconds (`CACurrentMediaTime()`).
    public static var now: Double { api.now() }

    /// The stage size in points.
    public static func stageSize() throws(PluginError) -> Size {
        var s = fx_size()
        try check(api.stage_size(&s))
        return Size(s.width, s.height)
    }

    /// fx.h 1.2 `stage_prefer`: the stage size and end the content was made for
    /// (0 for either: no preference). Call it before `stageSize()`; the user's
    /// `--size` and `--end` win. A host older than 1.2 ignores it.
    public static func prefer(size: Size, naturalEnd: Double) throws(PluginError) {
        guard has(\.stage_prefer) else { return }
        var p = fx_stage_preference()
        p.struct_size = UInt32(MemoryLayout<fx_stage_preference>.size)
        p.size = fx_size(width: size.width, height: size.height)
        p.natural_end = naturalEnd
        try check(api.stage_prefer(&p))
    }

    /// Writes a line to the host's stderr, prefixed with the plugin's name.
    public static func log(_ message: String, warning: Bool = false) {
        message.withCString { api.log(warning ? FX_LOG_WARNING : FX_LOG_INFO, $0) }
    }

    /// Runs `action` `delay` seconds from now (the seeds' `delay(0.5) { … }`).
    @discardableResult
    public static func after(_ delay: Double, _ action: @escaping () throws -> Void) throws(PluginError) -> UInt64 {
        var id: UInt64 = 0
        try check(api.timer_add(delay, Callback.fireTrampoline, Callback.retain(fire: action), &id))
        return id
    }

    /// Cancels a pending timer.
    public static func cancel(timer id: UInt64) throws(PluginError) { try check(api.timer_cancel(id)) }

    /// Calls `action` whenever the named event fires (`fxhost --event 1.5:tap`).
    public static func on(_ event: String, _ action: @escaping () throws -> Void) throws(PluginError) {
        let box = Callback.retain(fire: action)
        try check(event.withCString { api.event_on($0, Callback.eventTrampoline, box) })
    }

    /// The same, for an action that wants the event's name (one action for several events).
    public static func on(_ event: String, _ action: @escaping (String) throws -> Void) throws(PluginError) {
        let box = Unmanaged.passRetained(Callback(fire: nil, event: action)).toOpaque()
        try check(event.withCString { api.event_on($0, Callback.eventTrampoline, box) })
    }

    /// Closure builds of the descriptors made so far, registered with the host by `entry`.
    nonisolated(unsafe) static var closureBuilds: [(name: String, box: UnsafeMutableRawPointer)] = []

    /// What a Swift plugin's `fx_plugin_entry` does: keep the host's table,
    /// register the closure builds (fx.h 1.2), return the descriptor. A host
    /// older than 1.2 is told why the plugin cannot run there.
    public static func entry(_ table: UnsafePointer<fx_api>?, _ descriptor: UnsafePointer<fx_plugin>) -> UnsafePointer<fx_plugin>? {
        Host.table = table
        guard !closureBuilds.isEmpty else { return descriptor }
        guard has(\.factory_set_build_values) else {
            log("this plugin's factories are Swift closures, which need fxhost with fx.h 1.2 (this one speaks \(abiVersion.major).\(abiVersion.minor))",
                warning: true)
            return nil
        }
        for build in closureBuilds {
            guard build.name.withCString({ api.factory_set_build_values($0, ClosureBuild.trampoline, build.box) }) == FX_OK else { return nil }
        }
        return descriptor
    }

    /// Runs a build function's body: installs the table, and turns a thrown
    /// error into `fail(message)` and its status, as the ABI asks.
    public static func build(_ table: UnsafePointer<fx_api>?, _ body: () throws -> Void) -> fx_status {
        Host.table = table
        return report(body)
    }

    static func report(_ body: () throws -> Void) -> fx_status {
        do {
            try body()
            return FX_OK
        } catch let e as PluginError {
            e.message.withCString { api.fail($0) }
            return e.status == FX_OK ? FX_ERR_FAILED : e.status
        } catch {
            "\(error)".withCString { api.fail($0) }
            return FX_ERR_FAILED
        }
    }
}

/// Swift closures behind the ABI's `void *user` callbacks. Each registered
/// box is kept for the run: a callback can fire at any time until then.
final class Callback {
    /// Timers, events and did-start.
    let fire: (() throws -> Void)?
    /// did-stop.
    let stop: ((Bool) throws -> Void)?
    /// Events whose action takes the event's name.
    let event: ((String) throws -> Void)?

    init(fire: (() throws -> Void)?, stop: ((Bool) throws -> Void)? = nil, event: ((String) throws -> Void)? = nil) {
        self.fire = fire; self.stop = stop; self.event = event
    }

    static func retain(fire: (() throws -> Void)?, stop: ((Bool) throws -> Void)? = nil) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(Callback(fire: fire, stop: stop)).toOpaque()
    }

    static func box(_ user: UnsafeMutableRawPointer?) -> Callback? {
        user.map { Unmanaged<Callback>.fromOpaque($0).takeUnretainedValue() }
    }

    static let fireTrampoline: fx_timer_fn = { user in
        Host.report { try Callback.box(user)?.fire?() }
    }
    static let eventTrampoline: fx_event_fn = { user, name in
        Host.report {
            let box = Callback.box(user)
            if let event = box?.event { try event(name.map { String(cString: $0) } ?? "") } else { try box?.fire?() }
        }
    }
    static let stopTrampoline: fx_did_stop_fn = { user, finished in
        Host.report { try Callback.box(user)?.stop?(finished != 0) }
    }
}
