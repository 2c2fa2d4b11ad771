// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// The choice properties as enums: the catalog offers exactly Core
/// Animation's string constants, a new layer presents Apple's defaults, the
/// typed accessors read what was set, and a spelling outside the choices is
/// refused where it enters, so the accessors never meet one.
@Suite struct ChoiceTests {
    /// Each property's constants and default as Apple's headers list them
    /// (CALayer.h, CAGradientLayer.h, CAShapeLayer.h, CATextLayer.h, CAEmitterLayer.h).
    static let apple: [(Property, [String], String)] = [
        (.contentsGravity, ["center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft",
                            "bottomRight", "resize", "resizeAspect", "resizeAspectFill"], "resize"),
        (.gradientType, ["axial", "radial", "conic"], "axial"),
        (.fillRule, ["nonZero", "evenOdd"], "nonZero"),
        (.lineCap, ["butt", "round", "square"], "butt"),
        (.lineJoin, ["miter", "round", "bevel"], "miter"),
        (.alignmentMode, ["natural", "left", "right", "center", "justified"], "natural"),
        (.truncationMode, ["none", "start", "middle", "end"], "none"),
        (.emitterShape, ["point", "line", "rectangle", "circle", "cuboid", "sphere"], "point"),
        (.emitterMode, ["points", "outline", "surface", "volume"], "volume"),
        (.renderMode, ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"], "unordered"),
        // fxhost's own (fx.h 1.3), not Apple's: alpha is Core Animation's mask.
        (.maskMode, ["alpha", "alphaInverted", "luminance", "luminanceInverted"], "alpha"),
    ]

    /// What the typed accessor of `p` reads, as its raw string.
    static func typed(_ l: PresentedLayer, _ p: Property) -> String? {
        switch p {
        case .contentsGravity: l.contentsGravity.rawValue
        case .gradientType: l.gradientType.rawValue
        case .fillRule: l.fillRule.rawValue
        case .lineCap: l.lineCap.rawValue
        case .lineJoin: l.lineJoin.rawValue
        case .alignmentMode: l.alignmentMode.rawValue
        case .truncationMode: l.truncationMode.rawValue
        case .emitterShape: l.emitterShape.rawValue
        case .emitterMode: l.emitterMode.rawValue
        case .renderMode: l.renderMode.rawValue
        case .maskMode: l.maskMode.rawValue
        default: nil
        }
    }

    @Test func theCatalogOffersApplesConstants() {
        for (p, constants, _) in Self.apple { #expect(p.info.choices == constants, "\(p.key)") }
        // Every property with choices is one of these.
        #expect(Set(Property.allCases.filter { $0.info.choices != nil }) == Set(Self.apple.map(\.0)))
    }

    /// Each layer kind presents Apple's default, then each constant once set.
    @Test func typedAccessorsReadWhatWasSet() throws {
        for (p, constants, byDefault) in Self.apple {
            let kind = p.info.kind == .layer ? LayerKind.shape : p.info.kind
            for value in [nil] + constants {
                let stage = Stage(size: Size(10, 10))
                let l = stage.makeLayer(kind, name: "l")
                if let value { try l.set(KeyPath(p), .string(value)) }
                try stage.root.addSublayer(l)
                let shown = try #require(try stage.sample(at: 0).layer(named: "l"))
                #expect(Self.typed(shown, p) == value ?? byDefault, "\(p.key) set to \(value ?? "nothing")")
            }
        }
    }

    @Test func aSpellingOutsideTheChoicesIsRefusedWhereItEnters() throws {
        let stage = Stage(size: Size(10, 10))
        let l = stage.makeLayer(.shape, name: "l")
        #expect { try l.set(KeyPath(.lineCap), .string("Round")) } throws: {
            "\($0)".contains("does not accept 'Round': expected one of butt, round, square")
        }
        let join = Animation.basic(KeyPath(.lineJoin), from: .string("miter"), to: .string("curved"))
        #expect { try l.add(join, forKey: "join") } throws: {
            "\($0)".contains("does not accept 'curved': expected one of miter, round, bevel")
        }
    }

    /// A string given for a choice property is held as its enum's case from the
    /// moment it is set: the model, an animation's endpoints and keyframes.
    @Test func aChoiceIsHeldAsItsCaseFromTheMomentItIsSet() throws {
        let stage = Stage(size: Size(10, 10))
        let l = stage.makeLayer(.shape, name: "l")
        try stage.root.addSublayer(l)
        try l.set(KeyPath(.lineCap), .string("round"))
        #expect(l[.lineCap] == .choice(LineCap.round))
        #expect(l[.lineJoin] == .choice(LineJoin.miter), "the catalog default is a case too")
        var basic = Animation.basic(KeyPath(.fillRule), from: .string("evenOdd"), to: .string("nonZero"))
        basic.timing.duration = 2
        try l.add(basic, forKey: "rule")
        guard case let .basic(from, to, _) = try #require(l.animation(forKey: "rule")).kind else {
            Issue.record("not a basic animation"); return
        }
        #expect(from == .choice(FillRule.evenOdd) && to == .choice(FillRule.nonZero))
        var keys = Keyframes(values: [.string("bevel"), .string("round")])
        keys.calculationMode = .discrete
        var keyframe = Animation.keyframe(KeyPath(.lineJoin), keys)
        keyframe.timing.duration = 2
        try l.add(keyframe, forKey: "join")
        guard case .keyframe(let k) = try #require(l.animation(forKey: "join")).kind else {
            Issue.record("not a keyframe animation"); return
        }
        #expect(k.values == [.choice(LineJoin.bevel), .choice(LineJoin.round)])
        // Discrete halves of 2 s: bevel before 1 s, round after; a string switches halfway, so evenOdd at 0.5 s.
        let early = try #require(try stage.sample(at: 0.5).layer(named: "l"))
        let late = try #require(try stage.sample(at: 1.5).layer(named: "l"))
        #expect(early.lineJoin == .bevel && late.lineJoin == .round && early.fillRule == .evenOdd)
    }

    /// A case is its enum's and its place among the cases: `round` of LineCap is
    /// not `round` of LineJoin, though Core Animation spells both "round".
    @Test func aCaseKnowsItsEnum() {
        #expect(Value.choice(LineCap.round) != .choice(LineJoin.round))
        #expect(Value.choice(LineCap.round) != .string("round"))
        #expect(ChoiceValue(LineCap.round).as(LineJoin.self) == nil)
        for c in LineCap.allCases {
            #expect(ChoiceValue(c).as(LineCap.self) == c && ChoiceValue(c).rawValue == c.rawValue)
        }
        #expect(ChoiceValue(ContentsGravity.resizeAspectFill).rawValue == "resizeAspectFill")
    }

    /// Where the key path is not a choice property, a case given is its string.
    @Test func aCaseGivenForAPlainStringIsItsText() throws {
        let stage = Stage(size: Size(10, 10))
        let t = stage.makeLayer(.text, name: "t")
        try t.set(KeyPath(.string), .choice(LineCap.square))
        #expect(t[.string] == .string("square"))
        try t.set(KeyPath(.alignmentMode), .choice(AlignmentMode.center))
        #expect(t[.alignmentMode] == .choice(AlignmentMode.center))
        #expect { try t.set(KeyPath(.alignmentMode), .choice(LineCap.round)) } throws: {
            "\($0)".contains("does not accept 'round': expected one of natural, left, right, center, justified")
        }
    }
}
