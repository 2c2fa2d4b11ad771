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
}
