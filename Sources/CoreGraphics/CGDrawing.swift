// SPDX-License-Identifier: MIT
import Foundation

/// What a `CGContext` was asked to draw, in order: a display list, which
/// QuartzCore turns into layers (shapes, gradients, images, text) that the
/// renderer draws at the output's scale, so that custom drawing stays
/// resolution-independent (docs/SWIFT.md, "Custom drawing").
/// (Not Apple's API: for the facade's modules only.)
@_spi(Facade) public struct CGDrawing: Sendable {
    public internal(set) var items: [Item] = []
    /// The first bad call (a coordinate that is not finite, a bad argument), said in one line.
    public internal(set) var problem: String?

    public init() {}

    /// One drawing operation with the graphics state it was made in.
    public struct Item: @unchecked Sendable {
        public let kind: Kind
        /// The current transformation matrix (user space → the layer's space).
        public let ctm: CGAffineTransform
        /// The global alpha (`setAlpha`), applied to the whole operation.
        public let alpha: CGFloat
        /// The clipping paths in force, outermost first, in the layer's space.
        public let clips: [Clip]
    }

    public enum Kind: @unchecked Sendable {
        /// A fill of a path given in the layer's space (points were mapped by the CTM as they were added, as in Core Graphics).
        case fill(CGPath, evenOdd: Bool, CGColor)
        /// A stroke of a path given in user space (the width and dashes are user-space lengths under `ctm`).
        case stroke(CGPath, Stroke, CGColor)
        /// An axial gradient in user space.
        case linearGradient(CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions)
        /// A radial gradient in user space.
        case radialGradient(CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
                            options: CGGradientDrawingOptions)
        /// An image filling `rect` in user space; `flipped`: drawn upside down, as `CGContext.draw(_:in:)` draws in UIKit's y-down contexts.
        case image(CGImage, rect: CGRect, flipped: Bool)
        /// A run of text whose first line's top-left is `origin` in user space.
        case text(String, font: String, size: CGFloat, color: CGColor, origin: CGPoint, width: CGFloat?)
    }

    public struct Stroke: Equatable, Sendable {
        public var width: CGFloat = 1
        public var cap: CGLineCap = .butt
        public var join: CGLineJoin = .miter
        public var miterLimit: CGFloat = 10
        public var dash: [CGFloat] = []
        public var dashPhase: CGFloat = 0
        public init() {}
    }

    public struct Clip: Equatable, @unchecked Sendable {
        public let path: CGPath
        public let evenOdd: Bool
    }

    mutating func append(_ item: Item) { items.append(item) }

    mutating func report(_ message: String) {
        if problem == nil { problem = message }
    }
}
