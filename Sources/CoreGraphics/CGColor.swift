// SPDX-License-Identifier: MIT
import Foundation

/// A colour in the device RGB space, as `UIColor.cgColor` gives it: four
/// components (red, green, blue, alpha), each 0…1, straight alpha.
public final class CGColor: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The components, kept as four numbers: an array made with each colour
    /// cost a scene's build the array type's first-use work (about 14,000
    /// instructions) before any array of numbers was needed.
    /// (Not Apple's API: for the facade's modules only.)
    @_spi(Facade) public let red: CGFloat, green: CGFloat, blue: CGFloat
    public let alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public convenience init(gray: CGFloat, alpha: CGFloat) { self.init(red: gray, green: gray, blue: gray, alpha: alpha) }

    public var components: [CGFloat]? { rgba }
    public var numberOfComponents: Int { 4 }
    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// The four components, whatever the colour was made from.
    public var rgba: [CGFloat] { [red, green, blue, alpha] }

    public static let white = CGColor(gray: 1, alpha: 1)
    public static let black = CGColor(gray: 0, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (l: CGColor, r: CGColor) -> Bool {
        l.red == r.red && l.green == r.green && l.blue == r.blue && l.alpha == r.alpha
    }
    public func hash(into h: inout Hasher) { h.combine(rgba) }
    public var description: String { "CGColor(\(rgba.map { "\($0)" }.joined(separator: ", ")))" }
}

/// `CGLineCap`, for UIBezierPath's `lineCapStyle`.
public enum CGLineCap: Int32, Sendable { case butt, round, square }
/// `CGLineJoin`, for UIBezierPath's `lineJoinStyle`.
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }
