import FXCore
import FXRender
import FXSinks

/// Animated PNG: every frame with its exact delay, looping forever; a single
/// sample is a plain PNG. Only the region that changed since the previous
/// frame is encoded (APNG frames carry offsets), and identical frames just
/// lengthen the previous one's delay. Frames stream to the file as they come;
/// the frame count is patched into the header at the end.
public final class APNGWriter: ImageSink {
    private let out: OutputFile
    private var previous: Frame?
    /// The frame waiting for its delay (known when the next one arrives).
    private var pending: (frame: Frame, x: Int, y: Int, w: Int, h: Int)?
    private var written = 0
    /// The time of the latest frame seen, shown or merged into the pending one.
    private var lastSeen = 0.0
    private var sequence: UInt32 = 0
    private var actlOffset = 0
    /// The delay of the last frame, which has no successor to measure it by.
    private let lastDelay: Double
    private let encoder: ParallelEncoder

    public init(renderer: Renderer, output: OutputFile, frameInterval: Double) throws {
        guard output.isFile else {
            throw OutputError("animated PNG cannot stream to standard output: give a file name (--out anim.png)")
        }
        out = output
        lastDelay = frameInterval
        encoder = ParallelEncoder()
        super.init(renderer: renderer)
    }

    override func write(_ frame: Frame) throws {
        lastSeen = frame.time
        if written == 0 && pending == nil {
            try out.write(PNGEncoder.signature + PNGEncoder.header(width: frame.width, height: frame.height))
            actlOffset = out.written
            try out.write(PNGEncoder.chunk("acTL", [0, 0, 0, 0, 0, 0, 0, 0]))
            pending = (frame, 0, 0, frame.width, frame.height)
            previous = frame
            encoder.submit(frame.pixels, width: frame.width, x: 0, y: 0, w: frame.width, h: frame.height)
            return
        }
        guard let prev = previous else { return }
        guard let box = ChangedRegion.between(prev, frame) else {
            return  // nothing changed: the pending frame simply lasts longer
        }
        try flushPending(delay: frame.time - pending!.frame.time)
        pending = (frame, box.x, box.y, box.w, box.h)
        previous = frame
        encoder.submit(frame.pixels, width: frame.width, x: box.x, y: box.y, w: box.w, h: box.h)
    }

    private func flushPending(delay: Double) throws {
        guard let p = pending else { return }
        let data = encoder.result()
        let (num, den) = Delay.fraction(max(0, delay))
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
        pending = nil
    }

    public override func finish() throws {
        if pending != nil {
            if written == 0 {
                // One frame: a plain PNG. Rewrite the file without the animation chunks.
                try writeStill()
                return
            }
            try flushPending(delay: lastSeen - pending!.frame.time + lastDelay)
        }
        try out.write(PNGEncoder.chunk("IEND", []))
        var actl: [UInt8] = []
        PNGEncoder.append32(&actl, UInt32(written))
        PNGEncoder.append32(&actl, 0)  // loop forever
        try out.patch(at: actlOffset, PNGEncoder.chunk("acTL", actl))
        try out.commit()
    }

    private func writeStill() throws {
        let data = encoder.result()
        guard let p = pending else { return }
        try out.truncate(to: actlOffset)
        try out.write(PNGEncoder.chunk("IDAT", data))
        try out.write(PNGEncoder.chunk("IEND", []))
        _ = p
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
