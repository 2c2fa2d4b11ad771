// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import FXParallel

/// Jobs on kept threads: each job's work is done exactly once and seen after
/// `join`, however many run one after another or at once, and a process made
/// by fork() (which has none of its parent's threads) can still run them.
@Suite struct ParallelJobTests {
    final class Box: @unchecked Sendable { var value = 0 }

    @Test func everyJobRunsOnceAndIsSeenAfterJoin() {
        for n in 0..<2_000 {
            let box = Box()
            let job = ParallelJob { for i in 0...n { box.value += i } }
            job.start()
            job.join()
            #expect(box.value == n * (n + 1) / 2, "job \(n)")
        }
    }

    @Test func jobsInFlightTogetherRunOnTheirOwnThreads() {
        let boxes = (0..<6).map { _ in Box() }
        let threads = (0..<6).map { _ in Box() }
        // Each job waits until all six have started: they can only finish if each has its own thread.
        let started = Box()
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        defer { lock.deallocate() }
        nonisolated(unsafe) let shared = lock
        let jobs = (0..<6).map { k in
            ParallelJob {
                pthread_mutex_lock(shared); started.value += 1; pthread_mutex_unlock(shared)
                var spins = 0
                while true {
                    pthread_mutex_lock(shared); let all = started.value >= 6; pthread_mutex_unlock(shared)
                    if all || spins > 20_000_000 { break }
                    spins += 1
                }
                boxes[k].value = k + 1
                threads[k].value = Int(bitPattern: UInt(pthread_self()))
            }
        }
        jobs.forEach { $0.start() }
        jobs.forEach { $0.join() }
        #expect(boxes.map(\.value) == [1, 2, 3, 4, 5, 6])
        #expect(Set(threads.map(\.value)).count == 6, "six jobs at once, six threads")
        #expect(!threads.contains { $0.value == Int(bitPattern: UInt(pthread_self())) }, "none ran on the caller's thread")
    }

    @Test func aForkedChildRunsJobs() {
        // Leave a worker idle in the parent, then fork: the child must make its own.
        let warm = ParallelJob {}
        warm.start()
        warm.join()
        let pid = fork()
        if pid == 0 {
            alarm(10)
            let box = Box()
            let job = ParallelJob { box.value = 42 }
            job.start()
            job.join()
            _exit(box.value == 42 ? 0 : 1)
        }
        #expect(pid > 0)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect(status == 0, "the child's job ran and was joined (wait status \(status))")
    }
}
