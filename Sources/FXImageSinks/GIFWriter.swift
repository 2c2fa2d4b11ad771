// SPDX-License-Identifier: MIT
import FXCore
import FXRender
import FXSinks

/// Animated GIF: each frame composited over the background, quantised to
/// its own 256-colour palette by libimagequant with Floyd–Steinberg
/// dithering, LZW-compressed (two frames at once, on threads of their own,
/// written in order); delays in hundredths of a second, rounded so that they add
/// up to the real times; loops forever. libimagequant is loaded when the
/// writer is made: where it is missing, making it fails, before any frame is
/// rendered, even if every frame would have had few enough colours not to need it.
public final class GIFWriter: ImageSink {
    private let out: OutputFile
    /// Frames being quantised and compressed, oldest first, each with its time.
    private var pending: [(job: BackgroundJob<Result<[UInt8], Error>>, time: Double, width: Int, height: Int)] = []
    private let inFlight = 2
    private var wroteHeader = false
    private var emittedCentiseconds = 0
    private let lastDelay: Double

    public init(renderer: Renderer, output: OutputFile, frameInterval: Double) throws {
        _ = try PaletteQuantizer.library()
        out = output
        lastDelay = frameInterval
        super.init(renderer: renderer)
    }

    override func write(_ frame: Frame) throws {
        let c = renderer.background.clamped
        let rgbx = PixelLayout.rgbx(frame, over: (UInt8((c.red * 255).rounded()), UInt8((c.green * 255).rounded()),
                                                  UInt8((c.blue * 255).rounded())))
        let (w, h) = (frame.width, frame.height)
        pending.append((BackgroundJob { Result { try GIFWriter.image(rgbx, width: w, height: h) } }, frame.time, w, h))
        // A frame's delay is known once the next has come: write all but the newest while too many wait.
        while pending.count > inFlight { try emit(until: pending[1].time) }
    }

    public override func finish() throws {
        guard let last = pending.last else { throw OutputError("no frames to write") }
        while pending.count > 1 { try emit(until: pending[1].time) }
        try emit(until: last.time + lastDelay)
        try out.write([0x3B])
        try out.commit()
    }

    /// The local colour table and LZW data of one frame.
    private static func image(_ rgbx: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let (palette, indices) = try PaletteQuantizer.quantize(rgbx, width: width, height: height)
        var table = [UInt8](repeating: 0, count: 256 * 3)
        for (i, p) in palette.enumerated() { table[i * 3] = p.0; table[i * 3 + 1] = p.1; table[i * 3 + 2] = p.2 }
        return table + [8] + LZW.encode(indices, minimumCodeSize: 8)
    }

    /// Writes the oldest pending frame, shown until `end`.
    private func emit(until end: Double) throws {
        let frame = pending.removeFirst()
        let data = try frame.job.result().get()
        if !wroteHeader {
            var h: [UInt8] = Array("GIF89a".utf8)
            h += le16(frame.width) + le16(frame.height)
            h += [0x00, 0, 0]  // no global colour table
            h += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]  // loop forever
            try out.write(h)
            wroteHeader = true
            emittedCentiseconds = Int((frame.time * 100).rounded())
        }
        let endCs = Int((end * 100).rounded())
        let delay = max(1, endCs - emittedCentiseconds)
        emittedCentiseconds += delay
        var g: [UInt8] = [0x21, 0xF9, 0x04, 0x00] + le16(delay) + [0x00, 0x00]
        g += [0x2C] + le16(0) + le16(0) + le16(frame.width) + le16(frame.height)
        g += [0x80 | 0x07]  // local colour table of 256 entries
        try out.write(g + data)
    }

    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
}

/// GIF's variable-width LZW. The string table is a flat array indexed by
/// (prefix code, next index), each entry stamped with the table's generation
/// so that a clear code empties it without touching its 4 MB.
enum LZW {
    static func encode(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var codeSize = minimumCodeSize + 1
        var next = end + 1
        var table = [UInt32](repeating: 0, count: 4096 << 8)
        var generation: UInt32 = 1
        var bits = 0, bitCount = 0
        var bytes: [UInt8] = []
        bytes.reserveCapacity(indices.count / 2)
        func emit(_ code: Int) {
            bits |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 { bytes.append(UInt8(bits & 0xFF)); bits >>= 8; bitCount -= 8 }
        }
        emit(clear)
        var prefix = -1
        table.withUnsafeMutableBufferPointer { t in
            for v in indices {
                let c = Int(v)
                if prefix < 0 { prefix = c; continue }
                let key = prefix << 8 | c
                let entry = t[key]
                if entry >> 12 == generation { prefix = Int(entry & 0xFFF); continue }
                emit(prefix)
                if next < 4096 {
                    t[key] = generation << 12 | UInt32(next)
                    next += 1
                    if next > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
                } else {
                    emit(clear)
                    generation += 1
                    codeSize = minimumCodeSize + 1
                    next = end + 1
                }
                prefix = c
            }
        }
        if prefix >= 0 { emit(prefix) }
        emit(end)
        if bitCount > 0 { bytes.append(UInt8(bits & 0xFF)) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 255 + 2)
        var i = 0
        while i < bytes.count {
            let n = min(255, bytes.count - i)
            out.append(UInt8(n))
            out += bytes[i..<(i + n)]
            i += n
        }
        out.append(0)
        return out
    }
}
