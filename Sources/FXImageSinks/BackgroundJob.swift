// SPDX-License-Identifier: MIT
import Glibc

/// Work that runs on a thread of its own while the caller goes on (the next
/// frame renders while earlier ones compress: the machine has two cores,
/// and the encoders are the slow part). `result()` waits for it.
final class BackgroundJob<Output>: Runnable, @unchecked Sendable {
    private let work: () -> Output
    private var output: Output?

    /// Starts `work` now, on the calling thread when no thread can be made.
    init(_ work: @escaping () -> Output) {
        self.work = work
        super.init()
        start()
    }

    override func run() { output = work() }

    func result() -> Output {
        join()
        return output!
    }
}

/// The thread behind a `BackgroundJob` (not generic, so that a C callback can start it).
class Runnable: @unchecked Sendable {
    private var thread = pthread_t()
    private var running = false

    func run() {}

    fileprivate func start() {
        let context = Unmanaged.passRetained(self).toOpaque()
        if pthread_create(&thread, nil, { raw in
            Unmanaged<Runnable>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, context) == 0 {
            running = true
        } else {
            Unmanaged<Runnable>.fromOpaque(context).release()
            run()
        }
    }

    fileprivate func join() {
        if running {
            pthread_join(thread, nil)
            running = false
        }
    }

    deinit {
        // The last reference may go on the job's own thread, which cannot join itself.
        if running && pthread_equal(thread, pthread_self()) != 0 { pthread_detach(thread) } else { join() }
    }
}
