// SPDX-License-Identifier: MIT
/// Median-cut palettes and Floyd–Steinberg dithering: fxhost's own quantiser,
/// kept for frames of a few thousand colours (gradients, flat effects), where
/// it is closer to the source and smaller than libimagequant (docs/OUTPUTS.md).
enum MedianCut {
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
