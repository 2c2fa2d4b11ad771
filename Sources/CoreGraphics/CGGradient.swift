// SPDX-License-Identifier: MIT
import Foundation

/// A colour space (`CGColorSpace`): colours here are device RGB, so every
/// space is that one; kept so that iOS code that names one compiles as it is.
public final class CGColorSpace: @unchecked Sendable {
    public init() {}
    public init?(name: CFString) {}
    public static let sRGB: CFString = "kCGColorSpaceSRGB"
    public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear"
    public static let deviceRGB: CFString = "kCGColorSpaceDeviceRGB"
}

public typealias CFString = String

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace() }

/// Colours at locations from 0 to 1 (`CGGradient`), drawn by
/// `CGContext.drawLinearGradient` and `drawRadialGradient`.
public final class CGGradient: @unchecked Sendable {
    public let colors: [CGColor]
    /// One per colour, rising from 0 to 1; nil spreads the colours evenly (Apple's rule).
    public let locations: [CGFloat]

    /// `colors`: CGColors (UIColor.cgColor); `locations`: nil, or one per colour.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let cs = (colors as [Any]).compactMap { $0 as? CGColor }
        guard cs.count == (colors as [Any]).count, !cs.isEmpty else { return nil }
        self.colors = cs
        if let locations {
            self.locations = (0..<cs.count).map { locations[$0] }
        } else {
            self.locations = cs.count == 1 ? [0] : (0..<cs.count).map { CGFloat($0) / CGFloat(cs.count - 1) }
        }
    }

    /// Components as red, green, blue, alpha quadruples, one per location (`CGGradient(colorSpace:colorComponents:locations:count:)`).
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                 locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        colors = (0..<count).map { i in
            CGColor(red: components[4 * i], green: components[4 * i + 1], blue: components[4 * i + 2], alpha: components[4 * i + 3])
        }
        if let locations {
            self.locations = (0..<count).map { locations[$0] }
        } else {
            self.locations = count == 1 ? [0] : (0..<count).map { CGFloat($0) / CGFloat(count - 1) }
        }
    }
}

public typealias CFArray = [Any]

/// Whether a gradient also fills before its start and after its end (`CGGradientDrawingOptions`).
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// How a fill decides what is inside (`CGPathFillRule`).
public enum CGPathFillRule: Int32, Sendable { case winding, evenOdd }

/// `CGPathDrawingMode`, for `CGContext.drawPath(using:)`.
public enum CGPathDrawingMode: Int32, Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }

/// Kept so that code that sets one compiles; drawing composites with normal source-over.
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut,
         sourceAtop, destinationOver, destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}

/// Kept so that code that sets one compiles; the renderer chooses its own filtering.
public enum CGInterpolationQuality: Int32, Sendable { case `default`, none, low, medium, high }
