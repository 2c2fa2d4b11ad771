// SPDX-License-Identifier: MIT
@testable import FXIsolation
import Glibc
import Synchronization
import Testing

/// Set by `slowlyMade`'s initialiser once it runs, for the second thread to come and wait on it.
let initialiserEntered = Atomic<Int>(0)

/// A lazy global whose initialiser holds Swift's once for 0.2 s: a second thread that reads it
/// meanwhile waits on the once's lock, which the kernel then mediates (FUTEX_LOCK_PI).
nonisolated(unsafe) var slowlyMade: Int = {
    initialiserEntered.store(1, ordering: .releasing)
    usleep(200_000)
    return 7
}()

/// A child of fork() whose two threads contend for a lazy global must finish. Swift's once
/// keeps the kernel id of the thread that takes its lock in a per-thread cache, and after
/// fork() the child's thread still holds its parent's id: the kernel refuses to hand the lock
/// on, and the runtime retries without end (threadids.h). The supervisor clears the cache in
/// every child it forks; without that, the same child spins until it is killed.
@Suite(.serialized) struct ForkedThreadIdTests {
    /// Forks a child that reads `slowlyMade` on a second thread while its first is inside the
    /// initialiser; true when the child exits by itself within `limit` seconds (it is killed after).
    static func childFinishes(forgetting: Bool, limit: Double) -> Bool {
        _ = initialiserEntered.load(ordering: .relaxed)
        Isolation.findRuntimeThreadIds()
        let pid = fork()
        if pid == 0 {
            if forgetting { Isolation.forgetRuntimeThreadIds() }
            var thread = pthread_t()
            _ = pthread_create(&thread, nil, { _ in
                while initialiserEntered.load(ordering: .acquiring) == 0 { sched_yield() }
                usleep(50_000)
                _ = slowlyMade
                return nil
            }, nil)
            _ = slowlyMade
            pthread_join(thread, nil)
            _exit(slowlyMade == 7 ? 0 : 1)
        }
        var status: Int32 = 0
        let deadline = Double(time(nil)) + limit
        while Double(time(nil)) < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return status == 0 }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return false
    }

    /// An installed fxhost carries the runtime stripped of its symbol table: there the cache is found
    /// by use (the word a first swift_once sets to the thread's id). Both ways must agree here.
    @Test func theCacheFoundByUseIsTheOneTheSymbolTableNames() throws {
        let offsets = try #require(Isolation.runtimeThreadIdOffsets())
        #expect(offsets.symbols >= 0)
        #expect(offsets.use == offsets.symbols)
    }

    @Test func theRuntimeLibrariesCacheIsFound() {
        Isolation.findRuntimeThreadIds()
        // libswiftCore at least (and libswift_Concurrency, built from the same headers).
        #expect(Isolation.forgetRuntimeThreadIds() >= 1)
    }

    @Test func aChildWhoseThreadsContendForALazyGlobalFinishesOnceTheCacheIsCleared() {
        #expect(Self.childFinishes(forgetting: true, limit: 20))
    }

    /// The failure the clearing prevents, shown on this toolchain: without it the child never finishes.
    @Test func withoutClearingTheCacheTheSameChildSpins() {
        #expect(!Self.childFinishes(forgetting: false, limit: 2))
    }
}
