// SPDX-License-Identifier: MIT
/// What a JSON reader refuses, and where: the byte offset for syntax, and the
/// line and column people look for in an editor.
public struct JSONSyntaxError: Error, CustomStringConvertible {
    public let message: String
    public let line: Int
    public let column: Int
    /// The JSON path of a value that is well formed but refused (a number too large for a double), as
    /// a reader of the document names its other refusals (`$.layers[0].ks.p.k[0].o.y[0]`); nil for syntax.
    public internal(set) var valuePath: String? = nil

    /// "… at line L, column C".
    public var description: String { "\(message) at line \(line), column \(column)" }
}

/// The one JSON reader of the host and its plugins: strict RFC 8259 (no
/// comments, trailing commas, single quotes, `+1`, `.5` or unknown escapes;
/// a UTF-8 byte order mark is allowed before the text), with limits so that
/// no document can make it recurse or allocate without bound: nesting at
/// most `maxDepth` levels, strings at most `maxStringBytes` bytes, at most
/// `maxValues` values in all (a 64 MiB file of `0,0,0,…` is 33 million of
/// them, nearly 1 GB as a tree), and numbers that must be finite. It uses
/// no Foundation, so a plugin that links it pays no Foundation start-up.
public struct JSONReader {
    /// How much one document may hold.
    public struct Limits: Sendable {
        public var maxDepth = 128
        public var maxStringBytes = 16 << 20
        public var maxValues = 4_000_000
        public init() {}
    }

    private let limits: Limits
    private let bytes: [UInt8]
    private var i = 0
    private var values = 0
    /// The members and items being read, outermost first, to name a refused value's JSON path.
    private var trail: [Step] = []
    private enum Step { case key(String), index(Int) }

    private init(_ bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Reads one JSON text; the error names what is wrong and its line and column.
    public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(JSONSyntaxError) -> JSON {
        var r = JSONReader(bytes, limits: limits)
        // A UTF-8 byte order mark is allowed before the text, as some exporters write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { r.i = 3 }
        r.skipSpace()
        let value = try r.value(depth: 0)
        r.skipSpace()
        guard r.i == bytes.count else { throw r.fail("unexpected text after the JSON value") }
        return value
    }

    private func fail(_ message: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for b in bytes[..<min(i, bytes.count)] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSON {
        guard depth < limits.maxDepth else { throw fail("nested more than \(limits.maxDepth) levels deep") }
        values += 1
        guard values <= limits.maxValues else {
            throw fail("more than \(limits.maxValues) values (numbers, strings, arrays and objects), the reader's limit")
        }
        guard i < bytes.count else { throw fail("the text ends where a value should be") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected character '\(printable(bytes[i]))' where a value should be")
        }
    }

    private func printable(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16)
    }

    private mutating func word(_ w: String) throws(JSONSyntaxError) {
        let expected = Array(w.utf8)
        guard i + expected.count <= bytes.count, Array(bytes[i..<i + expected.count]) == expected else {
            throw fail("expected '\(w)'")
        }
        i += expected.count
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSON {
        i += 1
        var members: [(key: String, value: JSON)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count else { throw fail("the text ends inside an object") }
            guard bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after member \"\(key)\"") }
            i += 1
            skipSpace()
            trail.append(.key(key))
            members.append((key, try value(depth: depth + 1)))
            trail.removeLast()
            skipSpace()
            guard i < bytes.count else { throw fail("the text ends inside an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw fail("expected ',' or '}' in an object")
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSON {
        i += 1
        var items: [JSON] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            trail.append(.index(items.count))
            items.append(try value(depth: depth + 1))
            trail.removeLast()
            skipSpace()
            guard i < bytes.count else { throw fail("the text ends inside an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw fail("expected ',' or ']' in an array")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("a \\u escape needs four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw fail("a \\u escape needs four hex digits")
            }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        // Most strings hold no escape: made straight from the text's bytes. One that does (or a
        // control character, or one too long) is read again below, byte by byte.
        let start = i
        while i < bytes.count, i - start <= limits.maxStringBytes {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: bytes[start..<i - 1], as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            i += 1
        }
        i = start
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("the text ends inside a string") }
            guard out.count <= limits.maxStringBytes else { throw fail("a string longer than \(limits.maxStringBytes) bytes") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw fail("a control character inside a string (write it as an escape)") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw fail("the text ends inside a string") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar < 0xDC00, i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    guard low >= 0xDC00 && low < 0xE000 else { throw fail("a \\u escape pairs a high surrogate with no low one") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                let u = UnicodeScalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw fail("unknown escape '\\\(printable(e))' in a string")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        guard digits() > 0 else { throw fail("a number needs digits") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("a number needs digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("a number needs digits in its exponent") }
        }
        guard i - start <= 64 else { throw fail("a number written with more than 64 characters") }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            var error = fail("the number \(text) is too large")
            error.valuePath = trail.reduce("$") { path, step in
                switch step {
                case .key(let k): path + "." + k
                case .index(let n): path + "[\(n)]"
                }
            }
            throw error
        }
        return v
    }
}
