import FXCore

/// The default sink on a terminal: per sample, the time, then every layer by
/// path with the properties animations are changing, aligned in columns.
///
///     t = 0.250
///       stage
///       stage/title      position.x  -96.000
///       stage/username   position    (-160.000, 202.000)
///                        opacity     0.500
public final class TraceSink: Sink {
    private let out: OutputFile
    private var first = true

    public init(_ out: OutputFile) { self.out = out }

    public func consume(_ s: Snapshot) throws {
        let paths = LayerPaths.paths(s).map(TerminalText.escape)
        let nameWidth = min(48, (paths.map(\.count).max() ?? 0) + 2)
        let keyWidth = max(8, (s.layers.flatMap { $0.animated.map { $0.key.count } }.max() ?? 0) + 2)
        var text = first ? "" : "\n"
        first = false
        text += "t = \(ValueFormat.fixed(s.time))\n"
        for (i, layer) in s.layers.enumerated() {
            let name = "  " + pad(paths[i], nameWidth)
            var rows = layer.animated.map { pad(TerminalText.escape($0.key), keyWidth) + TerminalText.escape(ValueFormat.text($0.value)) }
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

    private func pad(_ s: String, _ n: Int) -> String {
        s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count)
    }

    private func trimmed(_ s: String) -> String {
        var t = Substring(s)
        while t.last == " " { t.removeLast() }
        return String(t)
    }
}
