import FXCommandLine
import FXHost
import FXImageSinks
import FXRender
import FXSinks
import Glibc

/// `fxhost join OUT PARTS…`: the parts' frames, in order, through the same
/// encoder the unsharded run uses, so the joined file is that run's file.
/// Y4M parts are joined by copying their frames after the first header.
func join(_ o: Options) throws {
    let plan = try JoinPlan(o)
    if plan.partKind == .y4m {
        try joinY4M(plan)
        return
    }
    let sinks = try imageSinks(plan.kind, plan.options).compactMap { $0 as? ImageSink }
    let video = sinks.contains { $0.wantsEvenFrames }
    for (i, part) in plan.parts.enumerated() {
        guard let bytes = readFile(part.path) else {
            throw HostError.usage("join: cannot read '\(part.path)': \(String(cString: strerror(errno)))")
        }
        var reader = try FramePartReader(bytes, name: part.path)
        var frames: [Frame] = []
        while let frame = try reader.next() { frames.append(frame) }
        let expected = part.frames.count + (part.endSample ? 1 : 0)
        guard frames.count == expected else {
            throw HostError.usage("join: '\(part.path)' holds \(frames.count) frames where its manifest says \(expected) (render that shard again)")
        }
        // The run's last samples, as the unsharded run writes them: video has no sample off its
        // frame times, and a looping image no last frame that repeats its first.
        if i == plan.parts.count - 1 {
            if part.endSample && video { frames.removeLast() }
            if part.lastRepeatsFirst && plan.dropsARepeatedLastFrame && !video { frames.removeLast() }
        }
        for frame in frames {
            for sink in sinks { try sink.consume(frame: frame) }
        }
    }
    for sink in sinks { try sink.finish() }
}

private func joinY4M(_ plan: JoinPlan) throws {
    let out = try output(plan.options.out)
    var header: String?
    for part in plan.parts {
        let bytes = try readAll(part.path)
        guard let newline = bytes.firstIndex(of: 0x0A) else { throw notY4M(part.path) }
        let line = String(decoding: bytes[..<newline], as: UTF8.self)
        let fields = line.split(separator: " ")
        guard fields.first == "YUV4MPEG2", let w = fields.first(where: { $0.hasPrefix("W") }).flatMap({ Int($0.dropFirst()) }),
              let h = fields.first(where: { $0.hasPrefix("H") }).flatMap({ Int($0.dropFirst()) }) else { throw notY4M(part.path) }
        if let header, header != line { throw HostError.usage("join: '\(part.path)' has another video format than the first part") }
        let frameSize = 6 + w * h * 3
        let body = bytes.count - newline - 1
        guard body % frameSize == 0, body / frameSize == part.frames.count else {
            throw HostError.usage("join: '\(part.path)' holds \(Double(body) / Double(frameSize)) frames where its manifest says \(part.frames.count) (render that shard again)")
        }
        if header == nil {
            header = line
            try out.write(Array(bytes[...newline]))
        }
        try out.write(Array(bytes[(newline + 1)...]))
    }
    try out.commit()
}

private func notY4M(_ path: String) -> HostError { HostError.usage("join: '\(path)' is not a Y4M file fxhost wrote") }

private func readAll(_ path: String) throws -> [UInt8] {
    guard let bytes = readFile(path) else { throw HostError.usage("join: cannot read '\(path)': \(String(cString: strerror(errno)))") }
    return bytes
}
