// SPDX-License-Identifier: MIT
import FXPluginKit

/// A text layer's document ("t": {"d": {"k": [{"s": …, "t": frame}]}}), as
/// Bodymovin writes After Effects' source text: the text (lines separated by
/// a carriage return), the font by its name in the file's "fonts" list, the
/// size, fill colour, justification, line height and baseline shift; for
/// paragraph text also the box ("sz") and its position ("ps").
struct TextDocument {
    var text: String
    var family: String
    var size: Double
    var fill: [Double]
    /// 0 left, 1 right, 2 centre (3–6, justified paragraphs, align their last line: left, right, centre, left).
    var justification: Int
    var lineHeight: Double
    var baselineShift: Double
    var box: (x: Double, y: Double, width: Double, height: Double)?

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

    /// After Effects' lines: a carriage return (Bodymovin's), a line feed, or ETX (U+0003) ends one.
    var lines: [String] {
        text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }.map(String.init)
    }

    /// The part of the font size above the baseline in the font the host draws with. fx.h
    /// gives no font metrics, so this is DejaVu Sans's (ascender 1901 of 2048 units), the
    /// face fontconfig gives for "Sans" where only fonts-dejavu-core is installed
    /// (scripts/setup.sh); a face with another ascent sits higher or lower by the difference.
    static let ascent = 1901.0 / 2048.0
}

/// A text layer as CATextLayers: in point text the layer's origin is the
/// first line's baseline, at its left end, centre or right end as justified
/// (After Effects' rule, and lottie-ios's anchor for its text layer); each
/// line is one CATextLayer, `lineHeight` below the one before. Paragraph
/// text is one wrapped CATextLayer filling its box.
struct TextContent {
    /// Lines built in the file, each use of a precomp counted: each is a layer, and at most
    /// `Builder.maxLayers` of them are built, as of Lottie layers.
    nonisolated(unsafe) static var linesBuilt = 0
    /// The area of the text layers built, in points: the host rasterises each text layer's
    /// bounds (at most 8,192² pixels each), so the file's text is bounded as a whole.
    nonisolated(unsafe) static var areaBuilt = 0.0
    static let maxArea = Double(64 << 20)

    static func build(_ d: TextDocument, into x: Layer, name: String, at path: String) throws {
        linesBuilt += d.box == nil ? d.lines.count : 1
        guard linesBuilt <= Builder.maxLayers else {
            throw LottieError(path: path, message: "more than \(Builder.maxLayers) lines of text once each use of a precomp is counted; the plugin builds at most \(Builder.maxLayers)")
        }
        let alignment = ["left", "right", "center"][d.justification]
        func layer(_ string: String, _ frame: Rect) throws -> Layer {
            areaBuilt += frame.width * frame.height
            guard areaBuilt <= maxArea else {
                throw LottieError(path: path, message: "text layers covering more than \(Int(maxArea) >> 20) million square points in all; the plugin builds at most that (smaller sizes, shorter lines or smaller boxes)")
            }
            let t = try Layer(.text, name: name + " text")
            try t.set("anchorPoint", Point(0, 0))
            try t.set("bounds", Rect(0, 0, frame.width, frame.height))
            try t.set("position", Point(frame.x, frame.y))
            try t.set("string", string)
            try t.set("font", d.family)
            try t.set("fontSize", d.size)
            try t.set("foregroundColor", Color(red: d.fill[0], green: d.fill[1], blue: d.fill[2], alpha: 1))
            try t.set("alignmentMode", alignment)
            return t
        }
        if let box = d.box {
            let t = try layer(d.lines.joined(separator: "\n"), Rect(box.x, box.y, box.width, box.height))
            try t.set("wrapped", true)
            try x.addSublayer(t)
            return
        }
        for (k, line) in d.lines.enumerated() where !line.isEmpty {
            // Wide enough for the line (glyphs are at most about 1.25 em wide), tall enough for descenders.
            let width = Double(line.count) * d.size * 1.25 + d.size
            let top = Double(k) * d.lineHeight - d.baselineShift - d.size * TextDocument.ascent
            let left = [0, -width, -width / 2][d.justification]
            try x.addSublayer(try layer(line, Rect(left, top, width, d.size * 2)))
        }
    }
}
