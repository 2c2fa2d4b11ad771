// SPDX-License-Identifier: MIT
/// The type of a property or key path, and of the values that may be given for it.
public enum ValueType: String, Sendable, CaseIterable {
    case number, point, size, rect, color, transform, string, bool, numbers, colors, path, image
}

/// A property value: what a layer holds, what an animation interpolates, and
/// what crosses the C ABI as a tagged union.
public enum Value: Equatable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    /// Boxed: a matrix is 128 bytes and most values are far smaller.
    indirect case transform(Transform3D)
    case string(String)
    /// A choice property's value (`lineCap`, `contentsGravity`…): a string at
    /// the ABI and in every output, of type `.string`, held as its enum's case.
    case choice(ChoiceValue)
    case bool(Bool)
    case numbers([Double])
    case colors([Color])
    /// Boxed, like transforms, to keep every value small.
    indirect case path(Path)
    /// Layer contents; nil is "no contents".
    case image(Image?)

    public var type: ValueType {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .string, .choice: .string
        case .bool: .bool
        case .numbers: .numbers
        case .colors: .colors
        case .path: .path
        case .image: .image
        }
    }

    public static func == (a: Value, b: Value) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): x == y
        case let (.point(x), .point(y)): x == y
        case let (.size(x), .size(y)): x == y
        case let (.rect(x), .rect(y)): x == y
        case let (.color(x), .color(y)): x == y
        case let (.transform(x), .transform(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.choice(x), .choice(y)): x == y
        case let (.bool(x), .bool(y)): x == y
        case let (.numbers(x), .numbers(y)): x == y
        case let (.colors(x), .colors(y)): x == y
        case let (.path(x), .path(y)): x == y
        case let (.image(x), .image(y)): x === y
        default: false
        }
    }

    /// False when any number inside is NaN or infinite: such values are refused
    /// at the door so that no animation or render has to cope with them.
    public var isFinite: Bool {
        switch self {
        case .transform(let t): return t.isFinite
        case .string, .choice, .bool, .image: return true
        default: return (vector ?? []).allSatisfy { $0.isFinite }
        }
    }

    /// A choice property's value: `.choice(LineCap.round)`.
    public static func choice<C: Choice>(_ c: C) -> Value { .choice(ChoiceValue(c)) }

    public var number: Double? { if case .number(let v) = self { v } else { nil } }
    /// A string value's text, or a choice's raw value: what the ABI and the outputs show for both.
    public var text: String? {
        switch self {
        case .string(let s): s
        case .choice(let c): c.rawValue
        default: nil
        }
    }
    public var transform: Transform3D? { if case .transform(let v) = self { v } else { nil } }
}

// MARK: - The vector view used by interpolation

extension Value {
    /// The value's numbers in a fixed order, for the types that interpolate
    /// component by component. Nil for transforms (decomposed instead) and for
    /// the discrete types.
    public var vector: [Double]? {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        case .numbers(let a): return a
        case .colors(let a):
            var out: [Double] = []
            out.reserveCapacity(a.count * 4)
            for c in a { out += [c.red, c.green, c.blue, c.alpha] }
            return out
        case .path(let p):
            var out: [Double] = []
            for q in p.points { out.append(q.x); out.append(q.y) }
            return out
        case .transform, .string, .choice, .bool, .image: return nil
        }
    }

    /// A value of the same type and shape as `self` made from `v` (as `vector` gives).
    public func withVector(_ v: [Double]) -> Value {
        switch self {
        case .number: return .number(v[0])
        case .point: return .point(Point(v[0], v[1]))
        case .size: return .size(Size(v[0], v[1]))
        case .rect: return .rect(Rect(v[0], v[1], v[2], v[3]))
        case .color: return .color(Color(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
        case .numbers: return .numbers(v)
        case .colors:
            return .colors(stride(from: 0, to: v.count, by: 4).map {
                Color(red: v[$0], green: v[$0 + 1], blue: v[$0 + 2], alpha: v[$0 + 3])
            })
        case .path(let p):
            return .path(p.withPoints(stride(from: 0, to: v.count, by: 2).map { Point(v[$0], v[$0 + 1]) }))
        case .transform, .string, .choice, .bool, .image: return self
        }
    }

    /// Whether `self` and `o` interpolate component-wise: same type, and for
    /// arrays and paths the same length and element kinds.
    func isCompatible(with o: Value) -> Bool {
        switch (self, o) {
        case let (.numbers(a), .numbers(b)): return a.count == b.count
        case let (.colors(a), .colors(b)): return a.count == b.count
        case let (.path(a), .path(b)): return a.hasSameShape(as: b)
        default: return type == o.type
        }
    }
}
