// SPDX-License-Identifier: MIT
/// The played frames of a run as a keyframe plan sees them (`KeyframePlan`, `PositionPath`): evenly
/// spaced and increasing, so that a file frame's key time is its fraction of the way from the
/// first to the last, and a played frame is found from its time by arithmetic. Frames that are not
/// (time remapping, a negative stretch) have no grid, and their property is baked.
struct PlayedFrames {
    let frames: [Double]
    let first: Double, last: Double, step: Double

    /// Nil unless there are three frames or more, evenly spaced (to 10⁻⁹ of each) and increasing.
    init?(_ frames: [Double]) {
        let n = frames.count
        guard n > 2 else { return nil }
        let f0 = frames[0], fN = frames[n - 1], step = (fN - f0) / Double(n - 1)
        guard step > 0, step.isFinite else { return nil }
        for (j, f) in frames.enumerated() where abs(f - (f0 + Double(j) * step)) > 1e-9 * (1 + abs(f)) { return nil }
        self.frames = frames
        first = f0; last = fN; self.step = step
    }

    var count: Int { frames.count }

    /// The index of the played frame at file frame `f`, or nil when no played frame is there.
    func index(_ f: Double) -> Int? {
        let j = ((f - first) / step).rounded()
        guard j >= 0, j < Double(count), abs(frames[Int(j)] - f) <= 1e-9 * (1 + abs(f)) else { return nil }
        return Int(j)
    }

    /// The key time (0…1 over the run) of file frame `f`, exact at the played frame `j` when there is one.
    func keyTime(_ f: Double, _ j: Int?) -> Double { j.map { Double($0) / Double(count - 1) } ?? (f - first) / (last - first) }

    func keyTime(_ f: Double) -> Double { keyTime(f, index(f)) }
}
