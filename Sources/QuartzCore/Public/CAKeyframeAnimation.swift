// SPDX-License-Identifier: MIT
import CFX
import Foundation
import FXPluginKit

/// Values at key times, or motion along a path (`CAKeyframeAnimation`).
open class CAKeyframeAnimation: CAPropertyAnimation {
    public var values: [Any]?
    public var path: CGPath?
    public var keyTimes: [NSNumber]?
    public var timingFunctions: [CAMediaTimingFunction]?
    public var calculationMode: CAAnimationCalculationMode = .linear
    public var tensionValues: [NSNumber]?
    public var continuityValues: [NSNumber]?
    public var biasValues: [NSNumber]?
    /// `rotateAuto`: the layer turns to follow the path's tangent; `rotateAutoReverse`: plus a half turn.
    public var rotationMode: CAAnimationRotationMode?

    override func copyFields(to c: CAAnimation) {
        super.copyFields(to: c)
        guard let c = c as? CAKeyframeAnimation else { return }
        c.values = values; c.path = path; c.keyTimes = keyTimes; c.timingFunctions = timingFunctions
        c.calculationMode = calculationMode; c.tensionValues = tensionValues; c.continuityValues = continuityValues
        c.biasValues = biasValues; c.rotationMode = rotationMode
    }

    override func hostAnimation(on layer: CALayer) throws(PluginError) -> Animation {
        let a = try make(.keyframe)
        let what = "CAKeyframeAnimation(keyPath: \"\(keyPath ?? "")\")"
        if let values {
            var converted: [any ValueConvertible] = []
            for (i, v) in values.enumerated() { converted.append(try HostValue.make(v, for: "\(what).values[\(i)]")) }
            try a.values(converted)
        }
        if let path { try a.path(path.hostPath()) }
        if let keyTimes { try a.keyTimes(keyTimes.map(\.doubleValue)) }
        if let timingFunctions, timingFunctions.allSatisfy({ $0.name != nil }) {
            try a.timingFunctions(named: timingFunctions.map { $0.name!.rawValue })
        } else if let timingFunctions {
            try a.timingFunctions(timingFunctions.map { f in
                let n = f.numbers
                return TimingCurve(n[0], n[1], n[2], n[3])
            })
        }
        if calculationMode != .linear { try a.calculationMode(calculationMode.rawValue) }
        if let tensionValues { try a.tensionValues(tensionValues.map(\.doubleValue)) }
        if let continuityValues { try a.continuityValues(continuityValues.map(\.doubleValue)) }
        if let biasValues { try a.biasValues(biasValues.map(\.doubleValue)) }
        if let rotationMode { try a.set("rotationMode", rotationMode.rawValue) }
        return a
    }
}

/// A basic animation paced by a damped spring (`CASpringAnimation`): the
/// value follows m·x″ + c·x′ + k·x = 0 from `fromValue` to `toValue`.
///
/// (Its fields are exempt from run-time exclusivity checks, as CAAnimation's are.)
open class CASpringAnimation: CABasicAnimation {
    @exclusivity(unchecked) public var mass: CGFloat = 1
    @exclusivity(unchecked) public var stiffness: CGFloat = 100
    @exclusivity(unchecked) public var damping: CGFloat = 10
    @exclusivity(unchecked) public var initialVelocity: CGFloat = 0
    @exclusivity(unchecked) public var allowsOverdamping = false

    /// iOS 17's spring by perceptual duration and bounce, as SwiftUI's
    /// `Spring(duration:bounce:)` defines them: mass 1, stiffness (2π / duration)²,
    /// damping 4π(1 − bounce) / duration for bounce ≥ 0, and
    /// 4π / (duration (1 + bounce)) for a negative (overdamped) bounce.
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        let d = CGFloat(max(perceptualDuration, 1e-3))
        mass = 1
        stiffness = (2 * .pi / d) * (2 * .pi / d)
        damping = bounce >= 0 ? 4 * .pi * (1 - bounce) / d : 4 * .pi / (d * (1 + bounce))
        allowsOverdamping = bounce < 0
    }

    /// `perceptualDuration` of the spring these parameters make: 2π / √(k/m).
    public var perceptualDuration: TimeInterval { Double(2 * .pi / (stiffness / mass).squareRoot()) }
    /// `bounce`: 1 − c / (4π·√(k·m)/(2π)), the inverse of the initialiser's damping rule.
    public var bounce: CGFloat {
        let critical = 2 * (stiffness * mass).squareRoot()
        return 1 - damping / critical
    }

    override func copyFields(to c: CAAnimation) {
        super.copyFields(to: c)
        guard let c = c as? CASpringAnimation else { return }
        c.mass = mass; c.stiffness = stiffness; c.damping = damping; c.initialVelocity = initialVelocity
        c.allowsOverdamping = allowsOverdamping
    }

    override var hostKind: Animation.Kind { .spring }

    override func applySpring(to a: Animation) throws(PluginError) {
        if let ratio = dampingRatio {
            if initialVelocity != 0 { try a.initialVelocity(Double(initialVelocity)) }
            try a.dampingRatio(Double(ratio))
            return
        }
        try a.mass(Double(mass))
        try a.stiffness(Double(stiffness))
        try a.damping(Double(damping))
        if initialVelocity != 0 { try a.initialVelocity(Double(initialVelocity)) }
        if allowsOverdamping { try a.allowsOverdamping(true) }
    }

    /// How long the spring takes to come to rest, as the host computes it for these parameters.
    public var settlingDuration: CFTimeInterval {
        Fault.attempt(0) { () throws(PluginError) -> Double in
            let a = try Animation.spring(keyPath ?? "opacity")
            try applySpring(to: a)
            return try a.settlingDuration()
        }
    }
}

/// Animations that run together on one time line (`CAAnimationGroup`).
open class CAAnimationGroup: CAAnimation {
    public var animations: [CAAnimation]?

    override func copyFields(to c: CAAnimation) {
        super.copyFields(to: c)
        (c as? CAAnimationGroup)?.animations = animations?.map { $0.copy() as! CAAnimation }
    }

    override func hostAnimation(on layer: CALayer) throws(PluginError) -> Animation {
        let g = try Animation.group()
        try applyTiming(to: g)
        for child in animations ?? [] { try g.add(child.hostAnimation(on: layer)) }
        return g
    }
}

/// A transition of the layer's whole content (`CATransition`).
open class CATransition: CAAnimation {
    public var type: CATransitionType = .fade
    public var subtype: CATransitionSubtype?
    public var startProgress: Float = 0
    public var endProgress: Float = 1

    override func copyFields(to c: CAAnimation) {
        super.copyFields(to: c)
        guard let c = c as? CATransition else { return }
        c.type = type; c.subtype = subtype; c.startProgress = startProgress; c.endProgress = endProgress
    }

    override func hostAnimation(on layer: CALayer) throws(PluginError) -> Animation {
        let a = try Animation.transition()
        try applyTiming(to: a)
        try a.type(type.rawValue)
        if let subtype { try a.subtype(subtype.rawValue) }
        if startProgress != 0 { try a.startProgress(startProgress.decimal) }
        if endProgress != 1 { try a.endProgress(endProgress.decimal) }
        return a
    }
}
