// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import Glibc

/// What `fxhost join OUT PARTS…` will assemble, checked before anything is
/// written: every part has its manifest, all come from one render, and their
/// frames cover the run exactly once, in order.
public struct JoinPlan {
    public struct Part {
        public let path: String
        public let frames: Range<Int>
        /// After its frames the part holds the run's last sample, at its end (not for video).
        public let endSample: Bool
        /// The run's last sample shows what its first did.
        public let lastRepeatsFirst: Bool
    }
    /// The parts in frame order (empty shards left out).
    public let parts: [Part]
    public let total: Int
    /// The parts' own format: `.part` (lossless frames) or `.y4m`.
    public let partKind: SinkKind
    /// The output, in the render's size, scale, fps and background.
    public let target: ImageTarget
    /// The render's `--end`, if it had one.
    public let end: Double?
    /// The render's frame size in pixels, which every frame of every part must have.
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// An animated PNG or GIF of a run without --end leaves out a last frame that repeats the first.
    public var dropsARepeatedLastFrame: Bool {
        FramePlan(fps: target.fps, end: end).dropsRepeatedLastFrame(playsOverAndOver: target.kind.format.loopsByItself)
    }

    public init(_ o: JoinOptions) throws {
        guard let out = o.out, !o.parts.isEmpty else {
            throw HostError.usage("fxhost join needs an output and its parts: fxhost join OUT PART… (e.g. fxhost join cube.png parts/*.fxpart)")
        }
        var seen: [String] = []
        var read: [(String, RenderManifest)] = []
        for path in o.parts {
            guard access(path, R_OK) == 0 else {
                throw HostError.usage("join: cannot read the part '\(path)': \(String(cString: strerror(errno)))")
            }
            if seen.contains(where: { sameFile($0, path) }) { throw HostError.usage("join: the part '\(path)' is given twice") }
            seen.append(path)
            if sameFile(path, out) { throw HostError.usage("join: the output '\(out)' is also one of the parts; write to another file") }
            read.append((path, try RenderManifest.read(beside: path)))
        }
        let (firstPath, first) = read[0]
        for (path, m) in read.dropFirst() {
            if let key = JoinPlan.firstDifference(first.render, m.render) {
                throw HostError.usage("join: '\(path)' is from another render than '\(firstPath)' (its \(key) differs)")
            }
        }
        let kinds = Set(try read.map { try kindForOut($0.0) })
        guard kinds.count == 1, let partKind = kinds.first, partKind == .part || partKind == .y4m else {
            throw HostError.usage("join: the parts must all be .fxpart files (any output) or all .y4m (a .y4m output)")
        }
        var parts: [Part] = []
        for (path, m) in read {
            guard let frames = m.frames, let total = m.total, m.total == first.total else {
                throw HostError.usage("join: '\(path)' is not a part of a sharded render (its manifest names no frame range)")
            }
            guard (1...OutputLimits.maxFrames).contains(total), frames.lowerBound >= 0, frames.upperBound <= total else {
                throw HostError.usage("join: the manifest of '\(path)' is damaged: frames \(frames.lowerBound) to \(frames.upperBound) of \(total) (a run has 1 to \(OutputLimits.maxFrames) frames; render that shard again)")
            }
            if m.endSample && frames.upperBound != total {
                throw HostError.usage("join: the manifest of '\(path)' is damaged: it puts the run's last sample in a part that does not end the run (render that shard again)")
            }
            if !frames.isEmpty {
                parts.append(Part(path: path, frames: frames, endSample: m.endSample, lastRepeatsFirst: m.lastRepeatsFirst))
            }
        }
        parts.sort { $0.frames.lowerBound < $1.frames.lowerBound }
        let total = first.total ?? 0
        var next = 0
        for (i, p) in parts.enumerated() {
            if i > 0, p.frames.lowerBound < parts[i - 1].frames.upperBound {
                let q = parts[i - 1]
                let overlap = max(p.frames.lowerBound, q.frames.lowerBound)..<min(p.frames.upperBound, q.frames.upperBound)
                throw HostError.usage("join: '\(q.path)' and '\(p.path)' both hold frames \(JoinPlan.text(overlap))")
            }
            if p.frames.lowerBound > next {
                throw HostError.usage("join: frames \(JoinPlan.text(next..<p.frames.lowerBound)) of \(total) are missing (no part holds them)")
            }
            next = p.frames.upperBound
        }
        if next < total {
            throw HostError.usage("join: frames \(JoinPlan.text(next..<total)) of \(total) are missing (no part holds them)")
        }
        var width = o.stage.width, height = o.stage.height
        if case .array(let size)? = first.render["size"], size.count == 2 {
            width = size[0].number ?? width
            height = size[1].number ?? height
        }
        let scale = first.render["scale"]?.number ?? 1
        let fps = first.render["fps"]?.number ?? o.stage.fps
        let background = first.render["background"]?.string.map(Background.init(manifestText:))
        let end = first.render["end"]?.number
        guard width > 0, height > 0, scale > 0, fps > 0, end.map({ $0 >= 0 }) ?? true,
              let pixels = OutputLimits.pixelSize(width: width, height: height, scale: scale) else {
            throw HostError.usage("join: the manifest of '\(firstPath)' asks for a render fxhost does not make (size \(first.render["size"]?.text ?? "none"), scale \(first.render["scale"]?.text ?? "1"), fps \(first.render["fps"]?.text ?? "none"); at most \(OutputLimits.maxPixels) pixels, \(OutputLimits.maxSide) a side)")
        }
        let kind = try o.sink ?? kindForOut(out)
        guard kind.format.joins else {
            throw HostError.usage("join: '\(out)' is not an image output (.png, .gif, .y4m, frames/ …)")
        }
        try kind.format.check(o.encoding)
        if partKind == .y4m, kind != .y4m {
            throw HostError.usage("join: Y4M parts join into a .y4m only; render .fxpart parts for '\(out)'")
        }
        self.parts = parts
        self.total = total
        self.partKind = partKind
        target = ImageTarget(kind: kind, out: out, width: width, height: height, scale: scale, fps: fps,
                             background: background?.color ?? .clear, encoding: o.encoding)
        self.end = end
        pixelWidth = pixels.width
        pixelHeight = pixels.height
    }

    /// The plan for the words after `fxhost join` (OUT PART…): what the fuzzing harness of the
    /// manifest reader drives.
    public init(arguments: [String]) throws {
        guard case .join(let o) = try Command.parse(["join"] + arguments) else {
            throw HostError.usage("fxhost join takes an output and its parts, not fxhost's other commands")
        }
        try self.init(o)
    }

    static func text(_ r: Range<Int>) -> String { r.count == 1 ? "\(r.lowerBound)" : "\(r.lowerBound)–\(r.upperBound - 1)" }

    /// The first render field (by name) whose values differ, or nil.
    static func firstDifference(_ a: JSON, _ b: JSON) -> String? {
        guard case .object(let x) = a, case .object(let y) = b else { return a == b ? nil : "render" }
        for (key, value) in x where b[key] != value { return key }
        for (key, _) in y where a[key] == nil { return key }
        return nil
    }
}
