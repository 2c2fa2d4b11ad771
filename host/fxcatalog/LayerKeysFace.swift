// SPDX-License-Identifier: MIT
import FXCore

/// FXPluginKit's typed layer keys (`layer.set(.lineCap, .round)`): the
/// choice enums, one key per property under the kit's type for its value,
/// and `LayerKeys.all`.
enum LayerKeysFace {
    static func text() -> String {
        var out = Face.swiftHeader + "\n"
        out += "extension Layer {\n"
        for p in Face.properties {
            guard let choice = p.info.choiceType else { continue }
            let name = String(describing: choice)
            out += "    /// " + (choice.appleName.map { "`\($0)`: " } ?? "") + p.info.meaning + ".\n"
            out += "    public enum \(name): String, LayerChoice {\n"
            out += "        case " + p.info.choices!.joined(separator: ", ") + "\n"
            out += "    }\n"
        }
        out += "}\n"
        var groups: [(type: String, keys: [Property])] = []
        for p in Face.properties {
            let t = kitType(p)
            if let i = groups.firstIndex(where: { $0.type == t }) { groups[i].keys.append(p) } else { groups.append((t, [p])) }
        }
        for g in groups {
            out += "\nextension LayerKey where Value == \(g.type) {\n"
            for p in g.keys {
                out += "    /// `\(p.key)`: \(p.info.meaning).\n"
                out += "    public static var \(String(describing: p)): Self { .init(\"\(p.key)\") }\n"
            }
            out += "}\n"
        }
        out += "\n/// Every typed key, in the engine's property order.\npublic enum LayerKeys {\n"
        out += "    public static var all: [AnyLayerKey] { [\n"
        for p in Face.properties { out += "        .init(.\(String(describing: p))),\n" }
        out += "    ] }\n}\n"
        return out
    }

    /// The kit's Swift type for the property's value: optional where Core Animation declares it optional.
    static func kitType(_ p: Property) -> String {
        if let choice = p.info.choiceType { return "Layer." + String(describing: choice) }
        let base = switch p.type {
        case .number: "Double"
        case .point: "Point"
        case .size: "Size"
        case .rect: "Rect"
        case .color: "Color"
        case .transform: "Transform"
        case .string: "String"
        case .bool: "Bool"
        case .numbers: "[Double]"
        case .colors: "Colors"
        case .path: "Path"
        case .image: "Image"
        }
        return p.nilValue == nil ? base : base + "?"
    }
}
