// SPDX-License-Identifier: MIT
import FXCore

/// How values read in text (rounded for people) and in JSON (exact).
public enum ValueFormat {
    // MARK: - Text, for the trace

    /// A number with three decimals, "-0.000" shown as "0.000".
    public static func fixed(_ v: Double, _ decimals: Int = 3) -> String {
        // Beyond what fixed notation shows sensibly (a plugin may use 1e300): Swift's own form.
        guard v.isFinite, abs(v) < 1e15 else { return String(v) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        var r = (v * scale).rounded() / scale
        if r == 0 { r = 0 }
        let negative = r < 0
        let whole = Int64(abs(r).rounded(.down))
        let frac = Int64(((abs(r) - Double(whole)) * scale).rounded())
        var fracText = String(frac)
        while fracText.count < decimals { fracText = "0" + fracText }
        return (negative ? "-" : "") + String(whole) + (decimals > 0 ? "." + fracText : "")
    }

    public static func text(_ v: Value) -> String {
        switch v {
        case .number(let n): return fixed(n)
        case .point(let p): return "(\(fixed(p.x)), \(fixed(p.y)))"
        case .size(let s): return "(\(fixed(s.width)) × \(fixed(s.height)))"
        case .rect(let r): return "(\(fixed(r.origin.x)), \(fixed(r.origin.y)), \(fixed(r.size.width)) × \(fixed(r.size.height)))"
        case .color(let c): return "rgba(\(fixed(c.red)), \(fixed(c.green)), \(fixed(c.blue)), \(fixed(c.alpha)))"
        case .transform(let t): return transformText(t)
        case .string(let s): return quoted(s)
        case .choice(let c): return quoted(c.rawValue)
        case .bool(let b): return b ? "true" : "false"
        case .numbers(let a): return "[" + a.map { fixed($0) }.joined(separator: ", ") + "]"
        case .colors(let a): return "[" + a.map { text(.color($0)) }.joined(separator: ", ") + "]"
        case .path(let p): return "path(\(p.elements.count) elements)"
        case .image(let i): return i.map { "image(\($0.label), \($0.width)×\($0.height))" } ?? "none"
        }
    }

    /// A transform as its parts: `translate(…) rotate(…°) scale(…)`, or `identity`.
    static func transformText(_ t: Transform3D) -> String {
        if t.isIdentity { return "identity" }
        guard let d = DecomposedTransform(t), d.kxy == 0, d.kxz == 0, d.kyz == 0,
              d.px == 0, d.py == 0, d.pz == 0, d.pw == 1 else {
            return "matrix(" + t.entries.map { fixed($0) }.joined(separator: ", ") + ")"
        }
        var parts: [String] = []
        if d.tx != 0 || d.ty != 0 || d.tz != 0 {
            parts.append(d.tz == 0 ? "translate(\(fixed(d.tx)), \(fixed(d.ty)))"
                                   : "translate(\(fixed(d.tx)), \(fixed(d.ty)), \(fixed(d.tz)))")
        }
        let e = d.rotation.eulerAngles
        let degrees = 180 / Double.pi
        if abs(e.x) > 1e-12 { parts.append("rotateX(\(fixed(e.x * degrees))°)") }
        if abs(e.y) > 1e-12 { parts.append("rotateY(\(fixed(e.y * degrees))°)") }
        if abs(e.z) > 1e-12 { parts.append("rotate(\(fixed(e.z * degrees))°)") }
        if d.sx != 1 || d.sy != 1 || d.sz != 1 {
            parts.append(d.sz == 1 ? "scale(\(fixed(d.sx)), \(fixed(d.sy)))"
                                   : "scale(\(fixed(d.sx)), \(fixed(d.sy)), \(fixed(d.sz)))")
        }
        return parts.isEmpty ? "identity" : parts.joined(separator: " ")
    }

    // MARK: - JSON

    /// A number as the shortest text that reads back as the same double.
    public static func json(_ n: Double) -> String {
        if n == 0 { return "0" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)  // finite values only reach here: Swift prints the shortest round-trip form
    }

    public static func quoted(_ s: String) -> String {
        if TerminalText.isPlainASCII(s, except: (0x22, 0x5C)) { return "\"" + s + "\"" }
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    public static func json(_ v: Value) -> String {
        func list(_ xs: [Double]) -> String { "[" + xs.map { json($0) }.joined(separator: ",") + "]" }
        switch v {
        case .number(let n): return json(n)
        case .point(let p): return list([p.x, p.y])
        case .size(let s): return list([s.width, s.height])
        case .rect(let r): return list([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c): return list([c.red, c.green, c.blue, c.alpha])
        case .transform(let t): return list(t.entries)
        case .string(let s): return quoted(s)
        case .choice(let c): return quoted(c.rawValue)
        case .bool(let b): return b ? "true" : "false"
        case .numbers(let a): return list(a)
        case .colors(let a): return "[" + a.map { list([$0.red, $0.green, $0.blue, $0.alpha]) }.joined(separator: ",") + "]"
        case .path(let p): return quoted(svg(p))
        case .image(let i):
            guard let i else { return "null" }
            return "{\"label\":\(quoted(i.label)),\"width\":\(i.width),\"height\":\(i.height)}"
        }
    }

    /// A path in SVG path syntax, exact numbers.
    public static func svg(_ p: Path) -> String {
        func pt(_ q: Point) -> String { "\(json(q.x)) \(json(q.y))" }
        return p.elements.map { e -> String in
            switch e {
            case .move(let a): return "M \(pt(a))"
            case .line(let a): return "L \(pt(a))"
            case .quad(let c, let a): return "Q \(pt(c)) \(pt(a))"
            case .cubic(let c1, let c2, let a): return "C \(pt(c1)) \(pt(c2)) \(pt(a))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
}
