import FXCore

/// One JSON object per sample (schema: docs/jsonl.md). Keys come in a fixed
/// order and numbers are exact, so equal runs give equal bytes.
///
///     {"t":0.25,"layers":[{"path":"stage","kind":"layer","depth":0,"parent":null,
///       "mask":false,"animated":["opacity"],"props":{"bounds":[0,0,320,240],…}},…]}
///
/// `props` holds every property whose presented value differs from the
/// layer kind's default, in property order; `animated` lists the ones an
/// animation is changing at this instant.
public final class JSONLinesSink: Sink {
    private let out: OutputFile

    public init(_ out: OutputFile) { self.out = out }

    public func consume(_ s: Snapshot) throws {
        let paths = LayerPaths.paths(s)
        var line = "{\"t\":\(ValueFormat.json(s.time)),\"layers\":["
        for (i, layer) in s.layers.enumerated() {
            if i > 0 { line += "," }
            line += "{\"path\":\(ValueFormat.quoted(paths[i])),\"kind\":\"\(layer.kind.rawValue)\""
            line += ",\"depth\":\(layer.depth),\"parent\":\(layer.parent < 0 ? "null" : String(layer.parent))"
            line += ",\"mask\":\(layer.isMask)"
            line += ",\"animated\":[" + layer.animated.map { "\"\($0.property.key)\"" }.joined(separator: ",") + "]"
            line += ",\"props\":{"
            var firstProp = true
            for p in Property.allCases where p.applies(to: layer.kind) {
                let v = layer[p]
                guard v != p.info.defaultValue || layer.isAnimated(p) else { continue }
                line += (firstProp ? "" : ",") + "\"\(p.key)\":" + ValueFormat.json(v)
                firstProp = false
            }
            line += "}"
            if !layer.transitions.isEmpty {
                line += ",\"transitions\":[" + layer.transitions.map {
                    "{\"type\":\"\($0.transition.type.rawValue)\",\"subtype\":\"\($0.transition.subtype.rawValue)\",\"progress\":\(ValueFormat.json($0.progress))}"
                }.joined(separator: ",") + "]"
            }
            line += "}"
        }
        line += "]}\n"
        try out.write(line)
    }

    public func finish() throws { try out.commit() }
}
