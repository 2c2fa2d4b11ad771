import FXCore
import FXRender
import FXSinks

/// Animated GIF: each frame composited over the background, quantised to
/// its own 256-colour palette by libimagequant with Floyd–Steinberg
/// dithering, LZW-compressed (two frames at once, on threads of their own,
/// written in order); delays in hundredths of a second, rounded so that they add
/// up to the real times; loops forever.
public final class GIFWriter: ImageSink {
    private let out: OutputFile
    /// Frames being quantised and compressed, oldest first, each with its time.
    private var pending: [(job: BackgroundJob<Result<[UInt8], Error>>, time: Double, width: Int, height: Int)] = []
    private let inFlight = 2
    private var wroteHeader = false
    private var emittedCentiseconds = 0
    private let lastDelay: Double

    public init(renderer: Renderer, output: OutputFile, frameInterval: Double) {
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

/// Median-cut palettes and Floyd–Steinberg dithering.
enum Quantizer {
    static func quantize(_ rgb: [UInt8], width: Int, height: Int) -> ([(UInt8, UInt8, UInt8)], [UInt8]) {
        let n = width * height
        // Distinct colours with counts (a frame of effects has few); sample when there are many pixels.
        var histogram: [UInt32: Int] = [:]
        let step = max(1, n / 250_000)
        for i in stride(from: 0, to: n, by: step) {
            let key = UInt32(rgb[i * 3]) << 16 | UInt32(rgb[i * 3 + 1]) << 8 | UInt32(rgb[i * 3 + 2])
            histogram[key, default: 0] += 1
        }
        var colors = histogram.map { (k: $0.key, n: $0.value) }.sorted { $0.k < $1.k }
        var palette: [(UInt8, UInt8, UInt8)]
        if colors.count <= 256 {
            palette = colors.map { (UInt8($0.k >> 16), UInt8(($0.k >> 8) & 0xFF), UInt8($0.k & 0xFF)) }
        } else {
            var boxes = [colors[...]]
            while boxes.count < 256 {
                // Split the box with the widest channel range, weighted by pixel count.
                guard let (index, channel) = widest(boxes) else { break }
                var box = Array(boxes[index])
                box.sort { ch($0.k, channel) < ch($1.k, channel) }
                let total = box.reduce(0) { $0 + $1.n }
                var acc = 0, cut = 1
                for (i, c) in box.enumerated() { acc += c.n; if acc * 2 >= total { cut = max(1, min(box.count - 1, i + 1)); break } }
                boxes[index] = box[..<cut]
                boxes.append(box[cut...])
            }
            palette = boxes.map { box in
                let total = Double(box.reduce(0) { $0 + $1.n })
                func mean(_ c: Int) -> UInt8 {
                    UInt8((box.reduce(0.0) { $0 + Double(ch($1.k, c)) * Double($1.n) } / total).rounded())
                }
                return (mean(0), mean(1), mean(2))
            }
            colors.removeAll()
        }
        // Floyd–Steinberg, serpentine, with a small cache of nearest-colour lookups.
        var indices = [UInt8](repeating: 0, count: n)
        var err = [Int32](repeating: 0, count: (width + 2) * 3 * 2)
        var nearestCache: [UInt32: UInt8] = [:]
        let pr = palette.map { Int32($0.0) }, pg = palette.map { Int32($0.1) }, pb = palette.map { Int32($0.2) }
        func nearest(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
            let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            if let hit = nearestCache[key] { return hit }
            var best = 0, bestD = Int32.max
            for i in 0..<pr.count {
                let dr = pr[i] - r, dg = pg[i] - g, db = pb[i] - b
                let d = dr * dr * 2 + dg * dg * 4 + db * db * 3
                if d < bestD { bestD = d; best = i }
            }
            nearestCache[key] = UInt8(best)
            return UInt8(best)
        }
        let exact = histogram.count <= 256
        for y in 0..<height {
            let cur = (y % 2) * (width + 2) * 3, nxt = ((y + 1) % 2) * (width + 2) * 3
            for i in 0..<((width + 2) * 3) { err[nxt + i] = 0 }
            let leftToRight = y % 2 == 0
            for k in 0..<width {
                let x = leftToRight ? k : width - 1 - k
                let p = (y * width + x) * 3
                let e = cur + (x + 1) * 3
                let r = max(0, min(255, Int32(rgb[p]) + err[e] / 16))
                let g = max(0, min(255, Int32(rgb[p + 1]) + err[e + 1] / 16))
                let b = max(0, min(255, Int32(rgb[p + 2]) + err[e + 2] / 16))
                let idx = nearest(r, g, b)
                indices[y * width + x] = idx
                if exact { continue }
                let dr = r - pr[Int(idx)], dg = g - pg[Int(idx)], db = b - pb[Int(idx)]
                let ahead = leftToRight ? 3 : -3
                for (o, w) in [(e + ahead, Int32(7)), (nxt + (x + 1) * 3 - ahead, 3), (nxt + (x + 1) * 3, 5), (nxt + (x + 1) * 3 + ahead, 1)] {
                    err[o] += dr * w; err[o + 1] += dg * w; err[o + 2] += db * w
                }
            }
        }
        return (palette, indices)
    }

    private static func ch(_ k: UInt32, _ c: Int) -> Int { Int((k >> (16 - 8 * UInt32(c))) & 0xFF) }

    private static func widest(_ boxes: [ArraySlice<(k: UInt32, n: Int)>]) -> (Int, Int)? {
        var best: (Int, Int, Int)?
        for (i, box) in boxes.enumerated() where box.count > 1 {
            for c in 0..<3 {
                let values = box.map { ch($0.k, c) }
                let range = values.max()! - values.min()!
                let score = range * box.reduce(0) { $0 + $1.n }
                if best == nil || score > best!.2 { best = (i, c, score) }
            }
        }
        return best.map { ($0.0, $0.1) }
    }
}

/// GIF's variable-width LZW, packed into sub-blocks.
enum LZW {
    static func encode(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var codeSize = minimumCodeSize + 1
        var next = end + 1
        var table: [Int: Int] = [:]
        var bits = 0, bitCount = 0
        var bytes: [UInt8] = []
        func emit(_ code: Int) {
            bits |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 { bytes.append(UInt8(bits & 0xFF)); bits >>= 8; bitCount -= 8 }
        }
        emit(clear)
        var prefix = -1
        for v in indices {
            let c = Int(v)
            if prefix < 0 { prefix = c; continue }
            let key = prefix << 8 | c
            if let code = table[key] { prefix = code; continue }
            emit(prefix)
            if next < 4096 {
                table[key] = next
                next += 1
                if next > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
            } else {
                emit(clear)
                table.removeAll(keepingCapacity: true)
                codeSize = minimumCodeSize + 1
                next = end + 1
            }
            prefix = c
        }
        if prefix >= 0 { emit(prefix) }
        emit(end)
        if bitCount > 0 { bytes.append(UInt8(bits & 0xFF)) }
        var out: [UInt8] = []
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
