// SPDX-License-Identifier: MIT
import FXPluginKit
import Foundation

/// fxhost's Auto Layout subset: the active constraints, and the frames they
/// give a view's subviews when the view lays out (`UIView.layoutSubviews()`,
/// whose default does this, as UIKit's does with its constraints).
///
/// Each equality `item1.a1 = m × item2.a2 + c` (Apple, NSLayoutConstraint)
/// fixes one of eight values of a subview that does not translate its
/// autoresizing mask into constraints: its frame's min, centre and max x and
/// y, width and height, in the superview's bounds coordinates. Known values
/// are the superview's bounds and the frames of other views; each equation
/// with one side known fixes the other, until no equation fixes more; two
/// values of an axis fix the other two. What stays open is said in fxhost's
/// log, once: a size no constraint fixes is the view's intrinsic size (an
/// empty label's is zero), and otherwise the frame's own (fxhost cannot
/// measure text or images for a content size); two equations that disagree
/// keep the first (iOS breaks one too, and logs it).
enum AutoLayout {
    nonisolated(unsafe) static var active: [NSLayoutConstraint] = []
    nonisolated(unsafe) static var warned: Set<String> = []

    static func isActive(_ c: NSLayoutConstraint) -> Bool { active.contains { $0 === c } }

    static func activate(_ c: NSLayoutConstraint) {
        guard !isActive(c) else { return }
        if let why = unsolvable(c) { warn("\(c) is not solved: \(why)") }
        active.append(c)
        needsLayout(for: c)
    }

    static func deactivate(_ c: NSLayoutConstraint) {
        guard let i = active.firstIndex(where: { $0 === c }) else { return }
        active.remove(at: i)
        needsLayout(for: c)
    }

    /// Marks the superviews of the constraint's views for layout.
    static func needsLayout(for c: NSLayoutConstraint) {
        for item in [c.firstItem, c.secondItem] {
            (item as? UIView)?.superview?.setNeedsLayout()
        }
    }

    /// Why the subset cannot solve `c`, if it cannot.
    static func unsolvable(_ c: NSLayoutConstraint) -> String? {
        guard c.relation == .equal else { return "fxhost's Auto Layout subset solves equalities only" }
        guard let a = Axis.Value(c.firstAttribute) else { return "the attribute \(c.firstAttribute) is not an edge, centre, width or height" }
        guard c.firstItem is UIView else { return "its first item is not a view (layout guides are not solved)" }
        if c.secondItem == nil {
            guard a.isSize, c.secondAttribute == .notAnAttribute else { return "only a width or height can equal a constant" }
            return nil
        }
        guard c.secondItem is UIView else { return "its second item is not a view (layout guides are not solved)" }
        guard let b = Axis.Value(c.secondAttribute) else { return "the attribute \(c.secondAttribute) is not an edge, centre, width or height" }
        guard a.isSize ? b.isSize : (!b.isSize && a.axis == b.axis) else {
            return "it relates \(c.firstAttribute) to \(c.secondAttribute): a position to a position of the same axis, or a size to a size"
        }
        return nil
    }

    /// Sets the frames of `superview`'s subviews that its active constraints place.
    static func layOut(subviewsOf superview: UIView) {
        guard !active.isEmpty else { return }
        let placed = superview.subviews.filter { !$0.translatesAutoresizingMaskIntoConstraints }
        guard !placed.isEmpty else { return }
        let mine = active.filter { c in
            unsolvable(c) == nil && [c.firstItem, c.secondItem].contains { item in placed.contains { $0 === item } }
        }
        guard !mine.isEmpty else { return }
        var solver = Solver(superview: superview, placed: placed)
        solver.solve(mine)
        for v in placed { solver.apply(to: v) }
    }

    static func warn(_ message: String) {
        guard warned.insert(message).inserted else { return }
        Host.log("Auto Layout: " + message, warning: true)
    }
}

/// The two axes and the four values each has.
enum Axis {
    case x, y

    enum Part: Int { case min, center, max, size }

    struct Value: Hashable {
        let axis: Axis
        let part: Part
        var isSize: Bool { part == .size }

        init(_ axis: Axis, _ part: Part) { self.axis = axis; self.part = part }

        /// An attribute as the value it names (left and leading are the min x: fxhost lays out left to right).
        init?(_ a: NSLayoutConstraint.Attribute) {
            switch a {
            case .left, .leading: self.init(.x, .min)
            case .right, .trailing: self.init(.x, .max)
            case .centerX: self.init(.x, .center)
            case .width: self.init(.x, .size)
            case .top: self.init(.y, .min)
            case .bottom: self.init(.y, .max)
            case .centerY: self.init(.y, .center)
            case .height: self.init(.y, .size)
            default: return nil
            }
        }

        func of(_ r: CGRect) -> CGFloat {
            switch (axis, part) {
            case (.x, .min): r.minX
            case (.x, .center): r.midX
            case (.x, .max): r.maxX
            case (.x, .size): r.width
            case (.y, .min): r.minY
            case (.y, .center): r.midY
            case (.y, .max): r.maxY
            case (.y, .size): r.height
            }
        }
    }
}

/// One layout of one superview's constrained subviews.
struct Solver {
    let superview: UIView
    let placed: [UIView]
    /// Per placed view, per axis, the four values (nil while open).
    var values: [ObjectIdentifier: [Axis: [CGFloat?]]] = [:]

    init(superview: UIView, placed: [UIView]) {
        self.superview = superview
        self.placed = placed
        for v in placed { values[ObjectIdentifier(v)] = [.x: [nil, nil, nil, nil], .y: [nil, nil, nil, nil]] }
    }

    func isPlaced(_ item: AnyObject?) -> UIView? {
        guard let v = item as? UIView, values[ObjectIdentifier(v)] != nil else { return nil }
        return v
    }

    /// A value known now: the superview's bounds, another view's frame in the superview, or a placed view's solved value.
    func known(_ item: AnyObject?, _ a: Axis.Value) -> CGFloat? {
        guard let view = item as? UIView else { return nil }
        if let v = isPlaced(view) { return values[ObjectIdentifier(v)]![a.axis]![a.part.rawValue] }
        if view === superview { return a.of(view.bounds) }
        if a.isSize { return a.of(view.bounds) }
        return a.of(view.convert(view.bounds, to: superview))
    }

    /// Fixes a value of a placed view; false if it was fixed already (a different value is a conflict, logged).
    mutating func fix(_ v: UIView, _ a: Axis.Value, _ x: CGFloat, by c: NSLayoutConstraint) -> Bool {
        var parts = values[ObjectIdentifier(v)]![a.axis]!
        if let old = parts[a.part.rawValue] {
            if abs(old - x) > 1e-9 {
                AutoLayout.warn("\(c) conflicts with the constraints before it (\(type(of: v)) \(a.axis) \(a.part) = \(old), not \(x)); it is not applied")
            }
            return false
        }
        parts[a.part.rawValue] = x
        Solver.complete(&parts)
        values[ObjectIdentifier(v)]![a.axis] = parts
        return true
    }

    /// Two of min, centre, max and size give the other two.
    static func complete(_ p: inout [CGFloat?]) {
        guard p.compactMap({ $0 }).count >= 2 else { return }
        let lo = p[0], mid = p[1], hi = p[2], size = p[3]
        switch (lo, mid, hi, size) {
        case (let l?, _, _, let s?): p = [l, l + s / 2, l + s, s]
        case (_, let m?, _, let s?): p = [m - s / 2, m, m + s / 2, s]
        case (_, _, let h?, let s?): p = [h - s, h - s / 2, h, s]
        case (let l?, let m?, _, _): p = [l, m, 2 * m - l, 2 * (m - l)]
        case (let l?, _, let h?, _): p = [l, (l + h) / 2, h, h - l]
        case (_, let m?, let h?, _): p = [2 * m - h, m, h, 2 * (h - m)]
        default: break
        }
    }

    /// Applies equations with one side known until none fixes more.
    mutating func solve(_ constraints: [NSLayoutConstraint]) {
        var progress = true
        while progress {
            progress = false
            for c in constraints {
                let a = Axis.Value(c.firstAttribute)!
                let b = c.secondItem == nil ? nil : Axis.Value(c.secondAttribute)!
                let rhs = b.map { known(c.secondItem, $0) } ?? 0
                if let rhs, let v = isPlaced(c.firstItem) {
                    if fix(v, a, c.multiplier * rhs + c.constant, by: c) { progress = true }
                } else if let b, let lhs = known(c.firstItem, a), let v = isPlaced(c.secondItem), c.multiplier != 0 {
                    if fix(v, b, (lhs - c.constant) / c.multiplier, by: c) { progress = true }
                }
            }
        }
    }

    /// Sets the view's frame from its values; an open size is its intrinsic one (an empty label's is
    /// zero) or else its frame's, and an axis with nothing fixed keeps the frame's (both logged).
    mutating func apply(to v: UIView) {
        var frame = v.frame
        for axis in [Axis.x, .y] {
            var parts = values[ObjectIdentifier(v)]![axis]!
            let name = axis == .x ? "width" : "height"
            if parts.allSatisfy({ $0 == nil }) { continue }
            if parts[3] == nil {
                let intrinsic = axis == .x ? v.intrinsicContentSize.width : v.intrinsicContentSize.height
                if intrinsic != UIView.noIntrinsicMetric {
                    parts[3] = intrinsic
                } else if let label = v as? UILabel, (label.text ?? "").isEmpty {
                    parts[3] = 0
                } else {
                    parts[3] = Axis.Value(axis, .size).of(frame)
                    AutoLayout.warn("no constraint fixes the \(name) of a \(type(of: v)), and fxhost cannot measure its content: its frame's \(name) (\(parts[3]!)) is kept; give it a \(name) constraint")
                }
                Solver.complete(&parts)
            }
            guard let lo = parts[0], let size = parts[3] else {
                AutoLayout.warn("the constraints fix only the \(name) of a \(type(of: v)) along \(axis): its frame's position is kept")
                continue
            }
            if axis == .x { frame.origin.x = lo; frame.size.width = size } else { frame.origin.y = lo; frame.size.height = size }
        }
        if frame != v.frame { v.frame = frame }
    }
}
