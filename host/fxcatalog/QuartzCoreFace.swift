// SPDX-License-Identifier: MIT
import FXCore

/// What the QuartzCore facade needs of the catalog: which keys Apple calls
/// animatable (the keys that get implicit actions) and what a new host
/// layer holds for the keys whose writes `HeldLook` holds back.
enum QuartzCoreFace {
    /// The properties the facade has: all but fxhost's own (`maskMode`).
    static var facadeProperties: [Property] { Face.properties.filter { $0 != .maskMode } }

    static func text() -> String {
        let animatable = facadeProperties.filter(\.info.animatable).map { "\"\($0.key)\"" }
        var lines: [String] = []
        var line = "        case "
        for (i, key) in animatable.enumerated() {
            let piece = key + (i == animatable.count - 1 ? ":" : ", ")
            if line.count + piece.count > 118 {
                lines.append(String(line.dropLast()))
                line = "             "
            }
            line += piece
        }
        lines.append(line)
        return Face.swiftHeader + Face.imports(["FXPluginKit"]) + """

            /// The engine's property catalog, as the facade needs it.
            enum Catalog {
                /// Whether Apple's pages mark `key` animatable, among the properties
                /// the facade has. A `switch`, not a `Set<String>`: the set's first use made
                /// its generic type by mangled name and hashed every key, about 40,000
                /// instructions inside the build that first changed a layer.
                static func isAnimatable(_ key: String) -> Bool {
                    switch key {
            \(lines.joined(separator: "\n"))
                        true
                    default:
                        false
                    }
                }

                /// What the host's new layer holds for the keys `HeldLook` holds.
                static let backgroundColor = \(color(.backgroundColor))
                static let foregroundColor = \(color(.foregroundColor))
                static let fontSize = \(number(.fontSize))
                static let opacity = \(number(.opacity))
            }

            """
    }

    private static func color(_ p: Property) -> String {
        guard case .color(let c) = p.info.defaultValue else { fatalError("\(p.key) is not a colour") }
        return "Color(red: \(c.red), green: \(c.green), blue: \(c.blue), alpha: \(c.alpha))"
    }

    private static func number(_ p: Property) -> String {
        guard case .number(let n) = p.info.defaultValue else { fatalError("\(p.key) is not a number") }
        return "\(n)"
    }
}
