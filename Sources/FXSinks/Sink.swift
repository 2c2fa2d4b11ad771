// SPDX-License-Identifier: MIT
import FXCore

/// Where samples go. A sink sees the samples in time order, then `finish`.
/// Sinks read snapshots only; they never touch the model or the host.
public protocol Sink: AnyObject {
    func consume(_ snapshot: Snapshot) throws
    /// Completes the output (for files: renames the finished file into place).
    func finish() throws
    /// Whether the sink renders pixels (slow enough for a progress bar).
    var rendersFrames: Bool { get }
    /// Whether the format needs evenly spaced frames (video), so the host
    /// should not add an extra sample exactly at the end.
    var wantsEvenFrames: Bool { get }
}

extension Sink {
    public var rendersFrames: Bool { false }
    public var wantsEvenFrames: Bool { false }
}

/// Stable, readable names for a snapshot's layers: `stage/form/username`;
/// unnamed layers are `<kind><n>` by position among their siblings
/// (`stage/layer2`), a name an earlier sibling has gets its position too
/// (`PathName`), masks are `<parent>/mask:<name>`.
public enum LayerPaths {
    public static func paths(_ s: Snapshot) -> [String] {
        var out: [String] = []
        out.reserveCapacity(s.layers.count)
        var childCount: [Int: Int] = [:]
        var taken: [Int: Set<String>] = [:]
        for (i, l) in s.layers.enumerated() {
            let ordinal = childCount[l.parent, default: 0]
            childCount[l.parent] = ordinal + 1
            let own = PathName.of(name: l.name, kind: l.kind, ordinal: ordinal, taken: &taken[l.parent, default: []])
            let name = l.isMask ? "mask:\(own)" : own
            out.append(l.parent < 0 ? name : out[l.parent] + "/" + name)
            _ = i
        }
        return out
    }
}
