// SPDX-License-Identifier: MIT
import FXCore

/// The default sink on a terminal: per sample, the time, then every layer by
/// path with the properties animations are changing, aligned in columns.
/// A layer's content (a text layer's `string`, the label of the image in its
/// `contents`, a shape's `path` in summary) shows at the first sample that
/// has it and again whenever it changes.
///
///     t = 0.250
///       stage
///       stage/title      position.x  -96.000
///                        string      "Log in"
///       stage/username   position    (-160.000, 202.000)
///                        opacity     0.500
public final class TraceSink: Sink {
    private let out: OutputFile
    private var first = true
    /// The content last shown, by layer path and property.
    private var shownContent: [String: [Property: String]] = [:]

    /// The properties that are a layer's content.
    static let contentProperties: [Property] = [.string, .contents, .path]

    public init(_ out: OutputFile) { self.out = out }

    public func consume(_ s: Snapshot) throws {
        let paths = LayerPaths.paths(s).map(TerminalText.escape)
        let nameWidth = min(48, (paths.map(\.count).max() ?? 0) + 2)
        let contents = s.layers.indices.map { newContent(s.layers[$0], path: paths[$0]) }
        let keys = s.layers.flatMap { $0.animated.map { $0.key.count } } + contents.flatMap { $0.map { $0.key.count } }
        let keyWidth = max(8, (keys.max() ?? 0) + 2)
        var text = first ? "" : "\n"
        first = false
        text += "t = \(ValueFormat.fixed(s.time))\n"
        for (i, layer) in s.layers.enumerated() {
            let name = "  " + pad(paths[i], nameWidth)
            var rows = layer.animated.map { pad(TerminalText.escape($0.key), keyWidth) + TerminalText.escape(ValueFormat.text($0.value)) }
            rows += contents[i].map { pad(TerminalText.escape($0.key), keyWidth) + TerminalText.escape($0.text) }
            rows += layer.transitions.map {
                pad("transition", keyWidth) + "\($0.transition.type.rawValue) \($0.transition.subtype.rawValue) \(ValueFormat.fixed($0.progress))"
            }
            if rows.isEmpty {
                text += trimmed(name) + "\n"
            } else {
                text += name + rows[0] + "\n"
                for r in rows.dropFirst() { text += String(repeating: " ", count: name.count) + r + "\n" }
            }
        }
        try out.write(text)
    }

    public func finish() throws { try out.commit() }

    /// The content rows a layer shows at this sample: a content property
    /// shows when it differs from what was last shown for this path (at first,
    /// when there is some: not an empty string or path, or no image), unless
    /// an animation is changing it (then it is among the animated rows).
    private func newContent(_ layer: PresentedLayer, path: String) -> [(key: String, text: String)] {
        var rows: [(key: String, text: String)] = []
        for p in TraceSink.contentProperties where p.applies(to: layer.kind) {
            let shown = TraceSink.content(layer[p])
            let before = shownContent[path]?[p]
            shownContent[path, default: [:]][p] = shown
            guard before.map({ $0 != shown }) ?? (layer[p] != p.info.defaultValue),
                  !layer.animated.contains(where: { $0.property == p && $0.cell == nil }) else { continue }
            rows.append((p.key, shown))
        }
        return rows
    }

    /// Content in words: a string quoted, an image by its label and size, a path by its elements and extent.
    static func content(_ v: Value) -> String {
        guard case .path(let path) = v else { return ValueFormat.text(v) }
        let points = path.elements.flatMap { e -> [Point] in
            switch e {
            case .move(let a), .line(let a): return [a]
            case .quad(let c, let a): return [c, a]
            case .cubic(let c1, let c2, let a): return [c1, c2, a]
            case .close: return []
            }
        }
        let n = path.elements.count
        guard let x0 = points.map(\.x).min(), let x1 = points.map(\.x).max(),
              let y0 = points.map(\.y).min(), let y1 = points.map(\.y).max() else { return "path(\(n) element\(n == 1 ? "" : "s"))" }
        return "path(\(n) element\(n == 1 ? "" : "s") within \(ValueFormat.text(.rect(Rect(x0, y0, x1 - x0, y1 - y0)))))"
    }

    private func pad(_ s: String, _ n: Int) -> String {
        s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count)
    }

    private func trimmed(_ s: String) -> String {
        var t = Substring(s)
        while t.last == " " { t.removeLast() }
        return String(t)
    }
}
