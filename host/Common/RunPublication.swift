// SPDX-License-Identifier: MIT
import FXSinks
import Synchronization

/// How the outputs this process makes now are published: `Publication.direct`, except while
/// the body of a supervised run (`isolated`) runs in its child, where it is the child's
/// publication (FXIsolation's). Bound for the body's duration (`bind`), not set: nothing outlives
/// the run that bound it, and the code between the fork and the sinks (the run plan, the join)
/// need not carry it. Every output the command line makes is made with it (`output(_:)`).
/// A lock rather than a task-local value: fxhost does not load Swift's concurrency library
/// (Package.swift), and a thread the body starts sees the binding too.
public enum RunPublication {
    private static let bound = Mutex<Publication>(.direct)

    public static var current: Publication { bound.withLock { $0 } }

    /// Runs `body` with `publication` as `current`, and restores what was bound before.
    public static func bind<T>(_ publication: Publication, _ body: () throws -> T) rethrows -> T {
        let saved = bound.withLock { value in
            let old = value
            value = publication
            return old
        }
        defer { bound.withLock { $0 = saved } }
        return try body()
    }
}
