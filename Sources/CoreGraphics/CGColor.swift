import Foundation

/// A colour in the device RGB space, as `UIColor.cgColor` gives it: four
/// components (red, green, blue, alpha), each 0…1, straight alpha.
public final class CGColor: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
    public let components: [CGFloat]?

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
    }
    public convenience init(gray: CGFloat, alpha: CGFloat) { self.init(red: gray, green: gray, blue: gray, alpha: alpha) }

    public var numberOfComponents: Int { 4 }
    public var alpha: CGFloat { components?[3] ?? 1 }
    public func copy(alpha: CGFloat) -> CGColor? {
        let c = rgba
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: alpha)
    }

    /// The four components, whatever the colour was made from.
    public var rgba: [CGFloat] { components ?? [0, 0, 0, 1] }

    public static let white = CGColor(gray: 1, alpha: 1)
    public static let black = CGColor(gray: 0, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (l: CGColor, r: CGColor) -> Bool { l.rgba == r.rgba }
    public func hash(into h: inout Hasher) { h.combine(rgba) }
    public var description: String { "CGColor(\(rgba.map { "\($0)" }.joined(separator: ", ")))" }
}

/// `CGLineCap`, for UIBezierPath's `lineCapStyle`.
public enum CGLineCap: Int32, Sendable { case butt, round, square }
/// `CGLineJoin`, for UIBezierPath's `lineJoinStyle`.
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }
