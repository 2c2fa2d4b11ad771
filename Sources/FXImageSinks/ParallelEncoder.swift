import Glibc

/// Compresses frames' image data on threads of their own while the next
/// frames render: the machine has two cores, and deflate is the slow part.
/// Each job is one frame's region; results come back in submission order.
final class ParallelEncoder {
    /// One frame's compression, running on its own thread.
    final class Job: @unchecked Sendable {
        fileprivate var thread = pthread_t()
        fileprivate var running = false
        private let pixels: [UInt8]
        private let width: Int, x: Int, y: Int, w: Int, h: Int
        fileprivate var output: [UInt8] = []

        init(_ pixels: [UInt8], width: Int, x: Int, y: Int, w: Int, h: Int) {
            self.pixels = pixels; self.width = width; self.x = x; self.y = y; self.w = w; self.h = h
        }

        fileprivate func run() { output = PNGEncoder.imageData(pixels, frameWidth: width, x: x, y: y, width: w, height: h) }

        /// Waits for and returns the compressed data.
        func result() -> [UInt8] {
            if running {
                pthread_join(thread, nil)
                running = false
            }
            return output
        }

        deinit { if running { pthread_join(thread, nil) } }
    }

    /// Starts compressing a region of a frame (on the calling thread when no thread can be made).
    func submit(_ pixels: [UInt8], width: Int, x: Int, y: Int, w: Int, h: Int) -> Job {
        let job = Job(pixels, width: width, x: x, y: y, w: w, h: h)
        let context = Unmanaged.passRetained(job).toOpaque()
        if pthread_create(&job.thread, nil, { raw in
            let me = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
            me.run()
            return nil
        }, context) == 0 {
            job.running = true
        } else {
            Unmanaged<Job>.fromOpaque(context).release()
            job.run()
        }
        return job
    }
}
