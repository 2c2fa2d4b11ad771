// SPDX-License-Identifier: MIT
import FXCore
import FXRender
import FXSinks

/// Animated PNG: every frame with its exact delay, looping forever; a single
/// sample is a plain PNG. Only the region that changed since the previous
/// frame is encoded (APNG frames carry offsets), and identical frames just
/// lengthen the previous one's delay. Two frames compress at once, on
/// threads of their own, while the next renders; they reach the file in
/// order, and the frame count is patched into the header at the end.
public final class APNGWriter: ImageSink {
    private let out: OutputFile
    private var previous: Frame?
    /// A frame on its way to the file: compressing, and waiting for its delay
    /// (known when the next different frame arrives).
    private struct Pending {
        let job: BackgroundJob<[UInt8]>
        let time: Double
        let x: Int, y: Int, w: Int, h: Int
        var delay: Double?
    }
    /// Oldest first; at most `inFlight` compress at once.
    private var pending: [Pending] = []
    private let inFlight = 2
    private var written = 0
    /// The time of the latest frame seen, shown or merged into the pending one.
    private var lastSeen = 0.0
    private var sequence: UInt32 = 0
    private var actlOffset = 0
    /// The delay of the last frame, which has no successor to measure it by.
    private let lastDelay: Double

    public init(renderer: Renderer, output: OutputFile, frameInterval: Double) throws {
        guard output.isFile else {
            throw OutputError("animated PNG cannot stream to standard output: give a file name (--out anim.png)")
        }
        out = output
        lastDelay = frameInterval
        super.init(renderer: renderer)
    }

    override func write(_ frame: Frame) throws {
        lastSeen = frame.time
        guard let prev = previous else {
            try out.write(PNGEncoder.signature + PNGEncoder.header(width: frame.width, height: frame.height))
            actlOffset = out.written
            try out.write(PNGEncoder.chunk("acTL", [0, 0, 0, 0, 0, 0, 0, 0]))
            start(frame, x: 0, y: 0, w: frame.width, h: frame.height)
            return
        }
        guard let box = ChangedRegion.between(prev, frame) else {
            return  // nothing changed: the pending frame simply lasts longer
        }
        pending[pending.count - 1].delay = frame.time - pending[pending.count - 1].time
        start(frame, x: box.x, y: box.y, w: box.w, h: box.h)
        // Frames ahead of the newest have their delays: write the oldest while more than `inFlight` wait.
        while pending.count > inFlight { try flushOldest() }
    }

    private func start(_ frame: Frame, x: Int, y: Int, w: Int, h: Int) {
        previous = frame
        let pixels = frame.pixels, width = frame.width
        let job = BackgroundJob { PNGEncoder.imageData(pixels, frameWidth: width, x: x, y: y, width: w, height: h) }
        pending.append(Pending(job: job, time: frame.time, x: x, y: y, w: w, h: h))
    }

    private func flushOldest() throws {
        let p = pending.removeFirst()
        let data = p.job.result()
        let (num, den) = Delay.fraction(max(0, p.delay ?? lastDelay))
        var fctl: [UInt8] = []
        PNGEncoder.append32(&fctl, sequence); sequence += 1
        PNGEncoder.append32(&fctl, UInt32(p.w)); PNGEncoder.append32(&fctl, UInt32(p.h))
        PNGEncoder.append32(&fctl, UInt32(p.x)); PNGEncoder.append32(&fctl, UInt32(p.y))
        fctl += [UInt8(num >> 8), UInt8(num & 0xFF), UInt8(den >> 8), UInt8(den & 0xFF)]
        fctl += [0, 0]  // dispose: none; blend: source (the region replaces what was there)
        try out.write(PNGEncoder.chunk("fcTL", fctl))
        if written == 0 {
            try out.write(PNGEncoder.chunk("IDAT", data))
        } else {
            var fdat: [UInt8] = []
            PNGEncoder.append32(&fdat, sequence); sequence += 1
            try out.write(PNGEncoder.chunk("fdAT", fdat + data))
        }
        written += 1
    }

    public override func finish() throws {
        guard !pending.isEmpty else { throw OutputError("no frames to write") }
        if written == 0 && pending.count == 1 {
            // One frame: a plain PNG, without the animation chunks.
            let data = pending.removeFirst().job.result()
            try out.truncate(to: actlOffset)
            try out.write(PNGEncoder.chunk("IDAT", data))
            try out.write(PNGEncoder.chunk("IEND", []))
            try out.commit()
            return
        }
        pending[pending.count - 1].delay = lastSeen - pending[pending.count - 1].time + lastDelay
        while !pending.isEmpty { try flushOldest() }
        try out.write(PNGEncoder.chunk("IEND", []))
        var actl: [UInt8] = []
        PNGEncoder.append32(&actl, UInt32(written))
        PNGEncoder.append32(&actl, 0)  // loop forever
        try out.patch(at: actlOffset, PNGEncoder.chunk("acTL", actl))
        try out.commit()
    }
}

/// The smallest rectangle holding every pixel that differs between two frames.
enum ChangedRegion {
    static func between(_ a: Frame, _ b: Frame) -> (x: Int, y: Int, w: Int, h: Int)? {
        let w = a.width, h = a.height
        var x0 = w, y0 = h, x1 = -1, y1 = -1
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                let ra = pa.bindMemory(to: UInt32.self), rb = pb.bindMemory(to: UInt32.self)
                for y in 0..<h {
                    let row = y * w
                    var first = -1
                    for x in 0..<w where ra[row + x] != rb[row + x] { first = x; break }
                    guard first >= 0 else { continue }
                    var last = first
                    var x = w - 1
                    while x > first { if ra[row + x] != rb[row + x] { last = x; break }; x -= 1 }
                    x0 = min(x0, first); x1 = max(x1, last)
                    y0 = min(y0, y); y1 = y
                }
            }
        }
        guard x1 >= 0 else { return nil }
        return (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }
}
