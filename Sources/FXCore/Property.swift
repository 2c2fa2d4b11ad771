// SPDX-License-Identifier: MIT
/// Every animatable or settable property of every layer kind: the single
/// source of truth for its Core Animation key, its value type, its default and
/// the layer kind that has it. The C ABI's property ids are these raw values.
public enum Property: Int, Sendable, CaseIterable {
    // Layer (every kind has these)
    case bounds, position, anchorPoint, zPosition, transform, sublayerTransform, opacity, isHidden
    case backgroundColor, cornerRadius, borderWidth, borderColor, masksToBounds, maskMode
    case contents, contentsGravity, shadowColor, shadowOpacity, shadowOffset, shadowRadius
    // GradientLayer
    case colors, locations, startPoint, endPoint, gradientType
    // ShapeLayer
    case path, fillColor, fillRule, strokeColor, lineWidth, lineCap, lineJoin, miterLimit
    case lineDashPattern, lineDashPhase, strokeStart, strokeEnd
    // TextLayer
    case string, font, fontSize, foregroundColor, alignmentMode, isWrapped, truncationMode
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
        case .locations, .lineDashPattern: .numbers([])
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
        func i(_ key: String, _ v: Value, _ kind: LayerKind = .layer) -> Info {
            var choiceType: (any Choice.Type)? = nil
            if case .choice(let c) = v { choiceType = c.type }
            return Info(key: key, type: v.type, defaultValue: v, kind: kind, choiceType: choiceType)
        }
        switch self {
        case .bounds: return i("bounds", .rect(.zero))
        case .position: return i("position", .point(.zero))
        case .anchorPoint: return i("anchorPoint", .point(Point(0.5, 0.5)))
        case .zPosition: return i("zPosition", .number(0))
        case .transform: return i("transform", .transform(.identity))
        case .sublayerTransform: return i("sublayerTransform", .transform(.identity))
        case .opacity: return i("opacity", .number(1))
        case .isHidden: return i("hidden", .bool(false))
        case .backgroundColor: return i("backgroundColor", .color(.clear))
        case .cornerRadius: return i("cornerRadius", .number(0))
        case .borderWidth: return i("borderWidth", .number(0))
        case .borderColor: return i("borderColor", .color(.black))
        case .masksToBounds: return i("masksToBounds", .bool(false))
        case .maskMode: return i("maskMode", .choice(MaskMode.alpha))
        case .contents: return i("contents", .image(nil))
        case .contentsGravity: return i("contentsGravity", .choice(ContentsGravity.resize))
        case .shadowColor: return i("shadowColor", .color(.black))
        case .shadowOpacity: return i("shadowOpacity", .number(0))
        case .shadowOffset: return i("shadowOffset", .size(Size(0, -3)))
        case .shadowRadius: return i("shadowRadius", .number(3))
        case .colors: return i("colors", .colors([]), .gradient)
        case .locations: return i("locations", .numbers([]), .gradient)
        case .startPoint: return i("startPoint", .point(Point(0.5, 0)), .gradient)
        case .endPoint: return i("endPoint", .point(Point(0.5, 1)), .gradient)
        case .gradientType: return i("type", .choice(GradientType.axial), .gradient)
        case .path: return i("path", .path(Path()), .shape)
        case .fillColor: return i("fillColor", .color(.black), .shape)
        case .fillRule: return i("fillRule", .choice(FillRule.nonZero), .shape)
        case .strokeColor: return i("strokeColor", .color(.clear), .shape)
        case .lineWidth: return i("lineWidth", .number(1), .shape)
        case .lineCap: return i("lineCap", .choice(LineCap.butt), .shape)
        case .lineJoin: return i("lineJoin", .choice(LineJoin.miter), .shape)
        case .miterLimit: return i("miterLimit", .number(10), .shape)
        case .lineDashPattern: return i("lineDashPattern", .numbers([]), .shape)
        case .lineDashPhase: return i("lineDashPhase", .number(0), .shape)
        case .strokeStart: return i("strokeStart", .number(0), .shape)
        case .strokeEnd: return i("strokeEnd", .number(1), .shape)
        case .string: return i("string", .string(""), .text)
        case .font: return i("font", .string("Sans"), .text)
        case .fontSize: return i("fontSize", .number(36), .text)
        case .foregroundColor: return i("foregroundColor", .color(.white), .text)
        case .alignmentMode: return i("alignmentMode", .choice(AlignmentMode.natural), .text)
        case .isWrapped: return i("wrapped", .bool(false), .text)
        case .truncationMode: return i("truncationMode", .choice(TruncationMode.none), .text)
        case .instanceCount: return i("instanceCount", .number(1), .replicator)
        case .instanceTransform: return i("instanceTransform", .transform(.identity), .replicator)
        case .instanceDelay: return i("instanceDelay", .number(0), .replicator)
        case .instanceColor: return i("instanceColor", .color(.white), .replicator)
        case .instanceRedOffset: return i("instanceRedOffset", .number(0), .replicator)
        case .instanceGreenOffset: return i("instanceGreenOffset", .number(0), .replicator)
        case .instanceBlueOffset: return i("instanceBlueOffset", .number(0), .replicator)
        case .instanceAlphaOffset: return i("instanceAlphaOffset", .number(0), .replicator)
        case .preservesDepth: return i("preservesDepth", .bool(false), .replicator)
        case .emitterPosition: return i("emitterPosition", .point(.zero), .emitter)
        case .emitterZPosition: return i("emitterZPosition", .number(0), .emitter)
        case .emitterSize: return i("emitterSize", .size(Size(0, 0)), .emitter)
        case .emitterDepth: return i("emitterDepth", .number(0), .emitter)
        case .emitterShape: return i("emitterShape", .choice(EmitterShape.point), .emitter)
        case .emitterMode: return i("emitterMode", .choice(EmitterMode.volume), .emitter)
        case .renderMode: return i("renderMode", .choice(RenderMode.unordered), .emitter)
        case .emitterBirthRate: return i("birthRate", .number(1), .emitter)
        case .emitterLifetime: return i("lifetime", .number(1), .emitter)
        case .emitterVelocity: return i("velocity", .number(1), .emitter)
        case .emitterScale: return i("scale", .number(1), .emitter)
        case .emitterSpin: return i("spin", .number(1), .emitter)
        case .seed: return i("seed", .number(0), .emitter)
        case .emitterCells: return i("emitterCells", .number(0), .emitter)
        }
    }
}
