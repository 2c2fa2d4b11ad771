// SPDX-License-Identifier: MIT
import Glibc  // libm only

/// A damped spring as `CASpringAnimation` defines it, in closed form (R20–R22).
///
/// The spring moves a unit distance: `progress(at:)` is 0 at rest at the
/// start and settles at 1. `initialVelocity` is in units of the whole
/// distance per second, positive towards the target. An over-damped spring
/// (ζ > 1) is treated as critically damped unless `allowsOverdamping` is set,
/// as WebKit's SpringSolver and SwiftUI do.
public struct Spring: Hashable, Sendable {
    public var mass: Double = 1
    public var stiffness: Double = 100
    public var damping: Double = 10
    public var initialVelocity: Double = 0
    public var allowsOverdamping = false
    /// UIKit's `usingSpringWithDamping` ratio, when the spring was given that
    /// way: it defines mass, stiffness and damping from the animation's
    /// duration when the animation is added (`resolved(duration:)`), so that
    /// it does not matter whether duration was set before or after it. While
    /// set, it wins over `mass`, `stiffness` and `damping`.
    public var uiKitDampingRatio: Double?

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
                initialVelocity: Double = 0, allowsOverdamping: Bool = false) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
    }

    /// The spring UIKit's `animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`
    /// stands for. Apple publishes no mapping; fxhost picks mass 1 and the
    /// natural frequency at which the motion's envelope falls to 0.001 of the
    /// distance exactly at `duration` (docs/timing.md), so the animation of that
    /// duration ends at rest.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        let d = max(duration, 1e-3)
        let zeta = max(dampingRatio, 0.01)
        let omega: Double
        if zeta < 1 {
            omega = log(1 / Spring.settleEpsilon) / (zeta * d)
        } else {
            // (1 + u)·e^(−u) = ε for the critically damped envelope.
            var u = 10.0
            for _ in 0..<50 { u = log((1 + u) / Spring.settleEpsilon) }
            omega = u / d
        }
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * min(zeta, 1) * omega,
                  initialVelocity: initialVelocity)
    }

    /// The spring in force for an animation of `duration`: this one, or the
    /// one `uiKitDampingRatio` stands for at that duration.
    public func resolved(duration: Double) -> Spring {
        guard let ratio = uiKitDampingRatio else { return self }
        var s = Spring(duration: duration, dampingRatio: ratio, initialVelocity: initialVelocity)
        s.allowsOverdamping = allowsOverdamping
        return s
    }

    /// The distance, as a fraction of the whole, under which a spring counts as settled.
    public static let settleEpsilon = 0.001

    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The displacement from the target, 1 at t = 0, at `t` seconds.
    public func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w0 * t) * (cos(wd * t) + ((zeta * w0 - v0) / wd) * sin(wd * t))
        }
        if zeta > 1 && allowsOverdamping {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let a = (-v0 - r2) / (r1 - r2)
            return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
        }
        return (1 + (w0 - v0) * t) * exp(-w0 * t)
    }

    /// Progress from 0 to 1 (overshooting on the way) at `t` seconds.
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// `progress(at:)` with what does not depend on the time computed once.
    var motion: Motion { Motion(self) }

    /// A spring's progress as a function of time alone: the same expressions
    /// as `displacement(at:)`, the constant parts evaluated in advance in the
    /// order that function evaluates them, so every result is the same to the bit.
    struct Motion: Hashable {
        private enum Regime: Hashable {
            case under(decay: Double, frequency: Double, sine: Double)
            case over(a: Double, rest: Double, r1: Double, r2: Double)
            case critical(slope: Double, decay: Double)
        }
        private let regime: Regime

        init(_ s: Spring) {
            let w0 = s.naturalFrequency, zeta = s.dampingRatio, v0 = s.initialVelocity
            if zeta < 1 {
                let wd = w0 * (1 - zeta * zeta).squareRoot()
                regime = .under(decay: -zeta * w0, frequency: wd, sine: (zeta * w0 - v0) / wd)
            } else if zeta > 1 && s.allowsOverdamping {
                let root = (zeta * zeta - 1).squareRoot()
                let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
                let a = (-v0 - r2) / (r1 - r2)
                regime = .over(a: a, rest: 1 - a, r1: r1, r2: r2)
            } else {
                regime = .critical(slope: w0 - v0, decay: -w0)
            }
        }

        func progress(at t: Double) -> Double {
            switch regime {
            case let .under(decay, wd, k): return 1 - exp(decay * t) * (cos(wd * t) + k * sin(wd * t))
            case let .over(a, rest, r1, r2): return 1 - (a * exp(r1 * t) + rest * exp(r2 * t))
            case let .critical(slope, decay): return 1 - (1 + slope * t) * exp(decay * t)
            }
        }
    }

    /// How long the spring takes to come to rest: the last time its
    /// displacement is at least `settleEpsilon`, scanned in 1 ms steps over the
    /// first 60 s. Apple's own estimate is unpublished (docs/timing.md compares).
    public var settlingDuration: Double {
        let step = 0.001
        var last = 0.0
        var t = 0.0
        while t <= 60 {
            if abs(displacement(at: t)) >= Spring.settleEpsilon { last = t }
            t += step
        }
        return (last / step).rounded() * step
    }

    public func check() throws(FXError) {
        for (name, v) in [("mass", mass), ("stiffness", stiffness), ("damping", damping),
                          ("initialVelocity", initialVelocity)] where !v.isFinite {
            throw FXError("spring \(name) must be a finite number (got \(v))")
        }
        guard mass > 0 else { throw FXError("spring mass must be greater than 0 (got \(mass))") }
        guard stiffness > 0 else { throw FXError("spring stiffness must be greater than 0 (got \(stiffness))") }
        guard damping >= 0 else { throw FXError("spring damping must not be negative (got \(damping))") }
    }
}
