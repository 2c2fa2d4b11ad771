// SPDX-License-Identifier: MIT
import CFX
@_spi(Facade) import CoreGraphics
import FXPluginKit

extension Float {
    /// The decimal the code wrote: Core Animation keeps Float fields (opacity,
    /// speed, repeatCount, birthRate, …) where fxhost computes in Double, and
    /// `Double(Float(0.3))` is 0.30000001192…; the shortest decimal that reads
    /// back as this Float is what the author meant.
    ///
    /// A whole or half number below 2^22 in magnitude is that decimal already
    /// (its shortest form is its exact form: neighbouring Floats there are at
    /// most 0.5 apart), and is converted without printing and parsing it, a
    /// few thousand instructions for every opacity a view sets.
    var decimal: Double {
        let twice = self * 2
        if twice == twice.rounded(), abs(self) < 4_194_304 { return Double(self) }
        return Double("\(self)") ?? Double(self)
    }
}

extension CGPoint { var fx: Point { Point(Double(x), Double(y)) } }
extension CGSize { var fx: Size { Size(Double(width), Double(height)) } }
extension CGRect { var fx: Rect { Rect(Double(origin.x), Double(origin.y), Double(size.width), Double(size.height)) } }
extension CGColor {
    var fx: Color { Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)) }
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
    /// `what` names the value in an error; it is made only for one.
    static func make(_ any: Any?, for what: @autoclosure () -> String) throws(PluginError) -> any ValueConvertible {
        guard let any else { return Double?.none }
        return try make(any, for: what())
    }

    /// A value that is there (an animation's from, to or by), without wrapping it in an optional again.
    static func make(_ any: Any, for what: @autoclosure () -> String) throws(PluginError) -> any ValueConvertible {
        // The types Apple's API passes, told by their metadata before any cast
        // that could fail (see `number`); a Bool before the numbers, since on
        // Linux a Bool also casts to NSNumber.
        let t = type(of: any)
        if t == Bool.self { return any as! Bool }
        if let n = exactNumber(any, t) { return n }
        if t == CGPoint.self { return (any as! CGPoint).fx }
        if t == CGSize.self { return (any as! CGSize).fx }
        if t == CGRect.self { return (any as! CGRect).fx }
        if t == CATransform3D.self { return (any as! CATransform3D).fx }
        if t == String.self { return any as! String }
        if t is CGColor.Type { return (any as! CGColor).fx }
        // No colours, as a gradient without `colors` presents them: still a list of colours.
        if t == [CGColor].self, (any as! [CGColor]).isEmpty { return Colors([]) }
        if t is CGPath.Type { return try (any as! CGPath).hostPath() }
        if t is CGImage.Type { return (any as! CGImage).image }
        if let list = exactList(any, t) { return try make(list: list, for: what()) }
        if let n = number(any) { return n }
        switch any {
        case let b as Bool: return b
        case let s as String: return s
        case let list as [Any]: return try make(list: list, for: what())
        // Boxed by Foundation (an NSArray or NSMutableArray read as [AnyObject], where
        // `values.add(NSValue(caTransform3D: t))` puts them): a cast unboxes them.
        case let m as CATransform3D: return m.fx
        case let p as CGPoint: return p.fx
        case let s as CGSize: return s.fx
        case let r as CGRect: return r.fx
        default:
            let name = describe(any)
            let hint = name == "UIColor" ? " (pass its .cgColor, as Core Animation needs)" : ""
            throw PluginError("\(what()): a \(name) is not a value Core Animation can animate\(hint)", status: FX_ERR_BAD_TYPE)
        }
    }

    /// An array of numbers or of CGColors.
    static func make(list: [Any], for what: @autoclosure () -> String) throws(PluginError) -> any ValueConvertible {
        if list.isEmpty { return [Double]() }
        // A list that starts with a colour is read as colours in one pass:
        // trying it as numbers first made arrays of numbers and of CGColors
        // on the way, each array type costing a build its first-use work.
        if type(of: list[0]) is CGColor.Type {
            var colors: [Color] = []
            colors.reserveCapacity(list.count)
            for item in list {
                guard type(of: item) is CGColor.Type else { throw mixedList(list, what()) }
                colors.append((item as! CGColor).fx)
            }
            return Colors(colors)
        }
        let numbers = list.compactMap(number)
        if numbers.count == list.count { return numbers }
        throw mixedList(list, what())
    }

    static func mixedList(_ list: [Any], _ what: String) -> PluginError {
        PluginError("\(what): an array of \(describe(list.first!)) values; Core Animation takes numbers or CGColors here",
                    status: FX_ERR_BAD_TYPE)
    }

    /// The arrays Apple's API is usually given, by metadata (a cast to `[Any]`
    /// of any other array goes through NSArray on Linux).
    static func exactList(_ any: Any, _ t: Any.Type) -> [Any]? {
        if t == [Any].self { return any as? [Any] }
        if t == [CGColor].self { return (any as! [CGColor]).map { $0 as Any } }
        if t == [NSNumber].self { return (any as! [NSNumber]).map { $0 as Any } }
        if t == [CGFloat].self { return (any as! [CGFloat]).map { $0 as Any } }
        if t == [Double].self { return (any as! [Double]).map { $0 as Any } }
        if t == [Float].self { return (any as! [Float]).map { $0 as Any } }
        if t == [Int].self { return (any as! [Int]).map { $0 as Any } }
        return nil
    }

    /// Any Swift number, NSNumber included.
    static func number(_ any: Any) -> Double? {
        // The exact types first, by metadata: a failing cast from Any asks the
        // runtime whether the value bridges, a scan of every conformance the
        // process has loaded (Foundation's included) that made up most of a
        // scene's build.
        let t = type(of: any)
        if let n = exactNumber(any, t) { return n }
        if t is NSNumber.Type { return (any as! NSNumber).doubleValue }
        // Colours, paths and images are no numbers. Other classes go on to the
        // casts below: one may box a Swift number (`[x, y] as [AnyObject]`).
        if t is CGColor.Type || t is CGPath.Type || t is CGImage.Type { return nil }
        return switch any {
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

    /// The common number types, by metadata alone.
    static func exactNumber(_ any: Any, _ t: Any.Type) -> Double? {
        if t == CGFloat.self { return Double(any as! CGFloat) }
        if t == Double.self { return any as? Double }
        if t == Int.self { return Double(any as! Int) }
        if t == Float.self { return Double(any as! Float) }
        return nil
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
