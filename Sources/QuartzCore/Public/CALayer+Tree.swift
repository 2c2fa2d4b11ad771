// SPDX-License-Identifier: MIT
import CoreGraphics
import FXPluginKit

/// The layer tree: the host's, mirrored here so that `sublayers` and
/// `superlayer` answer the same objects the plugin made (and keep them alive).
extension CALayer {
    public var sublayers: [CALayer]? {
        get { children.isEmpty ? nil : children }
        set {
            for c in children { c.removeFromSuperlayer() }
            for c in newValue ?? [] { addSublayer(c) }
        }
    }

    public func addSublayer(_ layer: CALayer) {
        guard attach(layer, { () throws(PluginError) in try host.addSublayer(layer.host) }) else { return }
        children.append(layer)
    }

    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        guard attach(layer, { () throws(PluginError) in try host.insertSublayer(layer.host, at: Int(idx) + hostIndexOffset) }) else { return }
        children.insert(layer, at: min(Int(idx), children.count))
    }

    // Siblings are found by identity, as Core Animation finds them: `==` on
    // NSObject asks `isEqual(_:)`, a dynamic call and cast per element.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let sibling, let i = children.firstIndex(where: { $0 === sibling }) else { return addSublayer(layer) }
        guard attach(layer, { () throws(PluginError) in try host.insertSublayer(layer.host, above: sibling.host) }) else { return }
        children.insert(layer, at: (children.firstIndex(where: { $0 === sibling }) ?? i) + 1)
    }

    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard let sibling, children.contains(where: { $0 === sibling }) else { return insertSublayer(layer, at: 0) }
        guard attach(layer, { () throws(PluginError) in try host.insertSublayer(layer.host, below: sibling.host) }) else { return }
        children.insert(layer, at: children.firstIndex(where: { $0 === sibling }) ?? 0)
    }

    public func replaceSublayer(_ old: CALayer, with new: CALayer) {
        guard old.superlayer === self else {
            return Fault.record("replaceSublayer(_:with:): the layer to replace is not a sublayer of this one")
        }
        insertSublayer(new, above: old)
        old.removeFromSuperlayer()
    }

    /// Moves `layer` here in the host; on success, out of its old parent here too.
    private func attach(_ layer: CALayer, _ body: () throws(PluginError) -> Void) -> Bool {
        guard !isPresentation, !layer.isPresentation else {
            Fault.record("a presentation layer cannot join a layer tree")
            return false
        }
        let old = layer.superlayer
        do { try body() } catch { Fault.record(error); return false }
        old?.children.removeAll { $0 === layer }
        layer.superlayer = self
        setNeedsLayout()
        return true
    }

    /// The layer whose alpha masks this one (`mask`); it belongs to no tree.
    public var mask: CALayer? {
        get { maskLayer }
        set {
            guard !isPresentation else { return }
            modelReads.forget()
            Fault.attempt { () throws(PluginError) in try host.setMask(newValue?.host) }
            maskLayer = newValue
            setNeedsLayout()
        }
    }

    // MARK: - Coordinates

    /// A point in this layer's bounds, in `layer`'s (nil: the root's), through
    /// positions, anchor points, bounds origins and 2D transforms.
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        (layer ?? root).fromRoot(toRoot(p))
    }

    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        fromRoot((layer ?? root).toRoot(p))
    }

    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        let a = convert(r.origin, to: layer), b = convert(CGPoint(x: r.maxX, y: r.maxY), to: layer)
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        let a = convert(r.origin, from: layer), b = convert(CGPoint(x: r.maxX, y: r.maxY), from: layer)
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    var root: CALayer { superlayer?.root ?? self }

    /// This layer's bounds space → its superlayer's.
    var toParent: CGAffineTransform {
        let b = bounds, a = anchorPoint, p = position
        let anchor = CGPoint(x: b.minX + a.x * b.width, y: b.minY + a.y * b.height)
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(CATransform3DGetAffineTransform(transform))
            .concatenating(CGAffineTransform(translationX: p.x, y: p.y))
    }

    func toRoot(_ p: CGPoint) -> CGPoint {
        guard let parent = superlayer else { return p }
        return parent.toRoot(p.applying(toParent))
    }

    func fromRoot(_ p: CGPoint) -> CGPoint {
        guard let parent = superlayer else { return p }
        return parent.fromRoot(p).applying(toParent.inverted())
    }
}
