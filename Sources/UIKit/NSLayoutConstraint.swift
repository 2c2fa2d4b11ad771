// SPDX-License-Identifier: MIT
import Foundation

/// One Auto Layout equation (`NSLayoutConstraint`): Apple's "item1.attribute1
/// = multiplier × item2.attribute2 + constant". fxhost solves a subset
/// (docs/SWIFT.md, "Auto Layout, a subset"): equalities between the edges,
/// centres, widths and heights of a view's subviews, its own bounds and
/// views whose frames are set by code, at the view's layout. Inequalities,
/// priorities, baselines and margins are not solved; each such constraint
/// says so in fxhost's log when it is activated.
open class NSLayoutConstraint: NSObject {
    /// Apple's attributes, with Apple's raw values.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }
    /// Apple's relations, with Apple's raw values; fxhost solves `.equal` only.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    public let firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    public let secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat
    /// Changing it on an active constraint lays its views out again (inside `UIView.animate`,
    /// a `layoutIfNeeded()` then animates the new frames, as on iOS).
    open var constant: CGFloat {
        didSet { if isActive { AutoLayout.needsLayout(for: self) } }
    }
    open var identifier: String?

    /// Apple's equation form: `item1.attribute1 (relation) multiplier × item2.attribute2 + constant`;
    /// `toItem: nil` with `.notAnAttribute` makes a constant width or height.
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = attr2
        self.multiplier = multiplier
        constant = c
    }

    /// Whether the constraint takes part in layout; setting it activates or deactivates it.
    open var isActive: Bool {
        get { AutoLayout.isActive(self) }
        set { if newValue { AutoLayout.activate(self) } else { AutoLayout.deactivate(self) } }
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = true } }
    open class func deactivate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = false } }

    open override var description: String {
        func side(_ item: AnyObject?, _ a: Attribute) -> String {
            guard let item else { return "" }
            return "\(type(of: item)).\(a)"
        }
        let op = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        var rhs = side(secondItem, secondAttribute)
        if secondItem != nil && multiplier != 1 { rhs += " × \(multiplier)" }
        if secondItem == nil || constant != 0 { rhs += rhs.isEmpty ? "\(constant)" : " + \(constant)" }
        return "\(side(firstItem, firstAttribute)) \(op) \(rhs)"
    }
}

extension UIView {
    /// The older way to activate constraints (Apple now recommends `isActive` or `activate(_:)`).
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    public func removeConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = false }
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.deactivate(constraints) }
}
