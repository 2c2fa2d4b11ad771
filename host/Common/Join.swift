// SPDX-License-Identifier: MIT
import FXHost
import FXImageSinks
import FXRender
import FXSinks
import Glibc

/// `fxhost join OUT PARTS…`: the parts' frames, in order, through the same
/// encoder the unsharded run uses, so the joined file is that run's file.
/// Y4M parts are joined by copying their frames after the first header.
func join(_ o: JoinOptions) throws {
    let plan = try JoinPlan(o)
    if plan.partKind == .y4m {
        try joinY4M(plan)
        return
    }
    // Every frame header of every part is checked against its manifest before an output or a frame is made.
    let readers = try plan.parts.map { part in
        try FramePartReader(path: part.path, layout: FramePartLayout(
            width: plan.pixelWidth, height: plan.pixelHeight, frames: part.frames, fps: plan.target.fps,
            endSample: part.endSample, end: plan.end))
    }
    let sinks = try RunOutputs(plan.target).sinks(plan.target, particles: false).compactMap { $0 as? ImageSink }
    let video = sinks.contains { $0.wantsEvenFrames }
    for (i, (part, reader)) in zip(plan.parts, readers).enumerated() {
        var count = reader.count
        // The run's last samples, as the unsharded run writes them: video has no sample off its
        // frame times, and a looping image no last frame that repeats its first.
        if i == plan.parts.count - 1 {
            if part.endSample && video { count -= 1 }
            if part.lastRepeatsFirst && plan.dropsARepeatedLastFrame && !video { count -= 1 }
        }
        try reader.forEachFrame(count: count) { frame in
            for sink in sinks { try sink.consume(frame: frame) }
        }
    }
    for sink in sinks { try sink.finish() }
}

private func joinY4M(_ plan: JoinPlan) throws {
    // Every part's header and length are checked before the output is opened.
    let parts = try plan.parts.map { try Y4MPart($0, plan) }
    if let other = parts.first(where: { $0.header != parts[0].header }) {
        throw HostError.usage("join: '\(other.path)' has another video format than '\(parts[0].path)'")
    }
    let out = try output(plan.target.out)
    try out.write(parts[0].header)
    for part in parts { try part.copyFrames(to: out) }
    try out.commit()
}

/// A Y4M part, copied into the joined file a frame at a time (so that the
/// join holds one frame, whatever the part's length).
private struct Y4MPart {
    let path: String
    /// The stream header, its newline included; the joined file keeps the first part's.
    let header: [UInt8]
    let frameSize: Int
    let frames: Int

    init(_ part: JoinPlan.Part, _ plan: JoinPlan) throws {
        path = part.path
        frames = part.frames.count
        let file = try Y4MPart.open(path)
        defer { fclose(file) }
        var line = [UInt8]()
        while line.count < 256 {
            let c = fgetc(file)
            guard c >= 0 else { break }
            line.append(UInt8(c))
            if c == 0x0A { break }
        }
        guard line.last == 0x0A else { throw Y4MPart.notY4M(path) }
        header = line
        let fields = String(decoding: line.dropLast(), as: UTF8.self).split(separator: " ")
        guard fields.first == "YUV4MPEG2", let w = fields.first(where: { $0.hasPrefix("W") }).flatMap({ Int($0.dropFirst()) }),
              let h = fields.first(where: { $0.hasPrefix("H") }).flatMap({ Int($0.dropFirst()) }) else { throw Y4MPart.notY4M(path) }
        guard w == plan.pixelWidth, h == plan.pixelHeight else {
            throw HostError.usage("join: '\(path)' is \(w)×\(h) pixels where its manifest says \(plan.pixelWidth)×\(plan.pixelHeight) (render that shard again)")
        }
        frameSize = 6 + 3 * w * h  // "FRAME\n" and three full planes: fxhost writes 4:4:4

        var st = stat()
        guard fstat(fileno(file), &st) == 0 else { throw Y4MPart.cannotRead(path) }
        let body = Int(st.st_size) - line.count
        guard body % frameSize == 0, body / frameSize == frames else {
            throw HostError.usage("join: '\(path)' holds \(Double(body) / Double(frameSize)) frames where its manifest says \(frames) (render that shard again)")
        }
    }

    func copyFrames(to out: OutputFile) throws {
        let file = try Y4MPart.open(path)
        defer { fclose(file) }
        guard fseek(file, header.count, SEEK_SET) == 0 else { throw Y4MPart.cannotRead(path) }
        var frame = [UInt8](repeating: 0, count: frameSize)
        for k in 0..<frames {
            guard fread(&frame, 1, frameSize, file) == frameSize else { throw Y4MPart.cannotRead(path) }
            guard frame.starts(with: Array("FRAME\n".utf8)) else {
                throw HostError.usage("join: '\(path)' is damaged: its frame \(k) does not start with FRAME (render that shard again)")
            }
            try out.write(frame)
        }
    }

    static func open(_ path: String) throws -> UnsafeMutablePointer<FILE> {
        guard let file = fopen(path, "rb") else { throw cannotRead(path) }
        return file
    }

    static func cannotRead(_ path: String) -> HostError {
        HostError.usage("join: cannot read '\(path)': \(String(cString: strerror(errno)))")
    }

    static func notY4M(_ path: String) -> HostError { HostError.usage("join: '\(path)' is not a Y4M file fxhost wrote") }
}
