// SPDX-License-Identifier: MIT
/// A Core Animation key path: a property, optionally narrowed to a component
/// (`position.x`, `bounds.size.width`, `transform.rotation.z`).
///
/// Transform components read and write the matrix's decomposition
/// (translation, scale, rotation as x-then-y-then-z Euler angles; skew and
/// perspective are kept), as `setValue(_:forKeyPath: "transform.scale")` does.
public struct KeyPath: Hashable, Sendable, CustomStringConvertible {
    public let property: Property
    public let component: Component?
    /// For `emitterCells.NAME[.NAME…].FIELD` (property `.emitterCells`): which cell field.
    public let cell: CellField?

    public enum Component: String, Sendable, CaseIterable {
        case x, y, width, height
        case origin, size, originX = "origin.x", originY = "origin.y"
        case sizeWidth = "size.width", sizeHeight = "size.height"
        case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
        /// Not on Apple's "Key-Value Coding Extensions" page but accepted by Core Animation and common
        /// in public pulse code: x and y scale together (read as their mean, as `scale` is all three's).
        case scaleXY = "scale.xy"
        case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
        case translation, translationX = "translation.x", translationY = "translation.y"
        case translationZ = "translation.z"

        /// The property type this component narrows.
        var parentType: ValueType {
            switch self {
            case .x, .y: .point
            case .width, .height: .size
            case .origin, .size, .originX, .originY, .sizeWidth, .sizeHeight: .rect
            default: .transform
            }
        }

        public var type: ValueType {
            switch self {
            case .origin: .point
            case .size, .translation: .size
            default: .number
            }
        }
    }

    public init(_ property: Property, _ component: Component? = nil) {
        self.property = property
        self.component = component
        self.cell = nil
    }

    public init(cell: CellField) {
        property = .emitterCells
        component = nil
        self.cell = cell
    }

    /// Parses a key path; the error names the path and lists what would be accepted.
    public init(parsing text: String) throws(FXError) {
        if text == "emitterCells" || text.hasPrefix("emitterCells.") {
            self.init(cell: try CellField(parsing: text))
            return
        }
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first, let property = Property.named(first) else {
            throw FXError("unknown key path '\(text)': '\(text.split(separator: ".").first ?? "")' is not a layer property (try position, bounds, opacity, transform, …)", kind: .keyPath)
        }
        guard parts.count == 2 else { self.init(property); return }
        guard let c = Component(rawValue: parts[1]), c.parentType == property.type else {
            let valid = Component.allCases.filter { $0.parentType == property.type }.map { "\(first).\($0.rawValue)" }
            let hint = valid.isEmpty ? "'\(first)' has no sub-paths" : "expected one of \(valid.joined(separator: ", "))"
            throw FXError("unknown key path '\(text)': \(hint)", kind: .keyPath)
        }
        self.init(property, c)
    }

    /// The type of the values an animation of this key path takes.
    public var type: ValueType { cell?.type ?? component?.type ?? property.type }

    public var description: String {
        if let cell { return cell.description }
        return component.map { "\(property.key).\($0.rawValue)" } ?? property.key
    }

    /// Checks that the key path applies to a layer of `kind`.
    public func check(appliesTo kind: LayerKind) throws(FXError) {
        guard property.applies(to: kind) else {
            throw FXError("key path '\(self)' does not apply to a \(kind.className) (it is a property of \(property.info.kind.className))", kind: .keyPath)
        }
    }

    /// `value` as this key path holds it, when it may be given for it: of its
    /// type, finite, and for a choice property one of its choices, which
    /// becomes the enum's case here, where every value enters a layer or an
    /// animation (a choice given for a plain string property becomes its text).
    public func admit(_ value: Value) throws(FXError) -> Value {
        guard value.type == type else {
            throw FXError("key path '\(self)' takes a \(type.rawValue), not a \(value.type.rawValue)", kind: .type)
        }
        guard value.isFinite else {
            throw FXError("key path '\(self)' was given a value that is not finite (NaN or infinity)")
        }
        if property == .foregroundColorRuns, case .numbers(let n) = value, case .failure(let why) = TextRun.runs(n) { throw why }
        guard type == .string, cell == nil, let choices = property.info.choiceType else {
            if case .choice(let c) = value { return .string(c.rawValue) }
            return value
        }
        if case .choice(let c) = value, c.type == choices { return value }
        let text = value.text ?? ""
        guard let c = choices.value(named: text) else {
            throw FXError("key path '\(self)' does not accept '\(text)': expected one of \(choices.names.joined(separator: ", "))")
        }
        return .choice(c)
    }

    // MARK: - Reading and writing a component

    /// The part of a property value this key path names.
    public func extract(from v: Value) -> Value {
        guard let c = component else { return v }
        switch (c, v) {
        case (.x, .point(let p)): return .number(p.x)
        case (.y, .point(let p)): return .number(p.y)
        case (.width, .size(let s)): return .number(s.width)
        case (.height, .size(let s)): return .number(s.height)
        case (.origin, .rect(let r)): return .point(r.origin)
        case (.size, .rect(let r)): return .size(r.size)
        case (.originX, .rect(let r)): return .number(r.origin.x)
        case (.originY, .rect(let r)): return .number(r.origin.y)
        case (.sizeWidth, .rect(let r)): return .number(r.size.width)
        case (.sizeHeight, .rect(let r)): return .number(r.size.height)
        case (_, .transform(let m)):
            let d = KeyPath.decompose(m)
            switch c {
            case .scale: return .number((d.sx + d.sy + d.sz) / 3)
            case .scaleX: return .number(d.sx)
            case .scaleY: return .number(d.sy)
            case .scaleZ: return .number(d.sz)
            case .scaleXY: return .number((d.sx + d.sy) / 2)
            case .rotation, .rotationZ: return .number(d.rotation.eulerAngles.z)
            case .rotationX: return .number(d.rotation.eulerAngles.x)
            case .rotationY: return .number(d.rotation.eulerAngles.y)
            case .translation: return .size(Size(d.tx, d.ty))
            case .translationX: return .number(d.tx)
            case .translationY: return .number(d.ty)
            case .translationZ: return .number(d.tz)
            default: return v
            }
        default: return v
        }
    }

    /// `whole` with the named part replaced by `part`.
    public func replace(in whole: Value, with part: Value) -> Value {
        guard let c = component else { return part }
        switch (c, whole, part) {
        case (.x, .point(var p), .number(let n)): p.x = n; return .point(p)
        case (.y, .point(var p), .number(let n)): p.y = n; return .point(p)
        case (.width, .size(var s), .number(let n)): s.width = n; return .size(s)
        case (.height, .size(var s), .number(let n)): s.height = n; return .size(s)
        case (.origin, .rect(var r), .point(let p)): r.origin = p; return .rect(r)
        case (.size, .rect(var r), .size(let s)): r.size = s; return .rect(r)
        case (.originX, .rect(var r), .number(let n)): r.origin.x = n; return .rect(r)
        case (.originY, .rect(var r), .number(let n)): r.origin.y = n; return .rect(r)
        case (.sizeWidth, .rect(var r), .number(let n)): r.size.width = n; return .rect(r)
        case (.sizeHeight, .rect(var r), .number(let n)): r.size.height = n; return .rect(r)
        case (_, .transform(let m), _):
            var d = KeyPath.decompose(m)
            switch (c, part) {
            case (.scale, .number(let n)): d.sx = n; d.sy = n; d.sz = n
            case (.scaleX, .number(let n)): d.sx = n
            case (.scaleY, .number(let n)): d.sy = n
            case (.scaleZ, .number(let n)): d.sz = n
            case (.scaleXY, .number(let n)): d.sx = n; d.sy = n
            case (.rotation, .number(let n)), (.rotationZ, .number(let n)):
                let e = d.rotation.eulerAngles; d.rotation = .euler(x: e.x, y: e.y, z: n)
            case (.rotationX, .number(let n)):
                let e = d.rotation.eulerAngles; d.rotation = .euler(x: n, y: e.y, z: e.z)
            case (.rotationY, .number(let n)):
                let e = d.rotation.eulerAngles; d.rotation = .euler(x: e.x, y: n, z: e.z)
            case (.translation, .size(let s)): d.tx = s.width; d.ty = s.height
            case (.translationX, .number(let n)): d.tx = n
            case (.translationY, .number(let n)): d.ty = n
            case (.translationZ, .number(let n)): d.tz = n
            default: return whole
            }
            return .transform(d.matrix)
        default: return whole
        }
    }

    /// A decomposition that never fails: a singular matrix (scale 0) keeps its
    /// translation and row lengths as scale, with no rotation.
    static func decompose(_ m: Transform3D) -> DecomposedTransform {
        if m.isIdentity { return DecomposedTransform() }
        if let d = DecomposedTransform(m) { return d }
        var d = DecomposedTransform()
        d.tx = m.m41; d.ty = m.m42; d.tz = m.m43
        d.sx = (m.m11 * m.m11 + m.m12 * m.m12 + m.m13 * m.m13).squareRoot()
        d.sy = (m.m21 * m.m21 + m.m22 * m.m22 + m.m23 * m.m23).squareRoot()
        d.sz = (m.m31 * m.m31 + m.m32 * m.m32 + m.m33 * m.m33).squareRoot()
        return d
    }
}
