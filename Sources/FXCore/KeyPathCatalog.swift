// SPDX-License-Identifier: MIT
/// Every key path a layer of each kind takes, with its type, its default and
/// whether Core Animation animates it: what `fxhost --key-paths` prints and
/// docs/KEYPATHS.md lists, so a port can look them up without the source.
public enum KeyPathCatalog {
    public struct Entry: Sendable {
        /// As Core Animation spells it (`position.x`, `emitterCells.NAME.birthRate`).
        public let keyPath: String
        public let type: ValueType
        public let defaultValue: Value
        /// Whether the property's Apple page calls it "Animatable". fxhost animates every key
        /// path; those that are not step from one value to the next.
        public let animatable: Bool
        /// The layer kind that has it; `.layer` means every kind.
        public let kind: LayerKind
    }

    /// The entries for a layer of `kind` (its own and every layer's), or for every kind when nil:
    /// each property, then its components, then for emitters the cell fields.
    public static func entries(for kind: LayerKind? = nil) -> [Entry] {
        var out: [Entry] = []
        for p in Property.allCases where p != .emitterCells && (kind.map { p.applies(to: $0) } ?? true) {
            let animatable = p.info.animatable
            out.append(Entry(keyPath: p.key, type: p.type, defaultValue: p.info.defaultValue, animatable: animatable,
                             kind: p.info.kind))
            for c in KeyPath.Component.allCases where c.parentType == p.type {
                let kp = KeyPath(p, c)
                out.append(Entry(keyPath: kp.description, type: kp.type, defaultValue: kp.extract(from: p.info.defaultValue),
                                 animatable: animatable, kind: p.info.kind))
            }
        }
        if kind == nil || kind == .emitter {
            let cell = EmitterCell(name: "NAME")
            out.append(Entry(keyPath: "emitterCells.NAME.enabled", type: .bool, defaultValue: .bool(true), animatable: true,
                             kind: .emitter))
            for f in EmitterCell.Field.allCases {
                out.append(Entry(keyPath: "emitterCells.NAME.\(f.key)", type: .number, defaultValue: .number(cell[f]),
                                 animatable: true, kind: .emitter))
            }
            out.append(Entry(keyPath: "emitterCells.NAME.color", type: .color, defaultValue: .color(cell.color), animatable: true,
                             kind: .emitter))
        }
        return out
    }
}
