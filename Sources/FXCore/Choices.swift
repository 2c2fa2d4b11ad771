// SPDX-License-Identifier: MIT
/// The string properties with a closed set of values, as Swift enums whose
/// raw values are Core Animation's string constants (the names Apple's
/// headers give them: `CAShapeLayerLineCap`, `CALayerContentsGravity`…).
/// A property's catalog default is one of its enum's cases
/// (`.choice(LineCap.butt)`), which makes it a choice property and lists the
/// cases as its choices; a new choice property needs only its enum here and
/// its catalog line. A string reaching such a property becomes its case where
/// it enters (`KeyPath.admit`), so the layer holds the case, not the string.
public protocol Choice: RawRepresentable<String>, CaseIterable, Sendable {
    /// The type Apple's headers give the constants (`CAShapeLayerLineCap`); nil for fxhost's own.
    static var appleName: String? { get }
}

extension Choice {
    /// The raw values in declaration order: the property's choices.
    static var names: [String] { allCases.map(\.rawValue) }

    /// The case at `ordinal` in declaration order.
    static func `case`(at ordinal: UInt8) -> Self {
        let all = allCases
        return all[all.index(all.startIndex, offsetBy: Int(ordinal))]
    }

    /// The case spelled `name`, as a value; nil when no case is.
    static func value(named name: String) -> ChoiceValue? {
        let all = allCases
        return all.firstIndex { $0.rawValue == name }.map {
            ChoiceValue(type: Self.self, ordinal: all.distance(from: all.startIndex, to: $0))
        }
    }
}

/// A choice property's value: a case of one `Choice` enum, kept as its enum
/// and its place among the cases, so that reading it as the enum parses
/// nothing. The raw value (Core Animation's string) is what crosses the ABI
/// and what outputs print. 17 bytes and no reference: the enum itself as
/// `any Choice` would take 40, and make every `Value` 41 bytes instead of 33
/// (sampling large trees is bound by memory).
public struct ChoiceValue: Equatable, Sendable, CustomStringConvertible {
    /// Which enum the case belongs to.
    public let type: any Choice.Type
    let ordinal: UInt8

    fileprivate init(type: any Choice.Type, ordinal: Int) {
        self.type = type
        self.ordinal = UInt8(ordinal)
    }

    public init<C: Choice>(_ c: C) {
        let all = C.allCases
        self.init(type: C.self, ordinal: all.distance(from: all.startIndex, to: all.firstIndex { $0 == c }!))
    }

    /// The case, when it is one of `C`'s.
    public func `as`<C: Choice>(_: C.Type) -> C? { type == C.self ? C.case(at: ordinal) : nil }

    /// Core Animation's string for the case.
    public var rawValue: String { type.case(at: ordinal).rawValue }

    public var description: String { "\(type).\(rawValue)" }

    public static func == (a: ChoiceValue, b: ChoiceValue) -> Bool { a.ordinal == b.ordinal && a.type == b.type }
}

public enum ContentsGravity: String, Choice {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
    public static let appleName: String? = "CALayerContentsGravity"
}
public enum GradientType: String, Choice {
    case axial, radial, conic
    public static let appleName: String? = "CAGradientLayerType"
}
public enum FillRule: String, Choice {
    case nonZero, evenOdd
    public static let appleName: String? = "CAShapeLayerFillRule"
}
public enum LineCap: String, Choice {
    case butt, round, square
    public static let appleName: String? = "CAShapeLayerLineCap"
}
public enum LineJoin: String, Choice {
    case miter, round, bevel
    public static let appleName: String? = "CAShapeLayerLineJoin"
}
public enum AlignmentMode: String, Choice {
    case natural, left, right, center, justified
    public static let appleName: String? = "CATextLayerAlignmentMode"
}
public enum TruncationMode: String, Choice {
    case none, start, middle, end
    public static let appleName: String? = "CATextLayerTruncationMode"
}
public enum EmitterShape: String, Choice {
    case point, line, rectangle, circle, cuboid, sphere
    public static let appleName: String? = "CAEmitterLayerEmitterShape"
}
public enum EmitterMode: String, Choice {
    case points, outline, surface, volume
    public static let appleName: String? = "CAEmitterLayerEmitterMode"
}
public enum RenderMode: String, Choice {
    case unordered, oldestFirst, oldestLast, backToFront, additive
    public static let appleName: String? = "CAEmitterLayerRenderMode"
}
/// fxhost's own (Core Animation has no such property): how a layer's `mask`
/// turns into coverage. `alpha` is Core Animation's mask, the mask's alpha;
/// `luminance` is the mask's luminance times its alpha (the CSS Masking
/// specification's luminance mask, with Rec. 601 weights as rlottie's luma
/// mattes); the inverted modes take 1 − that value. Lottie's track mattes
/// (`tt` 1…4) are these four.
public enum MaskMode: String, Choice {
    case alpha, alphaInverted, luminance, luminanceInverted
    public static let appleName: String? = nil
}
