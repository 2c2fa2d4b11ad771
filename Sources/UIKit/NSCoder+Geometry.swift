// SPDX-License-Identifier: MIT
import Foundation
import QuartzCore

// UIKit's geometry additions to NSCoder ("UIKit Additions" on Apple's NSCoder
// page). The string forms are Apple's documented ones (`CGPointFromString`,
// `NSStringFromCGPoint`): braces around numbers separated by commas,
// `{x, y}`, `{w, h}`, `{{x, y}, {w, h}}`, `{a, b, c, d, tx, ty}`,
// `{dx, dy}`, `{top, left, bottom, right}`. Reading takes the numbers in the
// order they appear (as C's strtod reads them); a string without enough of
// them is not well formed and gives zero, as Apple's page says. Writing gives
// each number with 17 significant digits (`%.17g`: `{0.10000000000000001, 2}`),
// so that reading the text back gives the same values.
extension NSCoder {
    public static func cgPoint(for string: String) -> CGPoint {
        guard let n = GeometryString.numbers(string, 2) else { return .zero }
        return CGPoint(x: n[0], y: n[1])
    }

    public static func cgSize(for string: String) -> CGSize {
        guard let n = GeometryString.numbers(string, 2) else { return .zero }
        return CGSize(width: n[0], height: n[1])
    }

    public static func cgRect(for string: String) -> CGRect {
        guard let n = GeometryString.numbers(string, 4) else { return .zero }
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    public static func cgVector(for string: String) -> CGVector {
        guard let n = GeometryString.numbers(string, 2) else { return .zero }
        return CGVector(dx: n[0], dy: n[1])
    }

    public static func cgAffineTransform(for string: String) -> CGAffineTransform {
        guard let n = GeometryString.numbers(string, 6) else { return .identity }
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    public static func uiEdgeInsets(for string: String) -> UIEdgeInsets {
        guard let n = GeometryString.numbers(string, 4) else { return .zero }
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    public static func string(for point: CGPoint) -> String { GeometryString.text([point.x, point.y]) }
    public static func string(for size: CGSize) -> String { GeometryString.text([size.width, size.height]) }
    public static func string(for rect: CGRect) -> String {
        "{\(string(for: rect.origin)), \(string(for: rect.size))}"
    }
    public static func string(for vector: CGVector) -> String { GeometryString.text([vector.dx, vector.dy]) }
    public static func string(for t: CGAffineTransform) -> String { GeometryString.text([t.a, t.b, t.c, t.d, t.tx, t.ty]) }
    public static func string(for insets: UIEdgeInsets) -> String {
        GeometryString.text([insets.top, insets.left, insets.bottom, insets.right])
    }

    // Keyed archiving of the same values. Foundation on Linux already has
    // `encode(_: CGPoint/CGSize/CGRect, forKey:)` and `decodePoint/Size/Rect(forKey:)`;
    // these are UIKit's names for reading them back, and the types it adds.
    // A key the archive lacks reads as zero (the identity for a transform), as on iOS, where
    // Foundation on Linux would stop the process.
    public func decodeCGPoint(forKey key: String) -> CGPoint { containsValue(forKey: key) ? decodePoint(forKey: key) : .zero }
    public func decodeCGSize(forKey key: String) -> CGSize { containsValue(forKey: key) ? decodeSize(forKey: key) : .zero }
    public func decodeCGRect(forKey key: String) -> CGRect { containsValue(forKey: key) ? decodeRect(forKey: key) : .zero }

    public func encode(_ transform: CGAffineTransform, forKey key: String) {
        encode(NSCoder.string(for: transform), forKey: key)
    }
    public func decodeCGAffineTransform(forKey key: String) -> CGAffineTransform {
        storedString(key).map(NSCoder.cgAffineTransform(for:)) ?? .identity
    }
    public func encode(_ vector: CGVector, forKey key: String) { encode(NSCoder.string(for: vector), forKey: key) }
    public func decodeCGVector(forKey key: String) -> CGVector {
        storedString(key).map(NSCoder.cgVector(for:)) ?? .zero
    }
    public func encode(_ insets: UIEdgeInsets, forKey key: String) { encode(NSCoder.string(for: insets), forKey: key) }
    public func decodeUIEdgeInsets(forKey key: String) -> UIEdgeInsets {
        storedString(key).map(NSCoder.uiEdgeInsets(for:)) ?? .zero
    }

    private func storedString(_ key: String) -> String? {
        containsValue(forKey: key) ? decodeObject(forKey: key) as? String : nil
    }
}

enum GeometryString {
    /// The first `count` numbers in `text`, or nil when it has fewer.
    static func numbers(_ text: String, _ count: Int) -> [CGFloat]? {
        var out: [CGFloat] = []
        text.withCString { start in
            var p = start
            while p.pointee != 0, out.count < count {
                var end: UnsafeMutablePointer<CChar>?
                let c = UInt8(bitPattern: p.pointee)
                if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".") || (c >= 48 && c <= 57) {
                    let v = strtod(p, &end)
                    if let end, end != UnsafeMutablePointer(mutating: p) {
                        out.append(CGFloat(v))
                        p = UnsafePointer(end)
                        continue
                    }
                }
                p += 1
            }
        }
        return out.count == count ? out : nil
    }

    static func text(_ values: [CGFloat]) -> String {
        "{" + values.map { String(format: "%.17g", Double($0)) }.joined(separator: ", ") + "}"
    }
}
