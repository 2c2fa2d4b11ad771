import CFX
import CoreGraphics
import FXPluginKit

extension Float {
    /// The decimal the code wrote: Core Animation keeps Float fields (opacity,
    /// speed, repeatCount, birthRate, …) where fxhost computes in Double, and
    /// `Double(Float(0.3))` is 0.30000001192…; the shortest decimal that reads
    /// back as this Float is what the author meant.
    var decimal: Double { Double("\(self)") ?? Double(self) }
}

extension CGPoint { var fx: Point { Point(Double(x), Double(y)) } }
extension CGSize { var fx: Size { Size(Double(width), Double(height)) } }
extension CGRect { var fx: Rect { Rect(Double(origin.x), Double(origin.y), Double(size.width), Double(size.height)) } }
extension CGColor {
    var fx: Color {
        let c = rgba
        return Color(red: Double(c[0]), green: Double(c[1]), blue: Double(c[2]), alpha: Double(c[3]))
    }
    convenience init(_ c: Color) {
        self.init(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha))
    }
}

extension CGPath {
    /// The path in the host: the same verbs, an arc as an arc.
    func hostPath() throws(PluginError) -> Path {
        let p = try Path()
        for item in items {
            switch item {
            case .move(let q): try p.move(to: q.fx)
            case .line(let q): try p.line(to: q.fx)
            case .quad(let q, let c): try p.quad(to: q.fx, control: c.fx)
            case .cubic(let q, let c1, let c2): try p.cubic(to: q.fx, control1: c1.fx, control2: c2.fx)
            case .arc(let c, let r, let a0, let a1, let increasing):
                try p.arc(center: c.fx, radius: Double(r), startAngle: Double(a0), endAngle: Double(a1), clockwise: increasing)
            case .rect(let r): try p.addRect(r.fx)
            case .roundedRect(let r, let radius): try p.addRoundedRect(r.fx, radius: Double(radius))
            case .ellipse(let r): try p.addEllipse(in: r.fx)
            case .close: try p.close()
            }
        }
        return p
    }
}

/// Values of Apple's `Any`-typed API (`fromValue`, `values`, `setValue(_:forKeyPath:)`)
/// as the host's values: numbers of any Swift type, points, sizes, rects,
/// CGColor, CATransform3D, CGPath, CGImage, strings, Bools, and arrays of
/// numbers or colours. Anything else is refused with what to pass instead,
/// where Core Animation would silently not animate.
enum HostValue {
    static func make(_ any: Any?, for what: String) throws(PluginError) -> any ValueConvertible {
        guard let any else { return Double?.none }
        // First: on Linux a Swift Bool also casts to NSNumber (and so to a number), where the host needs a bool.
        if type(of: any) == Bool.self, let b = any as? Bool { return b }
        if let n = number(any) { return n }
        switch any {
        case let p as CGPoint: return p.fx
        case let s as CGSize: return s.fx
        case let r as CGRect: return r.fx
        case let c as CGColor: return c.fx
        case let t as CATransform3D: return t.fx
        case let p as CGPath: return try p.hostPath()
        case let i as CGImage: return i.image
        case let s as String: return s
        case let list as [Any]:
            if list.isEmpty { return [Double]() }
            let numbers = list.compactMap(number)
            if numbers.count == list.count { return numbers }
            let colors = list.compactMap { $0 as? CGColor }
            if colors.count == list.count { return Colors(colors.map(\.fx)) }
            throw PluginError("\(what): an array of \(describe(list.first!)) values; Core Animation takes numbers or CGColors here",
                              status: FX_ERR_BAD_TYPE)
        default:
            let name = describe(any)
            let hint = name == "UIColor" ? " (pass its .cgColor, as Core Animation needs)" : ""
            throw PluginError("\(what): a \(name) is not a value Core Animation can animate\(hint)", status: FX_ERR_BAD_TYPE)
        }
    }

    /// Any Swift number, NSNumber included.
    static func number(_ any: Any) -> Double? {
        switch any {
        case let v as Double: v
        case let v as CGFloat: Double(v)
        case let v as Float: Double(v)
        case let v as Int: Double(v)
        case let v as Int32: Double(v)
        case let v as UInt32: Double(v)
        case let v as NSNumber: v.doubleValue
        default: nil
        }
    }

    static func describe(_ any: Any) -> String { String(describing: type(of: any)) }

    /// A value read back from the host, as Apple's API returns it to `Any`:
    /// numbers as CGFloat, geometry as CG types, colours as CGColor.
    static func any(_ v: ReadValue) -> Any? {
        switch v {
        case .none: nil
        case .number(let n): CGFloat(n)
        case .point(let p): CGPoint(x: p.x, y: p.y)
        case .size(let s): CGSize(width: s.width, height: s.height)
        case .rect(let r): CGRect(x: r.x, y: r.y, width: r.width, height: r.height)
        case .color(let c): CGColor(c)
        case .transform(let t): CATransform3D(t)
        case .string(let s): s
        case .bool(let b): b
        case .numbers(let ns): ns.map { NSNumber(value: $0) }
        case .colors(let cs): cs.map(CGColor.init)
        case .handle: nil
        }
    }
}

extension ReadValue {
    var cgFloat: CGFloat { CGFloat(number ?? 0) }
    var cgPoint: CGPoint { if case .point(let p) = self { CGPoint(x: p.x, y: p.y) } else { .zero } }
    var cgSize: CGSize { if case .size(let s) = self { CGSize(width: s.width, height: s.height) } else { .zero } }
    var cgRect: CGRect { if case .rect(let r) = self { CGRect(x: r.x, y: r.y, width: r.width, height: r.height) } else { .zero } }
    var cgColor: CGColor? { if case .color(let c) = self { CGColor(c) } else { nil } }
    var transform3D: CATransform3D { if case .transform(let t) = self { CATransform3D(t) } else { CATransform3DIdentity } }
    var bool: Bool { if case .bool(let b) = self { b } else { false } }
    var string: String? { if case .string(let s) = self { s } else { nil } }
    var numbers: [Double]? { if case .numbers(let n) = self { n } else { nil } }
}
