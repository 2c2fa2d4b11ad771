// SPDX-License-Identifier: MIT
import Foundation

/// fxhost's JSON lines read as docs/jsonl.md says a reader should: line by
/// line, each `{"$def":N,"value":V}` replaced by V and remembered, each
/// `{"$ref":N}` replaced by the V defined earlier.
public struct JSONLinesReader {
    private var defined: [Int: Any] = [:]

    public init() {}

    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    /// One line, resolved against everything read before it.
    public mutating func read(_ line: Substring) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        guard let resolved = try resolve(object) as? [String: Any] else { throw Malformed(description: "a line is not an object: \(line.prefix(80))") }
        return resolved
    }

    private mutating func resolve(_ value: Any) throws -> Any {
        if let array = value as? [Any] { return try array.map { try resolve($0) } }
        guard let object = value as? [String: Any] else { return value }
        if let n = object["$ref"] as? Int {
            guard object.count == 1, let v = defined[n] else { throw Malformed(description: "$ref \(n) before its $def") }
            return v
        }
        if let n = object["$def"] as? Int {
            guard object.count == 2, let raw = object["value"], defined[n] == nil else { throw Malformed(description: "bad $def \(n)") }
            let v = try resolve(raw)
            defined[n] = v
            return v
        }
        var out: [String: Any] = [:]
        for (k, v) in object { out[k] = try resolve(v) }
        return out
    }

    /// Every line of a run's output.
    public static func read(_ text: String) throws -> [[String: Any]] {
        var reader = JSONLinesReader()
        return try text.split(separator: "\n").map { try reader.read($0) }
    }
}
