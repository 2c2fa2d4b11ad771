// SPDX-License-Identifier: MIT
import CFX

/// A layer property's key with the type of value it takes, so that
/// `layer.set(.backgroundColor, color)` is checked by the compiler: a misspelt
/// key or a value of the wrong type does not build. The string form,
/// `layer.set("position.x", 10)`, stays for key paths into a value.
///
/// A key whose property Core Animation declares optional (`fillColor`,
/// `contents`, `path`…) takes an optional value, and nil means what it means
/// there (no fill, no contents).
public struct LayerKey<Value: ValueConvertible>: Sendable {
    /// The key as Core Animation spells it (`hidden`, not `isHidden`).
    public let name: String
    init(_ name: String) { self.name = name }
}

extension Layer {
    /// Sets a model value by typed key: `layer.set(.opacity, 0.5)`, `layer.set(.lineCap, .round)`.
    public func set<V>(_ key: LayerKey<V>, _ value: V) throws(PluginError) {
        try set(key.name, value)
    }

    /// `CAShapeLayerLineCap`.
    public enum LineCap: String, LayerChoice { case butt, round, square }
    /// `CAShapeLayerLineJoin`.
    public enum LineJoin: String, LayerChoice { case miter, round, bevel }
    /// `CAShapeLayerFillRule`.
    public enum FillRule: String, LayerChoice { case nonZero, evenOdd }
    /// `CAGradientLayerType`.
    public enum GradientType: String, LayerChoice { case axial, radial, conic }
    /// `CALayerContentsGravity`: where contents sit in the bounds, or how they are scaled to them.
    public enum ContentsGravity: String, LayerChoice {
        case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
        case resize, resizeAspect, resizeAspectFill
    }
    /// `CATextLayerAlignmentMode`.
    public enum AlignmentMode: String, LayerChoice { case natural, left, right, center, justified }
    /// `CATextLayerTruncationMode`.
    public enum TruncationMode: String, LayerChoice { case none, start, middle, end }
    /// `CAEmitterLayerEmitterShape`.
    public enum EmitterShape: String, LayerChoice { case point, line, rectangle, circle, cuboid, sphere }
    /// `CAEmitterLayerEmitterMode`.
    public enum EmitterMode: String, LayerChoice { case points, outline, surface, volume }
    /// `CAEmitterLayerRenderMode`.
    public enum RenderMode: String, LayerChoice { case unordered, oldestFirst, oldestLast, backToFront, additive }
    /// fxhost's own (fx.h 1.3; Core Animation has none): what the layer's mask keeps. `alpha` is Core
    /// Animation's mask; `luminance` the mask's luminance times its alpha; the inverted modes 1 − those.
    public enum MaskMode: String, LayerChoice { case alpha, alphaInverted, luminance, luminanceInverted }
}

/// A string property's closed set of values (Core Animation's string
/// constants, such as `CAShapeLayerLineCap`), passed as the string itself.
public protocol LayerChoice: RawRepresentable<String>, CaseIterable, Sendable, ValueConvertible {}

extension LayerChoice {
    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        try rawValue.withValue(body)
    }
}

// One key per property of fx.h's layer kinds, named as the engine names them.
// Every key is listed in `LayerKeys.all`, which a test checks against the
// host's property catalog (name, value type, optionality, choices).

extension LayerKey where Value == Rect { public static var bounds: Self { .init("bounds") } }
extension LayerKey where Value == Point {
    public static var position: Self { .init("position") }
    public static var anchorPoint: Self { .init("anchorPoint") }
    public static var startPoint: Self { .init("startPoint") }
    public static var endPoint: Self { .init("endPoint") }
    public static var emitterPosition: Self { .init("emitterPosition") }
}
extension LayerKey where Value == Size {
    public static var shadowOffset: Self { .init("shadowOffset") }
    public static var emitterSize: Self { .init("emitterSize") }
}
extension LayerKey where Value == Transform {
    public static var transform: Self { .init("transform") }
    public static var sublayerTransform: Self { .init("sublayerTransform") }
    public static var instanceTransform: Self { .init("instanceTransform") }
}
extension LayerKey where Value == Bool {
    public static var isHidden: Self { .init("hidden") }
    public static var masksToBounds: Self { .init("masksToBounds") }
    public static var isWrapped: Self { .init("wrapped") }
    public static var preservesDepth: Self { .init("preservesDepth") }
}
extension LayerKey where Value == Double {
    public static var zPosition: Self { .init("zPosition") }
    public static var opacity: Self { .init("opacity") }
    public static var cornerRadius: Self { .init("cornerRadius") }
    public static var borderWidth: Self { .init("borderWidth") }
    public static var shadowOpacity: Self { .init("shadowOpacity") }
    public static var shadowRadius: Self { .init("shadowRadius") }
    public static var lineWidth: Self { .init("lineWidth") }
    public static var miterLimit: Self { .init("miterLimit") }
    public static var lineDashPhase: Self { .init("lineDashPhase") }
    public static var strokeStart: Self { .init("strokeStart") }
    public static var strokeEnd: Self { .init("strokeEnd") }
    public static var fontSize: Self { .init("fontSize") }
    public static var instanceCount: Self { .init("instanceCount") }
    public static var instanceDelay: Self { .init("instanceDelay") }
    public static var instanceRedOffset: Self { .init("instanceRedOffset") }
    public static var instanceGreenOffset: Self { .init("instanceGreenOffset") }
    public static var instanceBlueOffset: Self { .init("instanceBlueOffset") }
    public static var instanceAlphaOffset: Self { .init("instanceAlphaOffset") }
    public static var emitterZPosition: Self { .init("emitterZPosition") }
    public static var emitterDepth: Self { .init("emitterDepth") }
    public static var emitterBirthRate: Self { .init("birthRate") }
    public static var emitterLifetime: Self { .init("lifetime") }
    public static var emitterVelocity: Self { .init("velocity") }
    public static var emitterScale: Self { .init("scale") }
    public static var emitterSpin: Self { .init("spin") }
    public static var seed: Self { .init("seed") }
}
extension LayerKey where Value == Color? {
    public static var backgroundColor: Self { .init("backgroundColor") }
    public static var borderColor: Self { .init("borderColor") }
    public static var shadowColor: Self { .init("shadowColor") }
    public static var fillColor: Self { .init("fillColor") }
    public static var strokeColor: Self { .init("strokeColor") }
    public static var foregroundColor: Self { .init("foregroundColor") }
    public static var instanceColor: Self { .init("instanceColor") }
}
extension LayerKey where Value == Image? { public static var contents: Self { .init("contents") } }
extension LayerKey where Value == Path? { public static var path: Self { .init("path") } }
extension LayerKey where Value == Colors? { public static var colors: Self { .init("colors") } }
extension LayerKey where Value == [Double]? {
    public static var locations: Self { .init("locations") }
    public static var lineDashPattern: Self { .init("lineDashPattern") }
}
extension LayerKey where Value == String? {
    public static var string: Self { .init("string") }
    public static var font: Self { .init("font") }
}
extension LayerKey where Value == Layer.ContentsGravity { public static var contentsGravity: Self { .init("contentsGravity") } }
extension LayerKey where Value == Layer.GradientType { public static var gradientType: Self { .init("type") } }
extension LayerKey where Value == Layer.FillRule { public static var fillRule: Self { .init("fillRule") } }
extension LayerKey where Value == Layer.LineCap { public static var lineCap: Self { .init("lineCap") } }
extension LayerKey where Value == Layer.LineJoin { public static var lineJoin: Self { .init("lineJoin") } }
extension LayerKey where Value == Layer.AlignmentMode { public static var alignmentMode: Self { .init("alignmentMode") } }
extension LayerKey where Value == Layer.TruncationMode { public static var truncationMode: Self { .init("truncationMode") } }
extension LayerKey where Value == Layer.EmitterShape { public static var emitterShape: Self { .init("emitterShape") } }
extension LayerKey where Value == Layer.EmitterMode { public static var emitterMode: Self { .init("emitterMode") } }
extension LayerKey where Value == Layer.RenderMode { public static var renderMode: Self { .init("renderMode") } }
/// fx.h 1.3: a host of an older minor answers `FX_ERR_BAD_KEY_PATH`; probe with `Layer.knows(.plain, keyPath: "maskMode")`.
extension LayerKey where Value == Layer.MaskMode { public static var maskMode: Self { .init("maskMode") } }

/// A typed key with its value type erased, to list and check every key.
public struct AnyLayerKey {
    public let name: String
    /// The value type, unwrapped if the key takes an optional.
    public let valueType: any ValueConvertible.Type
    /// Whether the key takes nil.
    public let isOptional: Bool
    /// The closed set of strings the key takes, for a choice.
    public let choices: [String]?

    public init<V>(_ key: LayerKey<V>) {
        name = key.name
        let unwrapped = (V.self as? any OptionalKeyValue.Type)?.wrappedValueType
        isOptional = unwrapped != nil
        valueType = unwrapped ?? V.self
        choices = (valueType as? any LayerChoice.Type)?.choiceNames
    }
}

/// Every typed key, in the engine's property order.
public enum LayerKeys {
    public static var all: [AnyLayerKey] { [
        .init(.bounds), .init(.position), .init(.anchorPoint), .init(.zPosition), .init(.transform),
        .init(.sublayerTransform), .init(.opacity), .init(.isHidden), .init(.backgroundColor), .init(.cornerRadius),
        .init(.borderWidth), .init(.borderColor), .init(.masksToBounds), .init(.maskMode), .init(.contents),
        .init(.contentsGravity),
        .init(.shadowColor), .init(.shadowOpacity), .init(.shadowOffset), .init(.shadowRadius),
        .init(.colors), .init(.locations), .init(.startPoint), .init(.endPoint), .init(.gradientType),
        .init(.path), .init(.fillColor), .init(.fillRule), .init(.strokeColor), .init(.lineWidth), .init(.lineCap),
        .init(.lineJoin), .init(.miterLimit), .init(.lineDashPattern), .init(.lineDashPhase), .init(.strokeStart),
        .init(.strokeEnd),
        .init(.string), .init(.font), .init(.fontSize), .init(.foregroundColor), .init(.alignmentMode),
        .init(.isWrapped), .init(.truncationMode),
        .init(.instanceCount), .init(.instanceTransform), .init(.instanceDelay), .init(.instanceColor),
        .init(.instanceRedOffset), .init(.instanceGreenOffset), .init(.instanceBlueOffset),
        .init(.instanceAlphaOffset), .init(.preservesDepth),
        .init(.emitterPosition), .init(.emitterZPosition), .init(.emitterSize), .init(.emitterDepth),
        .init(.emitterShape), .init(.emitterMode), .init(.renderMode), .init(.emitterBirthRate),
        .init(.emitterLifetime), .init(.emitterVelocity), .init(.emitterScale), .init(.emitterSpin), .init(.seed),
    ] }
}

/// Lets `AnyLayerKey` see through a key's optional value type.
public protocol OptionalKeyValue {
    static var wrappedValueType: any ValueConvertible.Type { get }
}
extension Optional: OptionalKeyValue where Wrapped: ValueConvertible {
    public static var wrappedValueType: any ValueConvertible.Type { Wrapped.self }
}

extension LayerChoice {
    static var choiceNames: [String] { allCases.map(\.rawValue) }
}
