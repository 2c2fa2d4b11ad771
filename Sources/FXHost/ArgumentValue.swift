// SPDX-License-Identifier: MIT
import CFX
import FXCore
import Glibc

/// A factory argument converted from command-line text and checked against
/// its parameter's declaration: what the build function will receive.
public enum ArgumentValue: Equatable, Sendable {
    case string(String)
    case double(Double)
    case int(Int32)
    case bool(Bool)
    case color(Color)
    case file(String)
    case choice(Int32)

    /// Parses `text` for `p`. The error names the parameter, the text, and what was expected.
    public static func parse(_ text: String, for p: ParameterInfo, checkFiles: Bool = true) throws -> ArgumentValue {
        func fail(_ why: String) -> HostError {
            HostError.usage("--\(p.name): \(why) (expected \(p.expectation))")
        }
        func inRange(_ v: Double) throws {
            if let lo = p.min, v < lo { throw fail("\(ParameterInfo.format(v)) is below the minimum \(ParameterInfo.format(lo))") }
            if let hi = p.max, v > hi { throw fail("\(ParameterInfo.format(v)) is above the maximum \(ParameterInfo.format(hi))") }
        }
        switch p.type {
        case .string:
            return .string(text)
        case .double:
            guard let v = Double(text.trimmingSpaces), !text.isEmpty else { throw fail("'\(text)' is not a number") }
            guard v.isFinite else { throw fail("'\(text)' is not a finite number") }
            try inRange(v)
            return .double(v)
        case .int:
            guard let v = Int32(text.trimmingSpaces) else {
                if Int64(text.trimmingSpaces) != nil {
                    throw fail("'\(text)' does not fit in 32 bits")
                }
                throw fail("'\(text)' is not a whole number")
            }
            try inRange(Double(v))
            return .int(v)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: throw fail("'\(text)' is not true or false")
            }
        case .color:
            guard let c = ColorText.parse(text) else { throw fail("'\(text)' is not a colour") }
            return .color(c)
        case .file:
            if text.isEmpty { return .file("") }
            if checkFiles {
                var st = stat()
                guard stat(text, &st) == 0 else { throw fail("'\(text)' does not exist") }
                guard (st.st_mode & S_IFMT) == S_IFREG else { throw fail("'\(text)' is not a regular file") }
                guard access(text, R_OK) == 0 else { throw fail("'\(text)' cannot be read (permission denied)") }
            }
            return .file(text)
        case .choice:
            guard let i = p.choices.firstIndex(of: text) else { throw fail("'\(text)' is not a choice") }
            return .choice(Int32(i))
        }
    }
}

extension String {
    /// The text without leading and trailing spaces (as numbers in arguments and option lists may have).
    public var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

/// Colours as users type them: `#rgb`, `#rrggbb`, `#rrggbbaa`, or a CSS-style name.
public enum ColorText {
    public static let names: [(String, Color)] = [
        ("black", .black), ("white", .white), ("clear", .clear), ("transparent", .clear),
        ("red", Color(red: 1, green: 0, blue: 0)), ("green", Color(red: 0, green: 0.5, blue: 0)),
        ("blue", Color(red: 0, green: 0, blue: 1)), ("yellow", Color(red: 1, green: 1, blue: 0)),
        ("orange", Color(red: 1, green: 0.647, blue: 0)), ("gray", Color(white: 0.5)), ("grey", Color(white: 0.5)),
        ("cyan", Color(red: 0, green: 1, blue: 1)), ("magenta", Color(red: 1, green: 0, blue: 1)),
    ]

    public static func parse(_ text: String) -> Color? {
        let t = text.lowercased()
        if let named = names.first(where: { $0.0 == t }) { return named.1 }
        guard t.hasPrefix("#") else { return nil }
        let hex = Array(t.dropFirst())
        func digit(_ c: Character) -> Int? { c.hexDigitValue }
        let digits = hex.compactMap(digit)
        guard digits.count == hex.count else { return nil }
        switch digits.count {
        case 3:
            return Color(red: Double(digits[0] * 17) / 255, green: Double(digits[1] * 17) / 255, blue: Double(digits[2] * 17) / 255)
        case 6, 8:
            func byte(_ i: Int) -> Double { Double(digits[i] * 16 + digits[i + 1]) / 255 }
            let bytes: [Double] = stride(from: 0, to: digits.count, by: 2).map(byte)
            return Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
        default:
            return nil
        }
    }
}
