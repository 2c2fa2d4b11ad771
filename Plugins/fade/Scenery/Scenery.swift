// SPDX-License-Identifier: MIT
// Pictures the built-in effects draw when given no files: the fade effect's
// two skies and its snow flake, shared by the fade plugin and the seeds
// plugin's port of the same seed, so that both draw the same pixels.

/// The built-in pictures when no files are given: a sunny sky and a snowy one.
public enum Sky {
    public static func sunny(_ w: Int, _ h: Int) -> [UInt8] {
        picture(w, h, top: (0.25, 0.55, 0.9), bottom: (0.65, 0.85, 1.0)) { x, y in
            let dx = x - 0.78, dy = (y - 0.22) * Double(h) / Double(w)
            let d = (dx * dx + dy * dy).squareRoot()
            return d < 0.07 ? (1, 0.86, 0.3, 1) : (d < 0.11 ? (1, 0.9, 0.5, (0.11 - d) / 0.04 * 0.6) : nil)
        }
    }

    public static func snowy(_ w: Int, _ h: Int) -> [UInt8] {
        picture(w, h, top: (0.45, 0.5, 0.58), bottom: (0.85, 0.87, 0.9)) { _, y in
            y > 0.8 ? (0.96, 0.97, 1, 1) : nil  // snow on the ground
        }
    }

    private static func picture(_ w: Int, _ h: Int, top: (Double, Double, Double), bottom: (Double, Double, Double),
                                _ over: (Double, Double) -> (Double, Double, Double, Double)?) -> [UInt8] {
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            let v = Double(y) / Double(max(1, h - 1))
            for x in 0..<w {
                var c = (top.0 + (bottom.0 - top.0) * v, top.1 + (bottom.1 - top.1) * v, top.2 + (bottom.2 - top.2) * v)
                if let o = over(Double(x) / Double(w), v) {
                    c = (c.0 + (o.0 - c.0) * o.3, c.1 + (o.1 - c.1) * o.3, c.2 + (o.2 - c.2) * o.3)
                }
                let i = (y * w + x) * 4
                px[i] = UInt8((c.0 * 255).rounded()); px[i + 1] = UInt8((c.1 * 255).rounded()); px[i + 2] = UInt8((c.2 * 255).rounded())
            }
        }
        return px
    }
}

/// The snow view's flake.
public enum Flake {
    /// A soft white disc, opaque in the middle: straight-alpha RGBA.
    public static func pixels(_ n: Int) -> [UInt8] {
        var px = [UInt8](repeating: 255, count: n * n * 4)
        let c = Double(n - 1) / 2
        for y in 0..<n {
            for x in 0..<n {
                let d = (((Double(x) - c) * (Double(x) - c) + (Double(y) - c) * (Double(y) - c)).squareRoot()) / (c + 0.5)
                px[(y * n + x) * 4 + 3] = UInt8(max(0, min(1, (1 - d) * 2.5)) * 255)
            }
        }
        return px
    }
}
