// SPDX-License-Identifier: MIT

/// What the studio shows: the factory, its parameters as given, and the events fired, the
/// words of an fxhost run that draws it. Shared by every tab; changed only by POST.
public struct StudioView: Sendable, Equatable {
    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) { self.name = name; self.value = value }
    }

    public struct Event: Sendable, Equatable {
        public var time: Double
        public var name: String
        public init(time: Double, name: String) { self.time = time; self.name = name }
        /// `T:NAME`, as `--event` takes it.
        public var text: String { "\(StudioView.number(time)):\(name)" }
    }

    public var factory: String?
    public var parameters: [Parameter]
    public var events: [Event]

    public init(factory: String? = nil, parameters: [Parameter] = [], events: [Event] = []) {
        self.factory = factory
        self.parameters = parameters
        self.events = events
    }

    /// The view's own words: `--factory F`, `--NAME=VALUE` each, `--event T:NAME` each.
    public var words: [String] {
        (factory.map { ["--factory", $0] } ?? []) + parameters.map { "--\($0.name)=\($0.value)" }
            + events.flatMap { ["--event", $0.text] }
    }

    /// `value` for `name`, replacing an earlier one.
    public mutating func set(_ name: String, _ value: String) {
        if let i = parameters.firstIndex(where: { $0.name == name }) { parameters[i].value = value } else {
            parameters.append(Parameter(name: name, value: value))
        }
    }

    /// A time as fxhost reads it back: the shortest text of the double, without a trailing `.0`.
    public static func number(_ x: Double) -> String {
        let text = "\(x)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    var json: String {
        let params = parameters.map { "\(JSONText.quote($0.name)):\(JSONText.quote($0.value))" }.joined(separator: ",")
        let events = self.events.map { "{\"t\":\(StudioView.number($0.time)),\"name\":\(JSONText.quote($0.name))}" }.joined(separator: ",")
        return "{\"factory\":\(factory.map(JSONText.quote) ?? "null"),\"parameters\":{\(params)},\"events\":[\(events)]}"
    }
}

/// JSON text for the studio's own small documents (ASCII only: `\u` escapes beyond it, so that
/// the text may also stand in a header).
enum JSONText {
    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.utf16 {
            switch u {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(u)!)
            default:
                let hex = String(u, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out + "\""
    }

    static func array(_ items: [String]) -> String { "[" + items.map(quote).joined(separator: ",") + "]" }
}

/// A command line as a POSIX shell reads it back: words with anything but safe characters in single quotes.
enum ShellText {
    static func line(_ words: [String]) -> String {
        words.map { w in
            let safe = !w.isEmpty && w.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./:=,+@%".unicodeScalars.contains($0)
            }
            return safe ? w : "'" + w.replacingAll("'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
