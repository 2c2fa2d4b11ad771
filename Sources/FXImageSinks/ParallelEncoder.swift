import Glibc

/// Compresses one frame's image data on a second thread while the next frame
/// renders: the machine has two cores, and PNG deflate is the slow part.
final class ParallelEncoder: @unchecked Sendable {
    private var thread = pthread_t()
    private var running = false
    private var job: (pixels: [UInt8], width: Int, x: Int, y: Int, w: Int, h: Int)?
    private var output: [UInt8] = []

    /// Starts compressing; the previous result must have been collected.
    func submit(_ pixels: [UInt8], width: Int, x: Int, y: Int, w: Int, h: Int) {
        precondition(!running, "collect the previous result first")
        job = (pixels, width, x, y, w, h)
        let context = Unmanaged.passRetained(self).toOpaque()
        if pthread_create(&thread, nil, { raw in
            let me = Unmanaged<ParallelEncoder>.fromOpaque(raw!).takeRetainedValue()
            me.run()
            return nil
        }, context) == 0 {
            running = true
        } else {
            Unmanaged<ParallelEncoder>.fromOpaque(context).release()
            run()
        }
    }

    private func run() {
        guard let j = job else { return }
        output = PNGEncoder.imageData(j.pixels, frameWidth: j.width, x: j.x, y: j.y, width: j.w, height: j.h)
        job = nil
    }

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
