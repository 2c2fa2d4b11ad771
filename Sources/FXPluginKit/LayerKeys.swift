// SPDX-License-Identifier: MIT
// Generated from FXCore's property catalog (Sources/FXCore/Property.swift) by scripts/generate.sh:
// do not edit; change the catalog and run the script.

extension Layer {
    /// fxhost's own (fx.h 1.3; an older host answers FX_ERR_BAD_KEY_PATH): what the layer's mask keeps: its alpha, its luminance, or their inverses.
    public enum MaskMode: String, LayerChoice {
        case alpha, alphaInverted, luminance, luminanceInverted
    }
    /// `CALayerContentsGravity`: where the contents sit in the bounds, or how they are scaled to them.
    public enum ContentsGravity: String, LayerChoice {
        case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight, resize, resizeAspect, resizeAspectFill
    }
    /// `CAGradientLayerType`: the gradient's kind: axial, radial or conic.
    public enum GradientType: String, LayerChoice {
        case axial, radial, conic
    }
    /// `CAShapeLayerFillRule`: which regions of the path are inside: non-zero winding or even-odd.
    public enum FillRule: String, LayerChoice {
        case nonZero, evenOdd
    }
    /// `CAShapeLayerLineCap`: how open ends of the stroke are drawn.
    public enum LineCap: String, LayerChoice {
        case butt, round, square
    }
    /// `CAShapeLayerLineJoin`: how the stroke's corners are drawn.
    public enum LineJoin: String, LayerChoice {
        case miter, round, bevel
    }
    /// `CATextLayerAlignmentMode`: how lines of text are aligned in the bounds.
    public enum AlignmentMode: String, LayerChoice {
        case natural, left, right, center, justified
    }
    /// `CATextLayerTruncationMode`: where text that does not fit is cut and marked with an ellipsis.
    public enum TruncationMode: String, LayerChoice {
        case none, start, middle, end
    }
    /// `CAEmitterLayerEmitterShape`: the emission shape.
    public enum EmitterShape: String, LayerChoice {
        case point, line, rectangle, circle, cuboid, sphere
    }
    /// `CAEmitterLayerEmitterMode`: where on the shape particles are born: points, outline, surface or volume.
    public enum EmitterMode: String, LayerChoice {
        case points, outline, surface, volume
    }
    /// `CAEmitterLayerRenderMode`: the order particles are drawn in, and whether they add up.
    public enum RenderMode: String, LayerChoice {
        case unordered, oldestFirst, oldestLast, backToFront, additive
    }
}

extension LayerKey where Value == Rect {
    /// `bounds`: the layer's own coordinate space: origin and size.
    public static var bounds: Self { .init("bounds") }
}

extension LayerKey where Value == Point {
    /// `position`: where the layer's anchor point sits in its superlayer.
    public static var position: Self { .init("position") }
    /// `anchorPoint`: the point of the bounds, in unit coordinates, that position places and transforms turn about.
    public static var anchorPoint: Self { .init("anchorPoint") }
    /// `startPoint`: where the gradient starts, in unit coordinates of the bounds.
    public static var startPoint: Self { .init("startPoint") }
    /// `endPoint`: where the gradient ends, in unit coordinates of the bounds.
    public static var endPoint: Self { .init("endPoint") }
    /// `focalOffset`: fxhost's own (fx.h 1.6; an older host answers FX_ERR_BAD_KEY_PATH): a radial gradient's focal point (where the first colour is) as an offset from startPoint, in unit coordinates of the bounds; (0, 0), the default, is the centre.
    public static var focalOffset: Self { .init("focalOffset") }
    /// `emitterPosition`: the centre of the emission shape.
    public static var emitterPosition: Self { .init("emitterPosition") }
}

extension LayerKey where Value == Double {
    /// `zPosition`: the layer's place along z: larger draws above its siblings.
    public static var zPosition: Self { .init("zPosition") }
    /// `opacity`: the layer's opacity, applied to it and its sublayers as one group.
    public static var opacity: Self { .init("opacity") }
    /// `cornerRadius`: the radius of the rounded corners of the background and border.
    public static var cornerRadius: Self { .init("cornerRadius") }
    /// `borderWidth`: the width of the border drawn inside the bounds.
    public static var borderWidth: Self { .init("borderWidth") }
    /// `shadowOpacity`: the opacity of the shadow (0: none).
    public static var shadowOpacity: Self { .init("shadowOpacity") }
    /// `shadowRadius`: the blur radius of the shadow.
    public static var shadowRadius: Self { .init("shadowRadius") }
    /// `lineWidth`: the stroke's width.
    public static var lineWidth: Self { .init("lineWidth") }
    /// `miterLimit`: the longest miter join, as a multiple of half the line width.
    public static var miterLimit: Self { .init("miterLimit") }
    /// `lineDashPhase`: how far into the dash pattern the stroke starts.
    public static var lineDashPhase: Self { .init("lineDashPhase") }
    /// `strokeStart`: where along the path the stroke starts, from 0 to 1.
    public static var strokeStart: Self { .init("strokeStart") }
    /// `strokeEnd`: where along the path the stroke ends, from 0 to 1.
    public static var strokeEnd: Self { .init("strokeEnd") }
    /// `fontSize`: the font's size in points.
    public static var fontSize: Self { .init("fontSize") }
    /// `instanceCount`: how many copies of the sublayers are drawn (the first is the original).
    public static var instanceCount: Self { .init("instanceCount") }
    /// `instanceDelay`: the time from one copy's animations to the next's.
    public static var instanceDelay: Self { .init("instanceDelay") }
    /// `instanceRedOffset`: what each copy adds to the previous copy's red multiplier.
    public static var instanceRedOffset: Self { .init("instanceRedOffset") }
    /// `instanceGreenOffset`: what each copy adds to the previous copy's green multiplier.
    public static var instanceGreenOffset: Self { .init("instanceGreenOffset") }
    /// `instanceBlueOffset`: what each copy adds to the previous copy's blue multiplier.
    public static var instanceBlueOffset: Self { .init("instanceBlueOffset") }
    /// `instanceAlphaOffset`: what each copy adds to the previous copy's alpha multiplier.
    public static var instanceAlphaOffset: Self { .init("instanceAlphaOffset") }
    /// `emitterZPosition`: the emission shape's centre along z.
    public static var emitterZPosition: Self { .init("emitterZPosition") }
    /// `emitterDepth`: the depth of the emission shape.
    public static var emitterDepth: Self { .init("emitterDepth") }
    /// `birthRate`: multiplies every cell's birth rate.
    public static var emitterBirthRate: Self { .init("birthRate") }
    /// `lifetime`: multiplies every cell's lifetime.
    public static var emitterLifetime: Self { .init("lifetime") }
    /// `velocity`: multiplies every cell's velocity.
    public static var emitterVelocity: Self { .init("velocity") }
    /// `scale`: multiplies every cell's scale.
    public static var emitterScale: Self { .init("scale") }
    /// `spin`: multiplies every cell's spin.
    public static var emitterSpin: Self { .init("spin") }
    /// `seed`: the seed of the particles' random numbers.
    public static var seed: Self { .init("seed") }
}

extension LayerKey where Value == Transform {
    /// `transform`: the 3D transform applied to the layer about its anchor point.
    public static var transform: Self { .init("transform") }
    /// `sublayerTransform`: the 3D transform applied to the sublayers, about the bounds' centre (perspective lives here).
    public static var sublayerTransform: Self { .init("sublayerTransform") }
    /// `instanceTransform`: the transform from one copy to the next, applied cumulatively.
    public static var instanceTransform: Self { .init("instanceTransform") }
}

extension LayerKey where Value == Bool {
    /// `hidden`: whether the layer and its sublayers are not drawn.
    public static var isHidden: Self { .init("hidden") }
    /// `masksToBounds`: whether sublayers are clipped to the bounds and corner radius.
    public static var masksToBounds: Self { .init("masksToBounds") }
    /// `wrapped`: whether the text wraps to the bounds' width.
    public static var isWrapped: Self { .init("wrapped") }
    /// `preservesDepth`: whether the copies are drawn in 3D rather than flattened into the layer's plane.
    public static var preservesDepth: Self { .init("preservesDepth") }
}

extension LayerKey where Value == Color? {
    /// `backgroundColor`: the colour filling the bounds, within the corner radius.
    public static var backgroundColor: Self { .init("backgroundColor") }
    /// `borderColor`: the colour of the border.
    public static var borderColor: Self { .init("borderColor") }
    /// `shadowColor`: the colour of the layer's shadow.
    public static var shadowColor: Self { .init("shadowColor") }
    /// `fillColor`: the colour filling the path (nil: no fill).
    public static var fillColor: Self { .init("fillColor") }
    /// `strokeColor`: the colour of the path's stroke (nil: no stroke).
    public static var strokeColor: Self { .init("strokeColor") }
    /// `foregroundColor`: the text's colour.
    public static var foregroundColor: Self { .init("foregroundColor") }
    /// `instanceColor`: the colour the first copy is multiplied by.
    public static var instanceColor: Self { .init("instanceColor") }
}

extension LayerKey where Value == Layer.MaskMode {
    /// `maskMode`: fxhost's own (fx.h 1.3; an older host answers FX_ERR_BAD_KEY_PATH): what the layer's mask keeps: its alpha, its luminance, or their inverses.
    public static var maskMode: Self { .init("maskMode") }
}

extension LayerKey where Value == Image? {
    /// `contents`: the image drawn in the bounds.
    public static var contents: Self { .init("contents") }
}

extension LayerKey where Value == Layer.ContentsGravity {
    /// `contentsGravity`: where the contents sit in the bounds, or how they are scaled to them.
    public static var contentsGravity: Self { .init("contentsGravity") }
}

extension LayerKey where Value == Size {
    /// `shadowOffset`: the offset of the shadow.
    public static var shadowOffset: Self { .init("shadowOffset") }
    /// `emitterSize`: the size of the emission shape.
    public static var emitterSize: Self { .init("emitterSize") }
}

extension LayerKey where Value == Colors? {
    /// `colors`: the gradient's colours.
    public static var colors: Self { .init("colors") }
}

extension LayerKey where Value == [Double]? {
    /// `locations`: where each colour stops, from 0 to 1 (spread evenly when empty).
    public static var locations: Self { .init("locations") }
    /// `lineDashPattern`: the stroke's dashes: lengths painted and unpainted in turn (empty: solid).
    public static var lineDashPattern: Self { .init("lineDashPattern") }
    /// `foregroundColorRuns`: fxhost's own (fx.h 1.5; an older host answers FX_ERR_BAD_KEY_PATH): colours for ranges of the string, as an attributed string's foregroundColor: six numbers a run, its UTF-8 byte range and its red, green, blue and alpha.
    public static var foregroundColorRuns: Self { .init("foregroundColorRuns") }
}

extension LayerKey where Value == Layer.GradientType {
    /// `type`: the gradient's kind: axial, radial or conic.
    public static var gradientType: Self { .init("type") }
}

extension LayerKey where Value == Path? {
    /// `path`: the shape drawn.
    public static var path: Self { .init("path") }
}

extension LayerKey where Value == Layer.FillRule {
    /// `fillRule`: which regions of the path are inside: non-zero winding or even-odd.
    public static var fillRule: Self { .init("fillRule") }
}

extension LayerKey where Value == Layer.LineCap {
    /// `lineCap`: how open ends of the stroke are drawn.
    public static var lineCap: Self { .init("lineCap") }
}

extension LayerKey where Value == Layer.LineJoin {
    /// `lineJoin`: how the stroke's corners are drawn.
    public static var lineJoin: Self { .init("lineJoin") }
}

extension LayerKey where Value == String? {
    /// `string`: the text drawn.
    public static var string: Self { .init("string") }
    /// `font`: the font's family name.
    public static var font: Self { .init("font") }
}

extension LayerKey where Value == Layer.AlignmentMode {
    /// `alignmentMode`: how lines of text are aligned in the bounds.
    public static var alignmentMode: Self { .init("alignmentMode") }
}

extension LayerKey where Value == Layer.TruncationMode {
    /// `truncationMode`: where text that does not fit is cut and marked with an ellipsis.
    public static var truncationMode: Self { .init("truncationMode") }
}

extension LayerKey where Value == Layer.EmitterShape {
    /// `emitterShape`: the emission shape.
    public static var emitterShape: Self { .init("emitterShape") }
}

extension LayerKey where Value == Layer.EmitterMode {
    /// `emitterMode`: where on the shape particles are born: points, outline, surface or volume.
    public static var emitterMode: Self { .init("emitterMode") }
}

extension LayerKey where Value == Layer.RenderMode {
    /// `renderMode`: the order particles are drawn in, and whether they add up.
    public static var renderMode: Self { .init("renderMode") }
}

/// Every typed key, in the engine's property order.
public enum LayerKeys {
    public static var all: [AnyLayerKey] { [
        .init(.bounds),
        .init(.position),
        .init(.anchorPoint),
        .init(.zPosition),
        .init(.transform),
        .init(.sublayerTransform),
        .init(.opacity),
        .init(.isHidden),
        .init(.backgroundColor),
        .init(.cornerRadius),
        .init(.borderWidth),
        .init(.borderColor),
        .init(.masksToBounds),
        .init(.maskMode),
        .init(.contents),
        .init(.contentsGravity),
        .init(.shadowColor),
        .init(.shadowOpacity),
        .init(.shadowOffset),
        .init(.shadowRadius),
        .init(.colors),
        .init(.locations),
        .init(.startPoint),
        .init(.endPoint),
        .init(.gradientType),
        .init(.focalOffset),
        .init(.path),
        .init(.fillColor),
        .init(.fillRule),
        .init(.strokeColor),
        .init(.lineWidth),
        .init(.lineCap),
        .init(.lineJoin),
        .init(.miterLimit),
        .init(.lineDashPattern),
        .init(.lineDashPhase),
        .init(.strokeStart),
        .init(.strokeEnd),
        .init(.string),
        .init(.font),
        .init(.fontSize),
        .init(.foregroundColor),
        .init(.alignmentMode),
        .init(.isWrapped),
        .init(.truncationMode),
        .init(.foregroundColorRuns),
        .init(.instanceCount),
        .init(.instanceTransform),
        .init(.instanceDelay),
        .init(.instanceColor),
        .init(.instanceRedOffset),
        .init(.instanceGreenOffset),
        .init(.instanceBlueOffset),
        .init(.instanceAlphaOffset),
        .init(.preservesDepth),
        .init(.emitterPosition),
        .init(.emitterZPosition),
        .init(.emitterSize),
        .init(.emitterDepth),
        .init(.emitterShape),
        .init(.emitterMode),
        .init(.renderMode),
        .init(.emitterBirthRate),
        .init(.emitterLifetime),
        .init(.emitterVelocity),
        .init(.emitterScale),
        .init(.emitterSpin),
        .init(.seed),
    ] }
}
