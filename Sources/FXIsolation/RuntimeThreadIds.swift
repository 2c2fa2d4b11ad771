// SPDX-License-Identifier: MIT
import CSupervisor

extension Isolation {
    /// Where the Swift runtime keeps each thread's cached kernel id (threadids.h): found in the
    /// parent, once a process, before a child is forked.
    static func findRuntimeThreadIds() { fxs_find_swift_thread_ids() }

    /// Begins that search on a thread of its own, for a process that will supervise children:
    /// its start goes on meanwhile, and the fork waits for the search to end.
    public static func findRuntimeThreadIdsAhead() { fxs_find_swift_thread_ids_ahead() }

    /// In a child just forked: the calling thread's cached id cleared in each runtime library, so
    /// that the runtime's locks name this thread, not the parent's. How many were cleared.
    @discardableResult
    static func forgetRuntimeThreadIds() -> Int { Int(fxs_forget_swift_thread_ids()) }

    /// libswiftCore's cache offset found by its symbol table and by use (for tests); nil when no thread could be made.
    static func runtimeThreadIdOffsets() -> (symbols: Int, use: Int)? {
        var symbols = -1, use = -1
        guard fxs_swift_thread_id_offsets(&symbols, &use) == 0 else { return nil }
        return (symbols, use)
    }
}
