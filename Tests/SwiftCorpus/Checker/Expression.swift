// SPDX-License-Identifier: MIT
import Foundation

/// The arithmetic an expect.json value is written in ("=-30*(1-ease(1/6))"),
/// so that each expected value shows the rule it comes from.
///
/// Numbers, `pi`, + − × ÷, parentheses, and: `sin cos atan2 sqrt abs min max
/// mod`; `bezier(x1, y1, x2, y2, x)`, the timing function with those control
/// points at input time x (Apple's `CAMediaTimingFunction(controlPoints:)`:
/// a cubic Bézier from (0,0) to (1,1)), solved by bisection on x; and Apple's
/// named functions as the control points `CAMediaTimingFunction` documents:
/// `ease(x)` = easeInEaseOut (0.42, 0, 0.58, 1), `easeIn(x)` (0.42, 0, 1, 1),
/// `easeOut(x)` (0, 0, 0.58, 1), `default(x)` (0.25, 0.1, 0.25, 1).
struct Expression {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func evaluate(_ text: String) throws -> Double {
        var parser = Expression(characters: Array(text.filter { !$0.isWhitespace }))
        let value = try parser.sum()
        guard parser.index == parser.characters.count else {
            throw Malformed(description: "cannot read \"\(text)\" past position \(parser.index)")
        }
        return value
    }

    let characters: [Character]
    var index = 0

    mutating func sum() throws -> Double {
        var value = try product()
        while index < characters.count, characters[index] == "+" || characters[index] == "-" {
            let op = characters[index]; index += 1
            let right = try product()
            value = op == "+" ? value + right : value - right
        }
        return value
    }

    mutating func product() throws -> Double {
        var value = try unary()
        while index < characters.count, characters[index] == "*" || characters[index] == "/" {
            let op = characters[index]; index += 1
            let right = try unary()
            value = op == "*" ? value * right : value / right
        }
        return value
    }

    mutating func unary() throws -> Double {
        if index < characters.count, characters[index] == "-" { index += 1; return -(try unary()) }
        return try atom()
    }

    mutating func atom() throws -> Double {
        guard index < characters.count else { throw Malformed(description: "an expression ends early") }
        if characters[index] == "(" {
            index += 1
            let value = try sum()
            try expect(")")
            return value
        }
        if characters[index].isNumber || characters[index] == "." {
            let start = index
            while index < characters.count, characters[index].isNumber || characters[index] == "." || characters[index] == "e" {
                index += 1
            }
            guard let value = Double(String(characters[start..<index])) else {
                throw Malformed(description: "\(String(characters[start..<index])) is not a number")
            }
            return value
        }
        let start = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber { index += 1 }
        let name = String(characters[start..<index])
        if name == "pi" { return Double.pi }
        try expect("(")
        var arguments = [try sum()]
        while index < characters.count, characters[index] == "," { index += 1; arguments.append(try sum()) }
        try expect(")")
        return try call(name, arguments)
    }

    mutating func expect(_ character: Character) throws {
        guard index < characters.count, characters[index] == character else {
            throw Malformed(description: "expected \"\(character)\" at position \(index)")
        }
        index += 1
    }

    func call(_ name: String, _ a: [Double]) throws -> Double {
        func needs(_ count: Int) throws {
            if a.count != count { throw Malformed(description: "\(name) takes \(count) arguments, not \(a.count)") }
        }
        switch name {
        case "sin": try needs(1); return sin(a[0])
        case "cos": try needs(1); return cos(a[0])
        case "sqrt": try needs(1); return a[0].squareRoot()
        case "abs": try needs(1); return abs(a[0])
        case "atan2": try needs(2); return atan2(a[0], a[1])
        case "min": try needs(2); return min(a[0], a[1])
        case "max": try needs(2); return max(a[0], a[1])
        case "mod": try needs(2); return a[0] - a[1] * (a[0] / a[1]).rounded(.down)
        case "ease": try needs(1); return Expression.bezier(0.42, 0, 0.58, 1, a[0])
        case "easeIn": try needs(1); return Expression.bezier(0.42, 0, 1, 1, a[0])
        case "easeOut": try needs(1); return Expression.bezier(0, 0, 0.58, 1, a[0])
        case "default": try needs(1); return Expression.bezier(0.25, 0.1, 0.25, 1, a[0])
        case "bezier": try needs(5); return Expression.bezier(a[0], a[1], a[2], a[3], a[4])
        default: throw Malformed(description: "no function named \(name)")
        }
    }

    /// y at the parameter whose x is `x`, by bisection (x(s) rises monotonically for control x in 0…1).
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func curve(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * p1 * s * (1 - s) * (1 - s) + 3 * p2 * s * s * (1 - s) + s * s * s
        }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if curve(x1, x2, middle) < x { low = middle } else { high = middle }
        }
        return curve(y1, y2, (low + high) / 2)
    }
}
