// SPDX-License-Identifier: MIT
/// A key path into an emitter's cells, as Core Animation spells it:
/// `emitterCells.snow.birthRate`, `emitterCells.spark.trail.velocity`
/// (cells found by `name`, nested cells by more names).
///
/// A class compared by value: key paths and animated values hold one
/// reference instead of its arrays and strings, which keeps those small, and
/// the sampler copies them for every animation of every layer.
public final class CellField: Hashable, Sendable, CustomStringConvertible {
    /// The cell names from the emitter down.
    public let names: [String]
    /// A numeric field, or nil for `color` / `enabled`.
    public let field: EmitterCell.Field?
    /// "color" or "enabled" when `field` is nil.
    public let other: String?

    init(parsing text: String) throws(FXError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3 else {
            throw FXError("key path '\(text)': emitter cells are added with layer_add_emitter_cell; their fields are reached as emitterCells.NAME.FIELD", kind: .keyPath)
        }
        names = Array(parts[1..<(parts.count - 1)])
        let last = parts[parts.count - 1]
        if let f = EmitterCell.Field.named(last) {
            field = f; other = nil
        } else if last == "color" || last == "enabled" {
            field = nil; other = last
        } else {
            throw FXError("key path '\(text)': '\(last)' is not an animatable emitter cell field (fields: \(EmitterCell.fieldNames.filter { $0 != "contents" && $0 != "contentsRect" }.joined(separator: ", ")))", kind: .keyPath)
        }
    }

    public static func == (a: CellField, b: CellField) -> Bool {
        a === b || (a.names == b.names && a.field == b.field && a.other == b.other)
    }

    public func hash(into h: inout Hasher) {
        h.combine(names)
        h.combine(field)
        h.combine(other)
    }

    public var type: ValueType { field != nil ? .number : (other == "color" ? .color : .bool) }

    public var description: String { "emitterCells." + names.joined(separator: ".") + "." + (field?.key ?? other ?? "") }

    /// The field's value in `cells`, or nil when no cell has those names.
    public func value(in cells: [EmitterCell]) -> Value? {
        guard let c = EmitterCell.find(names, in: cells) else { return nil }
        if let field { return .number(c[field]) }
        return other == "color" ? .color(c.color) : .bool(c.enabled)
    }

    /// `cells` with the field set to `v`; false when no cell has those names.
    func set(_ v: Value, in cells: inout [EmitterCell]) -> Bool {
        EmitterCell.update(names, in: &cells) { c in
            switch (field, v) {
            case (let f?, .number(let n)): c[f] = n
            case (nil, .color(let col)): c.color = col
            case (nil, .bool(let b)): c.enabled = b
            default: break
            }
        }
    }
}

extension EmitterCell {
    static func find(_ names: [String], in cells: [EmitterCell]) -> EmitterCell? {
        guard let first = names.first, let c = cells.first(where: { $0.name == first }) else { return nil }
        return names.count == 1 ? c : find(Array(names.dropFirst()), in: c.emitterCells)
    }

    static func update(_ names: [String], in cells: inout [EmitterCell], _ body: (inout EmitterCell) -> Void) -> Bool {
        guard let first = names.first, let i = cells.firstIndex(where: { $0.name == first }) else { return false }
        if names.count == 1 { body(&cells[i]); return true }
        return update(Array(names.dropFirst()), in: &cells[i].emitterCells, body)
    }
}
