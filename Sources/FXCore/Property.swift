// SPDX-License-Identifier: MIT
/// Every animatable or settable property of every layer kind: the one place a
/// property is declared: its Core Animation key, its value type, its default,
/// whether Apple calls it animatable, its choices, what it means, and the layer
/// kind that has it. The other faces of these facts (FXPluginKit's typed keys,
/// QuartzCore's animatable set and the host's new-layer defaults it relies on,
/// the tables of docs/KEYPATHS.md) are generated from here by
/// `scripts/generate.sh`, which the test command runs in check mode. Adding a
/// property is a case here, its catalog line below, and what the renderer draws.
/// Plugins name properties by their key strings (fx.h has no property ids); the
/// raw values are fxhost's own, index `infos` and order a layer's animated
/// values, and may change between versions.
public enum Property: Int, Sendable, CaseIterable {
    // Layer (every kind has these)
    case bounds, position, anchorPoint, zPosition, transform, sublayerTransform, opacity, isHidden
    case backgroundColor, cornerRadius, borderWidth, borderColor, masksToBounds, maskMode
    case contents, contentsGravity, shadowColor, shadowOpacity, shadowOffset, shadowRadius
    // GradientLayer
    case colors, locations, startPoint, endPoint, gradientType, focalOffset
    // ShapeLayer
    case path, fillColor, fillRule, strokeColor, lineWidth, lineCap, lineJoin, miterLimit
    case lineDashPattern, lineDashPhase, strokeStart, strokeEnd
    // TextLayer
    case string, font, fontSize, foregroundColor, alignmentMode, isWrapped, truncationMode, foregroundColorRuns
    // ReplicatorLayer
    case instanceCount, instanceTransform, instanceDelay, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset, preservesDepth
    // EmitterLayer
    case emitterPosition, emitterZPosition, emitterSize, emitterDepth, emitterShape, emitterMode, renderMode
    case emitterBirthRate, emitterLifetime, emitterVelocity, emitterScale, emitterSpin, seed
    /// Stands for `emitterCells.NAME.FIELD` key paths (`KeyPath.cell`); never a value of its own.
    case emitterCells

    /// The emitter layer's own settings, which shape the particles it makes.
    public var isEmitterSetting: Bool { (Property.emitterPosition.rawValue...Property.seed.rawValue).contains(rawValue) }

    public struct Info: Sendable {
        /// The key as Core Animation spells it (`hidden`, not `isHidden`).
        public let key: String
        public let type: ValueType
        public let defaultValue: Value
        /// The layer kind that has the property; `.layer` means every kind.
        public let kind: LayerKind
        /// For choice properties (a `Choice` enum's case by default): the enum.
        public let choiceType: (any Choice.Type)?
        /// Whether the property's Apple page calls it "Animatable" (fxhost's own `maskMode`: no). fxhost
        /// animates every key path; those that are not animatable step from one value to the next, and the
        /// QuartzCore facade gives them no implicit animation.
        public let animatable: Bool
        /// What the property is, in a phrase: the typed keys' documentation and docs/KEYPATHS.md say it.
        public let meaning: String
        /// For choice properties: their enum's raw values, in declaration order.
        public var choices: [String]? { choiceType?.names }
    }

    public var info: Info { Property.infos[rawValue] }

    /// What setting the property to nil means, for the properties Core
    /// Animation declares optional (`fillColor = nil` draws no fill,
    /// `contents = nil` shows none); nil for the others, which cannot be nil.
    public var nilValue: Value? {
        switch self {
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .foregroundColor: .color(.clear)
        case .instanceColor: .color(.white)
        case .contents: .image(nil)
        case .path: .path(Path())
        case .colors: .colors([])
        case .locations, .lineDashPattern, .foregroundColorRuns: .numbers([])
        case .string: .string("")
        case .font: Property.font.info.defaultValue
        default: nil
        }
    }
    public var key: String { info.key }
    public var type: ValueType { info.type }

    /// Whether a layer of `kind` has this property.
    public func applies(to kind: LayerKind) -> Bool { info.kind == .layer || info.kind == kind }

    public static func named(_ key: String) -> Property? { byKey[key] }

    /// The model values of a new layer, indexed by raw value. Layers share this
    /// array until they first change a property (copy on write).
    public static let defaults: [Value] = infos.map(\.defaultValue)

    private static let byKey: [String: Property] = {
        var d: [String: Property] = [:]
        for p in allCases { d[p.key] = p }
        return d
    }()

    private static let infos: [Info] = allCases.map { $0.makeInfo() }

    private func makeInfo() -> Info {
        func i(_ key: String, _ v: Value, _ kind: LayerKind = .layer, animatable: Bool = true, means: String) -> Info {
            var choiceType: (any Choice.Type)? = nil
            if case .choice(let c) = v { choiceType = c.type }
            return Info(key: key, type: v.type, defaultValue: v, kind: kind, choiceType: choiceType, animatable: animatable,
                        meaning: means)
        }
        switch self {
        case .bounds: return i("bounds", .rect(.zero),
                                 means: "the layer's own coordinate space: origin and size")
        case .position: return i("position", .point(.zero),
                                 means: "where the layer's anchor point sits in its superlayer")
        case .anchorPoint: return i("anchorPoint", .point(Point(0.5, 0.5)),
                                 means: "the point of the bounds, in unit coordinates, that position places and transforms turn about")
        case .zPosition: return i("zPosition", .number(0),
                                 means: "the layer's place along z: larger draws above its siblings")
        case .transform: return i("transform", .transform(.identity),
                                 means: "the 3D transform applied to the layer about its anchor point")
        case .sublayerTransform: return i("sublayerTransform", .transform(.identity),
                                 means: "the 3D transform applied to the sublayers, about the bounds' centre (perspective lives here)")
        case .opacity: return i("opacity", .number(1),
                                 means: "the layer's opacity, applied to it and its sublayers as one group")
        case .isHidden: return i("hidden", .bool(false),
                                 means: "whether the layer and its sublayers are not drawn")
        case .backgroundColor: return i("backgroundColor", .color(.clear),
                                 means: "the colour filling the bounds, within the corner radius")
        case .cornerRadius: return i("cornerRadius", .number(0),
                                 means: "the radius of the rounded corners of the background and border")
        case .borderWidth: return i("borderWidth", .number(0),
                                 means: "the width of the border drawn inside the bounds")
        case .borderColor: return i("borderColor", .color(.black),
                                 means: "the colour of the border")
        case .masksToBounds: return i("masksToBounds", .bool(false),
                                 means: "whether sublayers are clipped to the bounds and corner radius")
        case .maskMode: return i("maskMode", .choice(MaskMode.alpha), animatable: false,
                                 means: "fxhost's own (fx.h 1.3; an older host answers FX_ERR_BAD_KEY_PATH): what the layer's mask keeps: its alpha, "
                                 + "its luminance, or their inverses")
        case .contents: return i("contents", .image(nil),
                                 means: "the image drawn in the bounds")
        case .contentsGravity: return i("contentsGravity", .choice(ContentsGravity.resize), animatable: false,
                                 means: "where the contents sit in the bounds, or how they are scaled to them")
        case .shadowColor: return i("shadowColor", .color(.black),
                                 means: "the colour of the layer's shadow")
        case .shadowOpacity: return i("shadowOpacity", .number(0),
                                 means: "the opacity of the shadow (0: none)")
        case .shadowOffset: return i("shadowOffset", .size(Size(0, -3)),
                                 means: "the offset of the shadow")
        case .shadowRadius: return i("shadowRadius", .number(3),
                                 means: "the blur radius of the shadow")
        case .colors: return i("colors", .colors([]), .gradient,
                                 means: "the gradient's colours")
        case .locations: return i("locations", .numbers([]), .gradient,
                                 means: "where each colour stops, from 0 to 1 (spread evenly when empty)")
        case .startPoint: return i("startPoint", .point(Point(0.5, 0)), .gradient,
                                 means: "where the gradient starts, in unit coordinates of the bounds")
        case .endPoint: return i("endPoint", .point(Point(0.5, 1)), .gradient,
                                 means: "where the gradient ends, in unit coordinates of the bounds")
        case .gradientType: return i("type", .choice(GradientType.axial), .gradient, animatable: false,
                                 means: "the gradient's kind: axial, radial or conic")
        case .focalOffset: return i("focalOffset", .point(.zero), .gradient,
                                 means: "fxhost's own (fx.h 1.6; an older host answers FX_ERR_BAD_KEY_PATH): a radial gradient's "
                                 + "focal point (where the first colour is) as an offset from startPoint, in unit coordinates of "
                                 + "the bounds; (0, 0), the default, is the centre")
        case .path: return i("path", .path(Path()), .shape,
                                 means: "the shape drawn")
        case .fillColor: return i("fillColor", .color(.black), .shape,
                                 means: "the colour filling the path (nil: no fill)")
        case .fillRule: return i("fillRule", .choice(FillRule.nonZero), .shape, animatable: false,
                                 means: "which regions of the path are inside: non-zero winding or even-odd")
        case .strokeColor: return i("strokeColor", .color(.clear), .shape,
                                 means: "the colour of the path's stroke (nil: no stroke)")
        case .lineWidth: return i("lineWidth", .number(1), .shape,
                                 means: "the stroke's width")
        case .lineCap: return i("lineCap", .choice(LineCap.butt), .shape, animatable: false,
                                 means: "how open ends of the stroke are drawn")
        case .lineJoin: return i("lineJoin", .choice(LineJoin.miter), .shape, animatable: false,
                                 means: "how the stroke's corners are drawn")
        case .miterLimit: return i("miterLimit", .number(10), .shape,
                                 means: "the longest miter join, as a multiple of half the line width")
        case .lineDashPattern: return i("lineDashPattern", .numbers([]), .shape, animatable: false,
                                 means: "the stroke's dashes: lengths painted and unpainted in turn (empty: solid)")
        case .lineDashPhase: return i("lineDashPhase", .number(0), .shape,
                                 means: "how far into the dash pattern the stroke starts")
        case .strokeStart: return i("strokeStart", .number(0), .shape,
                                 means: "where along the path the stroke starts, from 0 to 1")
        case .strokeEnd: return i("strokeEnd", .number(1), .shape,
                                 means: "where along the path the stroke ends, from 0 to 1")
        case .string: return i("string", .string(""), .text, animatable: false,
                                 means: "the text drawn")
        case .font: return i("font", .string("Sans"), .text, animatable: false,
                                 means: "the font's family name")
        case .fontSize: return i("fontSize", .number(36), .text,
                                 means: "the font's size in points")
        case .foregroundColor: return i("foregroundColor", .color(.white), .text,
                                 means: "the text's colour")
        case .alignmentMode: return i("alignmentMode", .choice(AlignmentMode.natural), .text, animatable: false,
                                 means: "how lines of text are aligned in the bounds")
        case .isWrapped: return i("wrapped", .bool(false), .text, animatable: false,
                                 means: "whether the text wraps to the bounds' width")
        case .truncationMode: return i("truncationMode", .choice(TruncationMode.none), .text, animatable: false,
                                 means: "where text that does not fit is cut and marked with an ellipsis")
        case .foregroundColorRuns: return i("foregroundColorRuns", .numbers([]), .text, animatable: false,
                                 means: "fxhost's own (fx.h 1.5; an older host answers FX_ERR_BAD_KEY_PATH): colours for ranges of "
                                 + "the string, as an attributed string's foregroundColor: six numbers a run, its UTF-8 byte range "
                                 + "and its red, green, blue and alpha")
        case .instanceCount: return i("instanceCount", .number(1), .replicator,
                                 means: "how many copies of the sublayers are drawn (the first is the original)")
        case .instanceTransform: return i("instanceTransform", .transform(.identity), .replicator,
                                 means: "the transform from one copy to the next, applied cumulatively")
        case .instanceDelay: return i("instanceDelay", .number(0), .replicator,
                                 means: "the time from one copy's animations to the next's")
        case .instanceColor: return i("instanceColor", .color(.white), .replicator,
                                 means: "the colour the first copy is multiplied by")
        case .instanceRedOffset: return i("instanceRedOffset", .number(0), .replicator,
                                 means: "what each copy adds to the previous copy's red multiplier")
        case .instanceGreenOffset: return i("instanceGreenOffset", .number(0), .replicator,
                                 means: "what each copy adds to the previous copy's green multiplier")
        case .instanceBlueOffset: return i("instanceBlueOffset", .number(0), .replicator,
                                 means: "what each copy adds to the previous copy's blue multiplier")
        case .instanceAlphaOffset: return i("instanceAlphaOffset", .number(0), .replicator,
                                 means: "what each copy adds to the previous copy's alpha multiplier")
        case .preservesDepth: return i("preservesDepth", .bool(false), .replicator, animatable: false,
                                 means: "whether the copies are drawn in 3D rather than flattened into the layer's plane")
        case .emitterPosition: return i("emitterPosition", .point(.zero), .emitter,
                                 means: "the centre of the emission shape")
        case .emitterZPosition: return i("emitterZPosition", .number(0), .emitter,
                                 means: "the emission shape's centre along z")
        case .emitterSize: return i("emitterSize", .size(Size(0, 0)), .emitter,
                                 means: "the size of the emission shape")
        case .emitterDepth: return i("emitterDepth", .number(0), .emitter,
                                 means: "the depth of the emission shape")
        case .emitterShape: return i("emitterShape", .choice(EmitterShape.point), .emitter, animatable: false,
                                 means: "the emission shape")
        case .emitterMode: return i("emitterMode", .choice(EmitterMode.volume), .emitter, animatable: false,
                                 means: "where on the shape particles are born: points, outline, surface or volume")
        case .renderMode: return i("renderMode", .choice(RenderMode.unordered), .emitter, animatable: false,
                                 means: "the order particles are drawn in, and whether they add up")
        case .emitterBirthRate: return i("birthRate", .number(1), .emitter,
                                 means: "multiplies every cell's birth rate")
        case .emitterLifetime: return i("lifetime", .number(1), .emitter,
                                 means: "multiplies every cell's lifetime")
        case .emitterVelocity: return i("velocity", .number(1), .emitter,
                                 means: "multiplies every cell's velocity")
        case .emitterScale: return i("scale", .number(1), .emitter,
                                 means: "multiplies every cell's scale")
        case .emitterSpin: return i("spin", .number(1), .emitter,
                                 means: "multiplies every cell's spin")
        case .seed: return i("seed", .number(0), .emitter, animatable: false,
                                 means: "the seed of the particles' random numbers")
        case .emitterCells: return i("emitterCells", .number(0), .emitter,
                                 means: "stands for the emitterCells.NAME.FIELD key paths; never a value of its own")
        }
    }
}
