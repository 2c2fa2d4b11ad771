// SPDX-License-Identifier: MIT
import FXCore
import FXSinks

/// What changed between the JSON lines a golden snapshot recorded and the
/// ones a run gives now, in words: which instant, which layer, which
/// property, from what to what and by how much.
enum SampleDifferences {
    /// Numbers this close (relative to their size, at least 1) count as equal:
    /// the last bits of a sine may differ between one C library and another.
    static let closeEnough = 1e-9

    /// One line per difference, in time, layer and property order.
    static func between(golden: [JSON], actual: [JSON]) -> [String] {
        var out: [String] = []
        for (g, a) in zip(golden, actual) {
            let at = "t = \(ValueFormat.fixed(g["t"]?.number ?? 0))"
            let gLayers = g["layers"]?.elements ?? [], aLayers = a["layers"]?.elements ?? []
            func path(_ l: JSON) -> String { l["path"]?.string ?? "?" }
            let aByPath = Dictionary(aLayers.map { (path($0), $0) }, uniquingKeysWith: { x, _ in x })
            let gPaths = Set(gLayers.map(path))
            for gl in gLayers {
                let p = path(gl)
                guard let al = aByPath[p] else {
                    out.append("\(at)  layer \(p) is gone (the golden snapshot has it)")
                    continue
                }
                out += layer(p, at: at, golden: gl, actual: al)
            }
            for al in aLayers where !gPaths.contains(path(al)) {
                out.append("\(at)  layer \(path(al)) (\(al["kind"]?.string ?? "?")) is new (the golden snapshot has no such layer)")
            }
        }
        // Names and keys come from the file: their control characters are escaped, so that each
        // difference is one line and nothing in a snapshot reaches the terminal as a command.
        return out.map(TerminalText.escape)
    }

    private static func layer(_ path: String, at: String, golden g: JSON, actual a: JSON) -> [String] {
        var out: [String] = []
        if g["kind"] != a["kind"] {
            out.append("\(at)  \(path)  kind  \(describe(g["kind"])) → \(describe(a["kind"]))")
        }
        if g["mask"] != a["mask"] { out.append("\(at)  \(path)  mask  \(describe(g["mask"])) → \(describe(a["mask"]))") }
        let gProps = g["props"]?.members ?? [], aProps = a["props"]?.members ?? []
        var keys = gProps.map(\.key)
        for k in aProps.map(\.key) where !keys.contains(k) { keys.append(k) }
        for key in keys {
            let gv = gProps.first { $0.key == key }?.value, av = aProps.first { $0.key == key }?.value
            if let line = change(gv, av) { out.append("\(at)  \(path)  \(key)  \(line)") }
        }
        for key in ["animated", "transitions"] {
            if let line = change(g[key], a[key]) { out.append("\(at)  \(path)  \(key)  \(line)") }
        }
        out += particles(golden: g["particles"], actual: a["particles"]).map { "\(at)  \(path)  particles\($0)" }
        return out
    }

    /// An emitter's particles: the count, then each cell's statistics that changed
    /// (`  cell 'snow' scale  [mean, min, max] → …`), or the whole when nothing more precise differs.
    private static func particles(golden g: JSON?, actual a: JSON?) -> [String] {
        guard change(g, a) != nil else { return [] }
        var out: [String] = []
        if let line = change(g?["count"], a?["count"]) { out.append("  count  \(line)") }
        let gCells = g?["cells"]?.elements ?? [], aCells = a?["cells"]?.elements ?? []
        for i in 0..<max(gCells.count, aCells.count) {
            let gc = i < gCells.count ? gCells[i] : nil, ac = i < aCells.count ? aCells[i] : nil
            let name = (gc ?? ac)?["name"]?.string ?? "cell\(i)"
            for key in ["count", "scale", "alpha", "speed", "color"] {
                if let line = change(gc?[key], ac?[key]) { out.append(" cell \(ValueFormat.quoted(name)) \(key)  \(line)") }
            }
        }
        return out.isEmpty ? ["  " + (change(g, a) ?? "")] : out
    }

    /// "0.6 → 0.8 (by 0.2)", or nil when equal. A missing property is at its kind's default.
    static func change(_ g: JSON?, _ a: JSON?) -> String? {
        if let g, let a, equal(g, a) { return nil }
        if g == nil && a == nil { return nil }
        let amount = g.flatMap { g in a.flatMap { a in difference(g, a) } }
        return "\(describe(g)) → \(describe(a))" + (amount.map { " (by \(short($0)))" } ?? "")
    }

    static func equal(_ a: JSON, _ b: JSON) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(x - y) <= closeEnough * max(1, abs(x), abs(y))
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && equal($0.value, $1.value) }
        default: return a == b
        }
    }

    /// The largest change of a number, or of any number in same-shaped arrays.
    static func difference(_ a: JSON, _ b: JSON) -> Double? {
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(x - y)
        case (.array(let x), .array(let y)) where x.count == y.count && !x.isEmpty:
            var most = 0.0
            for (p, q) in zip(x, y) {
                guard let d = difference(p, q) else { return nil }
                most = max(most, d)
            }
            return most
        default: return nil
        }
    }

    static func describe(_ v: JSON?) -> String {
        guard let v else { return "(default)" }
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return short(n)
        case .string(let s): return ValueFormat.quoted(s.count > 60 ? String(s.prefix(57)) + "…" : s)
        case .array(let a):
            if a.count <= 4, a.allSatisfy({ $0.number != nil }) { return "[" + a.map { describe($0) }.joined(separator: ", ") + "]" }
            return "[\(a.count) values]"
        case .object(let m):
            if let count = v["count"]?.number { return "\(short(count)) particles" }
            return "{" + m.map(\.key).joined(separator: ", ") + "}"
        }
    }

    /// A number as people read it: up to four decimals, no trailing zeros.
    static func short(_ n: Double) -> String {
        guard n != 0, abs(n) < 1e-3 || abs(n) >= 1e15 else {
            var s = ValueFormat.fixed(n, 4)
            while s.contains("."), s.last == "0" { s.removeLast() }
            if s.last == "." { s.removeLast() }
            return s
        }
        return String(n)
    }
}
