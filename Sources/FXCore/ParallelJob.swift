import Glibc

/// One piece of work run on a second thread, joined before its result is
/// used. The engine's only concurrency: the sampler splits large trees in two
/// (both halves only read the model, which nothing mutates while sampling),
/// and the renderer draws many particles in two sets of bands of rows.
public final class ParallelJob: @unchecked Sendable {
    private let work: () -> Void
    private var thread = pthread_t()
    private var started = false

    public init(_ work: @escaping () -> Void) { self.work = work }

    /// Starts the work on a new thread; if no thread can be made, runs it now.
    public func start() {
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&thread, nil, { raw in
            let job = Unmanaged<ParallelJob>.fromOpaque(raw!).takeRetainedValue()
            job.work()
            return nil
        }, context)
        if rc == 0 {
            started = true
        } else {
            Unmanaged<ParallelJob>.fromOpaque(context).release()
            work()
        }
    }

    public func join() {
        if started { pthread_join(thread, nil) }
        started = false
    }
}
