// SPDX-License-Identifier: MIT
/// A JSON value, as `JSONReader` reads it: for the documents the host reads
/// (render manifests, batch job lines, golden snapshots) and for plugins
/// (the Lottie plugin's files). Objects keep their members in the order
/// written (a repeated key too), so what is written back is byte-for-byte
/// stable; numbers are Doubles.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(key: String, value: JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member `key` of an object (the first, if repeated); nil otherwise.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var number: Double? { if case .number(let n) = self { n } else { nil } }
    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var array: [JSON]? { if case .array(let a) = self { a } else { nil } }
    public var isObject: Bool { if case .object = self { true } else { false } }
    /// An object's members; none for any other value.
    public var members: [(key: String, value: JSON)] { if case .object(let m) = self { m } else { [] } }
    /// An array's items; none for any other value.
    public var elements: [JSON] { array ?? [] }

    /// What the value is, for messages ("a string", "an array").
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Reads one JSON text with `JSONReader`; the error says what is wrong and where.
    public static func parse(_ text: String, limits: JSONReader.Limits = JSONReader.Limits()) throws(JSONSyntaxError) -> JSON {
        try JSONReader.parse(Array(text.utf8), limits: limits)
    }

    /// One JSON text, or nil when it is not valid JSON (or exceeds the reader's limits).
    public static func parsed(_ text: String) -> JSON? { try? parse(text) }
}
