// SPDX-License-Identifier: MIT
/// A `CAEmitterCell`: what one kind of particle looks like and how it moves.
/// Defaults are Core Animation's: every number 0 except `scale` 1, `color`
/// opaque white, `enabled`, `contentsRect` the unit square.
public struct EmitterCell: Sendable, Equatable {
    public var name: String
    public var enabled = true
    /// The numeric fields, indexed by `Field.rawValue` (see `Field`).
    public var numbers: [Double] = Field.allCases.map(\.defaultValue)
    public var color = Color.white
    public var contents: Image?
    /// The part of `contents` drawn, in unit coordinates.
    public var contentsRect = Rect(0, 0, 1, 1)
    /// Cells that every particle of this cell emits, as its own emitter.
    public var emitterCells: [EmitterCell] = []

    public init(name: String) { self.name = name }

    /// How deep cells may nest (each level is particles emitting particles).
    public static let maxDepth = 4

    /// 1 for a cell without cells, plus the deepest of its cells.
    public static func depth(of c: EmitterCell) -> Int { 1 + (c.emitterCells.map(depth).max() ?? 0) }

    /// The numeric fields, by Core Animation's names.
    public enum Field: Int, Sendable, CaseIterable {
        case birthRate, lifetime, lifetimeRange, velocity, velocityRange
        case emissionLatitude, emissionLongitude, emissionRange
        case xAcceleration, yAcceleration, zAcceleration
        case scale, scaleRange, scaleSpeed, spin, spinRange
        case redRange, greenRange, blueRange, alphaRange, redSpeed, greenSpeed, blueSpeed, alphaSpeed

        /// Core Animation's name of the field. Spelled out: `String(describing:)`
        /// reflects on the case each time (Mirror and casts that walk every
        /// protocol conformance loaded), and `named` asked it of every case,
        /// 2.2 million instructions in a build that set 14 cell fields.
        public var key: String {
            switch self {
            case .birthRate: "birthRate"
            case .lifetime: "lifetime"
            case .lifetimeRange: "lifetimeRange"
            case .velocity: "velocity"
            case .velocityRange: "velocityRange"
            case .emissionLatitude: "emissionLatitude"
            case .emissionLongitude: "emissionLongitude"
            case .emissionRange: "emissionRange"
            case .xAcceleration: "xAcceleration"
            case .yAcceleration: "yAcceleration"
            case .zAcceleration: "zAcceleration"
            case .scale: "scale"
            case .scaleRange: "scaleRange"
            case .scaleSpeed: "scaleSpeed"
            case .spin: "spin"
            case .spinRange: "spinRange"
            case .redRange: "redRange"
            case .greenRange: "greenRange"
            case .blueRange: "blueRange"
            case .alphaRange: "alphaRange"
            case .redSpeed: "redSpeed"
            case .greenSpeed: "greenSpeed"
            case .blueSpeed: "blueSpeed"
            case .alphaSpeed: "alphaSpeed"
            }
        }
        var defaultValue: Double { self == .scale ? 1 : 0 }

        public static func named(_ key: String) -> Field? { allCases.first { $0.key == key } }
    }

    public subscript(_ f: Field) -> Double {
        get { numbers[f.rawValue] }
        set { numbers[f.rawValue] = newValue }
    }

    public static func == (a: EmitterCell, b: EmitterCell) -> Bool {
        a.name == b.name && a.enabled == b.enabled && a.numbers == b.numbers && a.color == b.color
            && a.contents === b.contents && a.contentsRect == b.contentsRect && a.emitterCells == b.emitterCells
    }

    /// Every field name `set` takes, for messages.
    public static var fieldNames: [String] {
        ["enabled"] + Field.allCases.map(\.key) + ["color", "contents", "contentsRect"]
    }

    /// Sets a field by Core Animation's name, checking its type and range.
    public mutating func set(_ field: String, _ v: Value) throws(FXError) {
        func fail(_ expected: String) -> FXError {
            FXError("emitter cell field '\(field)' takes \(expected), not a \(v.type.rawValue)", kind: .type)
        }
        switch field {
        case "enabled":
            guard case .bool(let b) = v else { throw fail("a bool") }
            enabled = b
        case "color":
            guard case .color(let c) = v else { throw fail("a colour") }
            guard v.isFinite else { throw FXError("emitter cell field 'color' must be finite numbers") }
            color = c
        case "contents":
            guard case .image(let i) = v else { throw fail("an image") }
            contents = i
        case "contentsRect":
            guard case .rect(let r) = v else { throw fail("a rect") }
            guard v.isFinite else { throw FXError("emitter cell field 'contentsRect' must be finite numbers") }
            contentsRect = r
        default:
            guard let f = Field.named(field) else {
                throw FXError("unknown emitter cell field '\(field)' (fields: \(EmitterCell.fieldNames.joined(separator: ", ")))",
                              kind: .keyPath)
            }
            guard case .number(let n) = v else { throw fail("a number") }
            guard n.isFinite else { throw FXError("emitter cell field '\(field)' must be a finite number") }
            if [.birthRate, .lifetime].contains(f), n < 0 {
                throw FXError("emitter cell field '\(field)' must not be negative (got \(n))")
            }
            self[f] = n
        }
    }
}
