// SPDX-License-Identifier: MIT
import CFX
import Glibc

/// Every field `animation_set` takes (fx.h), by its Core Animation name, so a
/// Swift plugin never spells one as a string. Each returns self to chain;
/// `set(_:_:)` remains for anything a newer host adds.
extension Animation {
    // MARK: - CAMediaTiming

    @discardableResult public func speed(_ s: Double) throws(PluginError) -> Animation { try set("speed", s) }
    @discardableResult public func timeOffset(_ t: Double) throws(PluginError) -> Animation { try set("timeOffset", t) }
    /// Seconds of repeating; `Animation.forever` repeats forever.
    @discardableResult public func repeatDuration(_ d: Double) throws(PluginError) -> Animation { try set("repeatDuration", d) }
    @discardableResult public func autoreverses(_ b: Bool) throws(PluginError) -> Animation { try set("autoreverses", b) }

    /// `CAMediaTimingFunction(controlPoints:)` for the whole animation (the
    /// 4-number form of `timingFunction`).
    @discardableResult
    public func timingFunction(_ curve: TimingCurve) throws(PluginError) -> Animation {
        try set("timingFunction", [curve.x1, curve.y1, curve.x2, curve.y2])
    }

    // MARK: - CAPropertyAnimation

    @discardableResult public func additive(_ b: Bool) throws(PluginError) -> Animation { try set("additive", b) }
    @discardableResult public func cumulative(_ b: Bool) throws(PluginError) -> Animation { try set("cumulative", b) }

    // MARK: - CASpringAnimation

    @discardableResult public func mass(_ m: Double) throws(PluginError) -> Animation { try set("mass", m) }
    @discardableResult public func stiffness(_ k: Double) throws(PluginError) -> Animation { try set("stiffness", k) }
    @discardableResult public func damping(_ c: Double) throws(PluginError) -> Animation { try set("damping", c) }
    @discardableResult public func initialVelocity(_ v: Double) throws(PluginError) -> Animation { try set("initialVelocity", v) }
    @discardableResult public func allowsOverdamping(_ b: Bool) throws(PluginError) -> Animation { try set("allowsOverdamping", b) }
    /// UIKit's `usingSpringWithDamping`: with the duration and initial velocity
    /// already set, chooses mass, stiffness and damping (1: no oscillation).
    @discardableResult public func dampingRatio(_ r: Double) throws(PluginError) -> Animation { try set("dampingRatio", r) }
    /// `CASpringAnimation.settlingDuration`: how long the spring takes to come to rest.
    public func settlingDuration() throws(PluginError) -> Double {
        guard let d = try get("settlingDuration").number else {
            throw PluginError("settlingDuration is only defined for spring animations", status: FX_ERR_BAD_TYPE)
        }
        return d
    }

    // MARK: - CAKeyframeAnimation

    /// Fractions of the duration, one per value, rising from 0 to 1.
    @discardableResult public func keyTimes(_ ts: [Double]) throws(PluginError) -> Animation { try set("keyTimes", ts) }
    /// "linear", "discrete", "paced", "cubic" or "cubicPaced".
    @discardableResult public func calculationMode(_ m: String) throws(PluginError) -> Animation { try set("calculationMode", m) }
    /// Motion along a path (for `position`), instead of values.
    @discardableResult public func path(_ p: Path) throws(PluginError) -> Animation { try set("path", p) }
    /// Kochanek–Bartels parameters of the `cubic` modes, one per value.
    @discardableResult public func tensionValues(_ v: [Double]) throws(PluginError) -> Animation { try set("tensionValues", v) }
    @discardableResult public func continuityValues(_ v: [Double]) throws(PluginError) -> Animation { try set("continuityValues", v) }
    @discardableResult public func biasValues(_ v: [Double]) throws(PluginError) -> Animation { try set("biasValues", v) }

    /// Per-segment timing functions by name ("linear", "easeIn", "easeOut",
    /// "easeInEaseOut", "default"), one per segment; fewer is allowed, as in
    /// Core Animation. `timingFunctions(_:)` takes custom curves.
    @discardableResult
    public func timingFunctions(named names: [String]) throws(PluginError) -> Animation {
        let copies = names.map { strdup($0)! }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        try Host.check(pointers.withUnsafeBufferPointer {
            Host.api.animation_set_timing_functions(handle, $0.baseAddress, UInt32($0.count))
        })
        return self
    }

    // MARK: - CATransition

    /// "fade", "moveIn", "push", "reveal", "cube" or "flip".
    @discardableResult public func type(_ t: String) throws(PluginError) -> Animation { try set("type", t) }
    /// "fromRight", "fromLeft", "fromTop" or "fromBottom".
    @discardableResult public func subtype(_ t: String) throws(PluginError) -> Animation { try set("subtype", t) }
    @discardableResult public func startProgress(_ p: Double) throws(PluginError) -> Animation { try set("startProgress", p) }
    @discardableResult public func endProgress(_ p: Double) throws(PluginError) -> Animation { try set("endProgress", p) }
}
