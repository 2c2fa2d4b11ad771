// SPDX-License-Identifier: MIT
import FXCore
import FXHost

/// Which frames of a run to write: `--frames A:B` (frame indices, A
/// included, B not; `A:` runs to the end) or `--shard I/N` (the I-th of N
/// equal ranges, I counted from 0 as job arrays count their tasks). The
/// timeline still runs from frame 0 — samples, callbacks, timers and events —
/// so a frame rendered in a shard is the frame the whole run renders.
public enum FrameSelection: Equatable, Sendable {
    case range(from: Int, to: Int?)
    case shard(index: Int, count: Int)

    static func parseFrames(_ text: String) throws -> FrameSelection {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), a >= 0, parts[1].isEmpty || Int(parts[1]) != nil else {
            throw HostError.usage("--frames: '\(text)' is not A:B, frame indices from 0 with B excluded (e.g. --frames 0:30, or --frames 30: to the end)")
        }
        let b = Int(parts[1])
        if let b, b <= a {
            throw HostError.usage("--frames: '\(text)' selects no frame (B must be above A; B is excluded)")
        }
        return .range(from: a, to: b)
    }

    static func parseShard(_ text: String) throws -> FrameSelection {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 100_000, i >= 0 else {
            throw HostError.usage("--shard: '\(text)' is not I/N, the I-th of N shards counted from 0 (e.g. --shard 0/4 … --shard 3/4)")
        }
        guard i < n else {
            throw HostError.usage("--shard \(text): shards are counted from 0, so the last of \(n) is \(n - 1)/\(n)")
        }
        return .shard(index: i, count: n)
    }

    /// Whether the range can only be known once the run's frame count is.
    var needsTotal: Bool { if case .shard = self { return true } else { return false } }

    /// The frames selected out of a run of `total` frames (nil: not known yet).
    func frames(total: Int?) -> Range<Int> {
        switch self {
        case .range(let a, let b):
            let end = [b, total].compactMap { $0 }.min() ?? Int.max
            return a..<max(a, end)
        case .shard(let i, let n):
            return FramePlan.shard(i, of: n, total: total ?? 0)
        }
    }
}
