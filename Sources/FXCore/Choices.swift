/// The string properties with a closed set of values, as Swift enums whose
/// raw values are Core Animation's string constants (the names Apple's
/// headers give them: `CAShapeLayerLineCap`, `CALayerContentsGravity`…).
/// The property catalog lists their cases as the property's choices, so a
/// value reaching a layer through the ABI is one of them (`KeyPath.check`),
/// and `PresentedLayer`'s typed accessors read it as the enum.
public protocol Choice: RawRepresentable<String>, CaseIterable, Sendable {}

extension Choice {
    /// The raw values in declaration order: the property's choices.
    static var names: [String] { allCases.map(\.rawValue) }
}

/// `CALayerContentsGravity`: where an image sits in the bounds, or how it is scaled to them.
public enum ContentsGravity: String, Choice {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}
/// `CAGradientLayerType`.
public enum GradientType: String, Choice { case axial, radial, conic }
/// `CAShapeLayerFillRule`.
public enum FillRule: String, Choice { case nonZero, evenOdd }
/// `CAShapeLayerLineCap`.
public enum LineCap: String, Choice { case butt, round, square }
/// `CAShapeLayerLineJoin`.
public enum LineJoin: String, Choice { case miter, round, bevel }
/// `CATextLayerAlignmentMode`.
public enum AlignmentMode: String, Choice { case natural, left, right, center, justified }
/// `CATextLayerTruncationMode`.
public enum TruncationMode: String, Choice { case none, start, middle, end }
/// `CAEmitterLayerEmitterShape`.
public enum EmitterShape: String, Choice { case point, line, rectangle, circle, cuboid, sphere }
/// `CAEmitterLayerEmitterMode`.
public enum EmitterMode: String, Choice { case points, outline, surface, volume }
/// `CAEmitterLayerRenderMode`.
public enum RenderMode: String, Choice { case unordered, oldestFirst, oldestLast, backToFront, additive }
/// fxhost's own (Core Animation has no such property): how a layer's `mask`
/// turns into coverage. `alpha` is Core Animation's mask, the mask's alpha;
/// `luminance` is the mask's luminance times its alpha (the CSS Masking
/// specification's luminance mask, with Rec. 601 weights as rlottie's luma
/// mattes); the inverted modes take 1 − that value. Lottie's track mattes
/// (`tt` 1…4) are these four.
public enum MaskMode: String, Choice { case alpha, alphaInverted, luminance, luminanceInverted }
