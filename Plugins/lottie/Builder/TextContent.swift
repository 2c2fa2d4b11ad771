// SPDX-License-Identifier: MIT
import FXPluginKit

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

extension TextDocument {
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
