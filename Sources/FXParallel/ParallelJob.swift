// SPDX-License-Identifier: MIT
import Glibc

/// One piece of work run on a second thread, joined before its result is
/// used. The engine's fork-and-join concurrency (the image sinks' encoders also run on threads
/// of their own, a frame behind the renderer: FXImageSinks' `BackgroundJob` and `HandOffQueue`):
/// the sampler splits large trees in two
/// (both halves only read the model, which nothing mutates while sampling),
/// the renderer draws large images and many particles in two sets of rows,
/// and the video writer converts two halves of a frame.
///
/// The threads are kept between jobs (`Worker`): a job every frame would
/// otherwise pay for creating and ending a thread each time (tens of
/// microseconds here, against frames drawn in a fraction of a millisecond).
public final class ParallelJob: @unchecked Sendable {
    private let work: () -> Void
    private var worker: Worker?

    public init(_ work: @escaping () -> Void) { self.work = work }

    /// Starts the work on another thread; if no thread can be had, runs it now.
    public func start() {
        if let w = Worker.take() {
            worker = w
            w.run(work)
        } else {
            work()
        }
    }

    public func join() {
        guard let w = worker else { return }
        w.wait()
        worker = nil
        Worker.giveBack(w)
    }
}

/// A thread that waits for one job at a time, and between jobs sits among the idle ones.
final class Worker: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let signal = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var job: (() -> Void)?
    private var finished = true

    private init() {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(signal, nil)
    }

    func run(_ work: @escaping () -> Void) {
        pthread_mutex_lock(lock)
        finished = false
        job = work
        pthread_cond_broadcast(signal)
        pthread_mutex_unlock(lock)
    }

    func wait() {
        pthread_mutex_lock(lock)
        while !finished { pthread_cond_wait(signal, lock) }
        pthread_mutex_unlock(lock)
    }

    private func loop() -> Never {
        while true {
            pthread_mutex_lock(lock)
            while job == nil { pthread_cond_wait(signal, lock) }
            let work = job!
            pthread_mutex_unlock(lock)
            work()
            pthread_mutex_lock(lock)
            job = nil
            finished = true
            pthread_cond_broadcast(signal)
            pthread_mutex_unlock(lock)
        }
    }

    // The idle workers, shared by the process: guarded by `poolLock`. A child made by fork()
    // has none of the parent's threads, so there it starts with no idle workers and an unlocked pool.
    private nonisolated(unsafe) static var idle: [Worker] = []
    private nonisolated(unsafe) static let poolLock: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        pthread_atfork({ pthread_mutex_lock(Worker.poolLock) },
                       { pthread_mutex_unlock(Worker.poolLock) },
                       { pthread_mutex_init(Worker.poolLock, nil); Worker.idle = [] })
        return m
    }()

    /// An idle worker, or a new one; nil when no thread can be made.
    static func take() -> Worker? {
        pthread_mutex_lock(poolLock)
        let found = idle.popLast()
        pthread_mutex_unlock(poolLock)
        if let found { return found }
        let w = Worker()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        defer { pthread_attr_destroy(&attributes) }
        let context = Unmanaged.passRetained(w).toOpaque()
        let rc = pthread_create(&thread, &attributes, { raw in
            Unmanaged<Worker>.fromOpaque(raw!).takeUnretainedValue().loop()
        }, context)
        guard rc == 0 else {
            Unmanaged<Worker>.fromOpaque(context).release()
            return nil
        }
        return w
    }

    static func giveBack(_ w: Worker) {
        pthread_mutex_lock(poolLock)
        idle.append(w)
        pthread_mutex_unlock(poolLock)
    }
}
