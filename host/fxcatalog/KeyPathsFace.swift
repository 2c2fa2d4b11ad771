// SPDX-License-Identifier: MIT
import FXCore

/// docs/KEYPATHS.md's table of properties: each key with its class, its
/// value type, its choices and what it means.
enum KeyPathsFace {
    static func propertyTable() -> String {
        var out = "| key | class | type | animatable | what it is |\n|---|---|---|---|---|\n"
        for p in Face.properties {
            let cls = p.info.kind == .layer ? "CALayer" : "CA" + p.info.kind.className
            let type = p.info.choices.map { "one of " + $0.map { "`\($0)`" }.joined(separator: ", ") } ?? p.type.rawValue
            out += "| `\(p.key)` | \(cls) | \(type) | \(p.info.animatable ? "yes" : "no") | \(p.info.meaning) |\n"
        }
        return out
    }
}
