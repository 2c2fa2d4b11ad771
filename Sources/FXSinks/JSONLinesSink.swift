// SPDX-License-Identifier: MIT
import FXCore

/// One JSON object per sample (schema: docs/jsonl.md). Keys come in a fixed
/// order and numbers are exact, so equal runs give equal bytes.
///
///     {"t":0.25,"layers":[{"path":"stage","kind":"layer","depth":0,"parent":null,
///       "mask":false,"animated":["opacity"],"props":{"bounds":[0,0,320,240],…}},…]}
///
/// `props` holds every property whose presented value differs from the
/// layer kind's default, in property order; `animated` lists the ones an
/// animation is changing at this instant. A large value that no animation
/// is changing is written once, numbered, and referred to by its number
/// afterwards, so that a still path costs its bytes once, not once a sample.
public final class JSONLinesSink: Sink {
    private let out: OutputFile
    /// Whether emitters list every particle, not only their count and bounds (`--particles`).
    private let listsParticles: Bool

    public init(_ out: OutputFile, listsParticles: Bool = false) { self.out = out; self.listsParticles = listsParticles }

    public func consume(_ s: Snapshot) throws {
        let paths = LayerPaths.paths(s)
        var line = "{\"t\":\(ValueFormat.json(s.time)),\"layers\":["
        for (i, layer) in s.layers.enumerated() {
            if i > 0 { line += "," }
            line += "{\"path\":\(ValueFormat.quoted(paths[i])),\"kind\":\"\(layer.kind.rawValue)\""
            line += ",\"depth\":\(layer.depth),\"parent\":\(layer.parent < 0 ? "null" : String(layer.parent))"
            line += ",\"mask\":\(layer.isMask)"
            line += ",\"animated\":[" + layer.animated.map { "\"\($0.key)\"" }.joined(separator: ",") + "]"
            line += ",\"props\":{"
            var firstProp = true
            for p in Property.allCases where p.applies(to: layer.kind) {
                let v = layer[p]
                guard v != p.info.defaultValue || layer.isAnimated(p) else { continue }
                line += (firstProp ? "" : ",") + "\"\(p.key)\":" + shared(ValueFormat.json(v), animated: layer.isAnimated(p))
                firstProp = false
            }
            line += "}"
            if let field = layer.particles { line += ",\"particles\":" + particleJSON(field) }
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

    /// Values of this many bytes of JSON or more are written once and referred to afterwards.
    static let sharedSize = 128
    /// The number of each large value written so far, by its JSON text.
    private var sharedNumbers: [String: Int] = [:]

    /// A property's JSON, or for a large one no animation is changing (a path,
    /// a long array, an image), `{"$def":N,"value":V}` the first time and
    /// `{"$ref":N}` wherever the same value comes again (docs/jsonl.md).
    private func shared(_ json: String, animated: Bool) -> String {
        guard !animated, json.utf8.count >= JSONLinesSink.sharedSize else { return json }
        if let n = sharedNumbers[json] { return "{\"$ref\":\(n)}" }
        let n = sharedNumbers.count + 1
        sharedNumbers[json] = n
        return "{\"$def\":\(n),\"value\":\(json)}"
    }

    /// `{"count":N,"bounds":[x,y,w,h],"cells":[…]}` (bounds of the particles' centres, null when
    /// none; each cell's statistics), plus `"list":[[cell,x,y,z,scale,rotation,[r,g,b,a]],…]` with `--particles`.
    private func particleJSON(_ field: ParticleField) -> String {
        var s = "{\"count\":\(field.particles.count),\"bounds\":"
        if let b = field.bounds { s += ValueFormat.json(.rect(b)) } else { s += "null" }
        s += ",\"cells\":[" + field.statistics.map(JSONLinesSink.cellJSON).joined(separator: ",") + "]"
        if listsParticles {
            s += ",\"list\":[" + field.particles.map { p in
                "[" + ValueFormat.quoted(field.cellName(p.cell)) + "," + [p.x, p.y, p.z, p.scale, p.rotation].map(ValueFormat.json).joined(separator: ",")
                    + "," + ValueFormat.json(.color(p.color)) + "]"
            }.joined(separator: ",") + "]"
        }
        return s + "}"
    }

    /// `{"name":…,"count":N,"scale":[mean,min,max],"alpha":[…],"speed":[…],"color":[r,g,b,a]}`
    /// (the last four only when N > 0; the colour is the mean of each channel).
    static func cellJSON(_ c: CellStatistics) -> String {
        var s = "{\"name\":" + ValueFormat.quoted(c.name) + ",\"count\":\(c.count)"
        for (key, spread) in [("scale", c.scale), ("alpha", c.alpha), ("speed", c.speed)] {
            guard let spread else { continue }
            s += ",\"\(key)\":[" + [spread.mean, spread.min, spread.max].map(ValueFormat.json).joined(separator: ",") + "]"
        }
        if let color = c.color { s += ",\"color\":" + ValueFormat.json(.color(color)) }
        return s + "}"
    }

    public func finish() throws { try out.commit() }
}
