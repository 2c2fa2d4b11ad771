// SPDX-License-Identifier: MIT
import Foundation

/// Reads a Core Animation key path off one layer of a jsonl sample.
///
/// The sink writes whole properties (docs/jsonl.md); the sub-key-paths Apple's
/// "Key-Value Coding Extensions" page defines are taken from them here:
/// `position.x`/`.y` and `bounds.size.width`/`.height` from the arrays, and
/// `transform.rotation.z`, `transform.scale.x`/`.y` and
/// `transform.translation.x`/`.y` from the 4×4 matrix (row order, translation
/// at 12–14). A missing property reads as the kind's default, which the sink
/// leaves out. `path.numbers` is every number of a shape's path, in order.
enum LayerValue {
    static func isAngle(_ key: String) -> Bool { key.hasPrefix("transform.rotation") }

    static func read(_ key: String, of layer: [String: Any]) -> Any? {
        if key == "animated" { return layer["animated"] }
        guard let props = layer["props"] as? [String: Any] else { return nil }
        if let whole = props[key] { return whole }
        if key == "path.numbers" {
            // Every coordinate of the SVG path text, in order (docs/jsonl.md: `M x y C …`).
            return (props["path"] as? String).map { text in
                text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            }
        }
        let parts = key.split(separator: ".").map(String.init)
        switch key {
        case "position.x", "position.y":
            return (props["position"] as? [Any]).map { $0[parts[1] == "x" ? 0 : 1] } ?? defaultOf(key)
        case "bounds.size.width", "bounds.size.height":
            return (props["bounds"] as? [Any]).map { $0[parts[2] == "width" ? 2 : 3] }
        case "transform.rotation.z", "transform.rotation", "transform.scale", "transform.scale.x", "transform.scale.y",
             "transform.translation.x", "transform.translation.y":
            let m = (props["transform"] as? [NSNumber])?.map(\.doubleValue) ?? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
            guard m.count == 16 else { return nil }
            switch key {
            case "transform.rotation.z", "transform.rotation": return atan2(m[1], m[0])
            case "transform.scale", "transform.scale.x": return (m[0] * m[0] + m[1] * m[1]).squareRoot()
            case "transform.scale.y": return (m[4] * m[4] + m[5] * m[5]).squareRoot()
            case "transform.translation.x": return m[12]
            default: return m[13]
            }
        default:
            if let index = parts.last.flatMap({ Int($0) }), let list = props[parts.dropLast().joined(separator: ".")] as? [Any],
               list.indices.contains(index) {
                return list[index]
            }
            return defaultOf(key)
        }
    }

    /// Core Animation's defaults for the properties the corpus checks, which the sink omits when unchanged.
    static func defaultOf(_ key: String) -> Any? {
        switch key {
        case "opacity", "strokeEnd", "lineWidth": return 1.0
        case "strokeStart", "position.x", "position.y": return 0.0
        case "hidden": return false
        // CATextLayer: "Defaults to opaque white"; no runs unless an attributed string coloured some.
        case "foregroundColor": return [1.0, 1.0, 1.0, 1.0]
        case "foregroundColorRuns": return [Double]()
        default: return nil
        }
    }
}

/// An expected value against the presented one: numbers within a tolerance
/// (angles compared modulo 2π, since a matrix holds no turn count), arrays
/// element by element, anything else exactly.
struct Comparison {
    /// JSON true/false: on Linux every NSNumber answers `is Bool`, so the
    /// number's own type code tells them apart ("c" for a boolean).
    static func isBool(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return value is Bool }
        return String(cString: number.objCType) == "c"
    }

    let agrees: Bool
    let expectedText: String
    let actualText: String

    init(actual: Any?, expected: Any, tolerance: Double, angle: Bool) throws {
        let wanted = try Comparison.evaluate(expected)
        expectedText = Comparison.text(wanted)
        actualText = actual.map(Comparison.text) ?? "nothing (no such property)"
        agrees = actual.map { Comparison.equal($0, wanted, tolerance: tolerance, angle: angle) } ?? false
    }

    static func evaluate(_ value: Any) throws -> Any {
        if let list = value as? [Any] { return try list.map(evaluate) }
        if let text = value as? String, text.hasPrefix("=") {
            return try Expression.evaluate(String(text.dropFirst()))
        }
        if let number = value as? NSNumber, !isBool(value) { return number.doubleValue }
        return value
    }

    static func equal(_ actual: Any, _ expected: Any, tolerance: Double, angle: Bool) -> Bool {
        // Booleans first: a JSON boolean also casts to Double on Linux.
        if isBool(expected), let wanted = expected as? Bool { return isBool(actual) && (actual as? Bool) == wanted }
        if let wanted = expected as? Double {
            guard let number = actual as? NSNumber, !isBool(actual) else { return false }
            var difference = abs(number.doubleValue - wanted)
            if angle { difference = abs(remainder(number.doubleValue - wanted, 2 * Double.pi)) }
            return difference <= tolerance
        }
        if let wanted = expected as? [Any] {
            guard let list = actual as? [Any], list.count == wanted.count else { return false }
            return zip(list, wanted).allSatisfy { equal($0, $1, tolerance: tolerance, angle: angle) }
        }
        if let wanted = expected as? String { return (actual as? String) == wanted }
        return false
    }

    static func text(_ value: Any) -> String {
        if isBool(value), let flag = value as? Bool { return String(flag) }
        if let number = value as? NSNumber, !isBool(value) { return String(number.doubleValue) }
        if let number = value as? Double { return String(number) }
        if let list = value as? [Any] { return "[" + list.map(text).joined(separator: ", ") + "]" }
        return "\(value)"
    }
}
