// SPDX-License-Identifier: MIT
import FXCore
import FXPluginKit
import Testing

/// The kit's typed layer keys against the engine's property catalog: a key
/// misspelt, missing, of the wrong value type, optional where Core Animation's
/// property is not (or the other way), or with other choices fails here.
@Suite(.serialized) struct LayerKeyTests {
    /// The kit's value type for each of the engine's value types.
    private static func kitType(for t: ValueType) -> Any.Type {
        switch t {
        case .number: Double.self
        case .point: FXPluginKit.Point.self
        case .size: FXPluginKit.Size.self
        case .rect: FXPluginKit.Rect.self
        case .color: FXPluginKit.Color.self
        case .transform: FXPluginKit.Transform.self
        case .string: String.self
        case .bool: Bool.self
        case .numbers: [Double].self
        case .colors: FXPluginKit.Colors.self
        case .path: FXPluginKit.Path.self
        case .image: FXPluginKit.Image.self
        }
    }

    @Test func everyPropertyHasOneKeyOfItsNameAndType() {
        let keys = Dictionary(grouping: LayerKeys.all, by: \.name)
        #expect(keys.values.allSatisfy { $0.count == 1 }, "a key listed twice")
        // emitterCells stands for `emitterCells.NAME.FIELD` key paths, never a value of its own.
        let properties = Property.allCases.filter { $0 != .emitterCells }
        #expect(Set(keys.keys) == Set(properties.map(\.key)))
        for p in properties {
            guard let key = keys[p.key]?.first else { Issue.record("no typed key for '\(p.key)'"); continue }
            #expect(key.isOptional == (p.nilValue != nil), "'\(p.key)' optional: kit \(key.isOptional)")
            if let choices = p.info.choices {
                #expect(key.choices == choices, "'\(p.key)' choices")
            } else {
                #expect(key.choices == nil, "'\(p.key)' is not a choice")
                #expect(ObjectIdentifier(key.valueType) == ObjectIdentifier(Self.kitType(for: p.type)), "'\(p.key)' takes \(key.valueType), not \(p.type)")
            }
        }
    }

    @Test func typedKeysReachTheModel() throws {
        let k = try KitStage()
        try k.build {
            let shape = try FXPluginKit.Layer(.shape, name: "s")
            try FXPluginKit.Layer(handle: k.root).addSublayer(shape)
            try shape.set(.opacity, 0.25)
            try shape.set(.lineCap, .round)
            try shape.set(.fillRule, .evenOdd)
            try shape.set(.fillColor, nil)
            try shape.set(.strokeColor, FXPluginKit.Color(red: 1, green: 0, blue: 0))
            try shape.set(.isHidden, true)
            try shape.set(.lineDashPattern, [2, 3])
        }
        let s = k.layers[0]
        #expect(s[.opacity] == .number(0.25))
        #expect(s[.lineCap] == .choice(FXCore.LineCap.round))
        #expect(s[.fillRule] == .choice(FXCore.FillRule.evenOdd))
        #expect(s[.fillColor] == .color(FXCore.Color(red: 0, green: 0, blue: 0, alpha: 0)))
        #expect(s[.strokeColor] == .color(FXCore.Color(red: 1, green: 0, blue: 0)))
        #expect(s[.isHidden] == .bool(true))
        #expect(s[.lineDashPattern] == .numbers([2, 3]))
    }
}
