// SPDX-License-Identifier: MIT
import Foundation

/// A view's edge, centre or size as Auto Layout names it (`NSLayoutAnchor`):
/// constraints are made from pairs of anchors of one axis. fxhost solves
/// equalities only (docs/SWIFT.md, "Auto Layout, a subset"): the inequality
/// forms are declared unavailable, so that the compiler names them.
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    let item: UIView
    let attribute: NSLayoutConstraint.Attribute

    init(_ item: UIView, _ attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self = anchor`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(equalTo: anchor, constant: 0)
    }
    /// `self = anchor + c`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item: item, attribute: attribute, relatedBy: .equal, toItem: anchor.item,
                           attribute: anchor.attribute, multiplier: 1, constant: c)
    }

    @available(*, unavailable, message: "fxhost's Auto Layout subset solves equalities only (docs/SWIFT.md); use constraint(equalTo:constant:)")
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError() }
    @available(*, unavailable, message: "fxhost's Auto Layout subset solves equalities only (docs/SWIFT.md); use constraint(equalTo:constant:)")
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { fatalError() }
    @available(*, unavailable, message: "fxhost's Auto Layout subset solves equalities only (docs/SWIFT.md); use constraint(equalTo:constant:)")
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError() }
    @available(*, unavailable, message: "fxhost's Auto Layout subset solves equalities only (docs/SWIFT.md); use constraint(equalTo:constant:)")
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { fatalError() }
}

/// A horizontal edge or centre (`leadingAnchor`, `centerXAnchor`, …).
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
/// A vertical edge or centre (`topAnchor`, `centerYAnchor`, …).
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// A width or height (`widthAnchor`, `heightAnchor`).
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// `self = c`.
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item: item, attribute: attribute, relatedBy: .equal, toItem: nil,
                           attribute: .notAnAttribute, multiplier: 1, constant: c)
    }
    /// `self = m × anchor`.
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        constraint(equalTo: anchor, multiplier: m, constant: 0)
    }
    /// `self = m × anchor + c`.
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item: item, attribute: attribute, relatedBy: .equal, toItem: anchor.item,
                           attribute: anchor.attribute, multiplier: m, constant: c)
    }

    @available(*, unavailable, message: "fxhost's Auto Layout subset solves equalities only (docs/SWIFT.md); use constraint(equalToConstant:)")
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { fatalError() }
    @available(*, unavailable, message: "fxhost's Auto Layout subset solves equalities only (docs/SWIFT.md); use constraint(equalToConstant:)")
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { fatalError() }
}

extension UIView {
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(self, .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(self, .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(self, .height) }
}
