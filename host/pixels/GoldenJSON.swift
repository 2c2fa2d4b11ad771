/// A JSON value, as golden snapshots read back the JSON lines they recorded
/// (fxhost-pixels links no Foundation, so that it starts fast).
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    subscript(_ key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.key == key }?.value }
        return nil
    }

    var members: [(key: String, value: JSONValue)] { if case .object(let m) = self { m } else { [] } }
    var elements: [JSONValue] { if case .array(let a) = self { a } else { [] } }
    var number: Double? { if case .number(let n) = self { n } else { nil } }
    var string: String? { if case .string(let s) = self { s } else { nil } }

    /// Parses one JSON text (RFC 8259); nil when it is not valid JSON.
    static func parse(_ text: String) -> JSONValue? {
        var reader = JSONReader(bytes: Array(text.utf8))
        guard let v = reader.value() else { return nil }
        reader.skipSpace()
        return reader.at == reader.bytes.count ? v : nil
    }
}

private struct JSONReader {
    let bytes: [UInt8]
    var at = 0

    mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func literal(_ word: String) -> Bool {
        let w = Array(word.utf8)
        guard at + w.count <= bytes.count, Array(bytes[at..<(at + w.count)]) == w else { return false }
        at += w.count
        return true
    }

    mutating func value() -> JSONValue? {
        skipSpace()
        guard at < bytes.count else { return nil }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            at += 1
            var members: [(key: String, value: JSONValue)] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
            while true {
                skipSpace()
                guard let key = string(), expect(":"), let v = value() else { return nil }
                members.append((key, v))
                skipSpace()
                if expect("}") { return .object(members) }
                guard expect(",") else { return nil }
            }
        case UInt8(ascii: "["):
            at += 1
            var elements: [JSONValue] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(elements) }
            while true {
                guard let v = value() else { return nil }
                elements.append(v)
                skipSpace()
                if expect("]") { return .array(elements) }
                guard expect(",") else { return nil }
            }
        case UInt8(ascii: "\""): return string().map { .string($0) }
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        default:
            let start = at
            while at < bytes.count, "+-0123456789.eE".utf8.contains(bytes[at]) { at += 1 }
            return Double(String(decoding: bytes[start..<at], as: UTF8.self)).map { .number($0) }
        }
    }

    mutating func expect(_ c: Character) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == c.asciiValue! else { return false }
        at += 1
        return true
    }

    mutating func string() -> String? {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        at += 1
        var out: [UInt8] = []
        while at < bytes.count {
            let b = bytes[at]
            at += 1
            if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard b == UInt8(ascii: "\\") else { out.append(b); continue }
            guard at < bytes.count else { return nil }
            let e = bytes[at]
            at += 1
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var unit = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(unit) {
                    guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(unit) else { return nil }
                out += Array(String(Character(scalar)).utf8)
            default: out.append(e)  // \" \\ \/
            }
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard at + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[at..<(at + 4)], as: UTF8.self), radix: 16) else {
            return nil
        }
        at += 4
        return v
    }
}
