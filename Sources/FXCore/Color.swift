// SPDX-License-Identifier: MIT
/// An sRGB colour with straight (not premultiplied) alpha, each channel 0…1.
///
/// Interpolation is component-wise on these straight values, as Core Animation
/// does for `CGColor` properties; premultiplying is the renderer's business.
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)

    /// The colour with every channel clamped to 0…1 (animations may overshoot).
    public var clamped: Color {
        func c(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        return Color(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }
}
