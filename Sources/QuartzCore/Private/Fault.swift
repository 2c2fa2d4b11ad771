// SPDX-License-Identifier: MIT
import FXPluginKit

/// Core Animation raises an exception on misuse (a layer added to itself, an
/// unknown key path); Swift properties cannot throw, so the facade keeps the
/// first failure of a plugin call and fails that call with it when the call
/// returns (`Entry.run`), with the host's own one-line message.
enum Fault {
    nonisolated(unsafe) static var first: PluginError?

    static func record(_ error: any Error) {
        guard first == nil else { return }
        first = (error as? PluginError) ?? PluginError("\(error)")
    }

    static func record(_ message: String) { record(PluginError(message)) }

    /// Runs a host call, keeping its failure.
    static func attempt<T>(_ fallback: T, _ body: () throws(PluginError) -> T) -> T {
        do { return try body() } catch { record(error); return fallback }
    }

    static func attempt(_ body: () throws(PluginError) -> Void) {
        do { try body() } catch { record(error) }
    }

    /// Throws the failure kept so far, clearing it.
    static func raise() throws(PluginError) {
        if let e = first {
            first = nil
            throw e
        }
    }
}

/// Plugin code runs in calls from the host (a build, a timer, an event, an
/// animation's did-start or did-stop). Each is one implicit transaction, as
/// one turn of the run loop is on iOS: layers made in it are committed when
/// it returns, and only committed layers animate their changes implicitly.
enum Entry {
    /// Counts the plugin calls so far; a layer records the one it was made in.
    /// (Both counters are read on every property change and exempt from
    /// Swift's run-time exclusivity checks: they are only read and assigned.)
    @exclusivity(unchecked) nonisolated(unsafe) static var generation = 0
    /// How many plugin calls are running (a callback inside a call makes two).
    @exclusivity(unchecked) nonisolated(unsafe) static var depth = 0

    static func run(_ body: () throws -> Void) throws {
        let nested = PluginThread.enter()
        defer { PluginThread.leave(nested) }
        depth += 1
        defer { depth -= 1 }
        generation += 1
        // A callback can fire inside a host call of an outer plugin call; the outer transaction resumes after it.
        let outer = (CATransaction.stack, CATransaction.pending)
        CATransaction.pending = []
        CATransaction.beginImplicit()
        do {
            try body()
        } catch {
            Fault.record(error)
        }
        DispatchOnTheClock.joinBackgroundWork()
        CATransaction.commitImplicit()
        DispatchOnTheClock.notifyEmptyGroups()
        (CATransaction.stack, CATransaction.pending) = outer
        try Fault.raise()
    }

    /// A closure the host calls later, run as its own transaction.
    static func callback(_ body: @escaping () -> Void) -> () throws -> Void {
        { try Entry.run(body) }
    }
}
