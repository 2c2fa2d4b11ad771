// SPDX-License-Identifier: MIT
/// A text layer's document and the file's fonts into the model.
enum TextReader {
    static let maxLines = 1000

    /// The file's fonts ("fonts": {"list": [{"fName", "fFamily", "fStyle"}]}), by name; set while the file is read.
    nonisolated(unsafe) static var fonts: [String: (family: String, style: String)] = [:]

    static func readFonts(_ n: Node?) throws(LottieError) {
        fonts = [:]
        TextContent.linesBuilt = 0
        TextContent.areaBuilt = 0
        guard let list = n?["list"] else { return }
        for f in try list.items() {
            try f.requireObject()
            guard let name = try f.string("fName") else { continue }
            fonts[name] = (try f.string("fFamily") ?? name, try f.string("fStyle") ?? "")
        }
    }

    /// The layer's first document; what the plugin cannot show is warned about.
    static func read(_ layer: Node) throws(LottieError) -> TextDocument {
        let t = try layer.require("t")
        let keyframes = try t.require("d").require("k").items()
        guard let first = keyframes.first else { throw t.fail("a text layer without a document (\"d\".\"k\" is empty)") }
        if keyframes.count > 1 { Warnings.note("source text keyframes (the first document plays)", at: t.path + ".d.k") }
        if let a = t["a"], case .array(let list) = a.json, !list.isEmpty { Warnings.note("text animators", at: a.path) }
        if let p = t["p"], p["m"] != nil { Warnings.note("text on a path", at: p.path) }
        let s = try first.require("s")
        try s.requireObject()
        let name = try s.string("f") ?? ""
        let font = fonts[name] ?? (name, "")
        if !["", "regular", "normal", "book", "roman"].contains(font.style.lowercased()) {
            Warnings.note("font style '\(font.style)' (the family's regular face plays)", at: s.path + ".f")
        }
        if try s.number("tr", default: 0) != 0 { Warnings.note("text tracking", at: s.path + ".tr") }
        if try s.number("sw", default: 0) > 0, s["sc"] != nil { Warnings.note("text strokes", at: s.path + ".sc") }
        let size = try s.number("s", default: 10, in: 0...2000)
        var fill = try s["fc"]?.numbers() ?? [0, 0, 0]
        if fill.count < 3 { throw (s["fc"] ?? s).fail("a fill colour of \(fill.count) numbers, not 3 or 4") }
        // Some exporters write 0–255.
        if fill.prefix(3).contains(where: { $0 > 1 }) { fill = fill.map { $0 / 255 } }
        var box: (Double, Double, Double, Double)?
        if let sz = s["sz"] {
            let wh = try sz.numbers(), p = try s["ps"]?.numbers() ?? [0, 0]
            guard wh.count >= 2, p.count >= 2 else { throw sz.fail("a text box needs \"sz\" [w, h] and \"ps\" [x, y]") }
            box = (p[0], p[1], max(0, wh[0]), max(0, wh[1]))
        }
        let text = try s.string("t") ?? ""
        let lineCount = text.unicodeScalars.reduce(1) { $0 + ($1 == "\r" || $1 == "\n" || $1 == "\u{3}" ? 1 : 0) }
        guard lineCount <= maxLines else {
            throw (s["t"] ?? s).fail("a text of \(lineCount) lines; the plugin draws at most \(maxLines) lines a text layer (each is a layer)")
        }
        let j = Int(try s.number("j", default: 0, in: 0...6))
        return TextDocument(text: text, family: font.family, size: size,
                            fill: fill.prefix(3).map { min(1, max(0, $0)) },
                            justification: [0, 1, 2, 0, 1, 2, 0][j],
                            lineHeight: try s.number("lh", default: size * 1.2), baselineShift: try s.number("ls", default: 0), box: box)
    }
}
