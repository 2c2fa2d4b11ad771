// SPDX-License-Identifier: MIT
/// An animation as Core Animation's `CAAnimation` family describes it: one
/// struct whose `kind` says which subclass it is. Adding an animation to a
/// layer copies it, as `CALayer.add(_:forKey:)` does.
public struct Animation {
    public enum Kind {
        /// `CABasicAnimation`: any nil combination of from/to/by (R15).
        case basic(from: Value?, to: Value?, by: Value?)
        /// `CASpringAnimation`: a basic animation paced by a spring.
        case spring(from: Value?, to: Value?, by: Value?, spring: Spring)
        /// `CAKeyframeAnimation`.
        case keyframe(Keyframes)
        /// `CAAnimationGroup`: children run in the group's time, clipped to it (R24).
        case group([Animation])
        /// `CATransition`: the layer's old content gives way to its new one.
        case transition(Transition)
    }

    public var kind: Kind
    /// The animated key path; nil for groups and transitions.
    public var keyPath: KeyPath?
    public var timing = MediaTiming()
    /// Nil is linear pacing (R13).
    public var timingFunction: TimingFunction?
    public var isRemovedOnCompletion = true
    public var isAdditive = false
    public var isCumulative = false
    /// Called when the animation's active interval starts (`animationDidStart`).
    /// A thrown error stops the run: it is the plugin's failure.
    public var didStart: (() throws -> Void)?
    /// Called when it ends (`finished` true) or is removed first (`finished` false).
    public var didStop: ((_ finished: Bool) throws -> Void)?

    public init(kind: Kind, keyPath: KeyPath? = nil) {
        self.kind = kind
        self.keyPath = keyPath
    }

    public static func basic(_ keyPath: KeyPath, from: Value? = nil, to: Value? = nil, by: Value? = nil) -> Animation {
        Animation(kind: .basic(from: from, to: to, by: by), keyPath: keyPath)
    }

    public static func spring(_ keyPath: KeyPath, from: Value? = nil, to: Value? = nil, by: Value? = nil,
                              spring: Spring = Spring()) -> Animation {
        Animation(kind: .spring(from: from, to: to, by: by, spring: spring), keyPath: keyPath)
    }

    public static func keyframe(_ keyPath: KeyPath, _ keyframes: Keyframes) -> Animation {
        Animation(kind: .keyframe(keyframes), keyPath: keyPath)
    }

    public static func group(_ children: [Animation]) -> Animation { Animation(kind: .group(children)) }

    public static func transition(_ t: Transition) -> Animation { Animation(kind: .transition(t)) }

    /// The CA class name, for traces and messages.
    public var className: String {
        switch kind {
        case .basic: "BasicAnimation"
        case .spring: "SpringAnimation"
        case .keyframe: "KeyframeAnimation"
        case .group: "AnimationGroup"
        case .transition: "Transition"
        }
    }

    /// The animation as a layer of `kind` holds it, when it may run there: its
    /// key path applies, its values are admitted by the key path
    /// (`KeyPath.admit`: its type, and a choice property's case), its timing is
    /// sane. Only strings change form, so only an animation of a string key path
    /// is rebuilt; the others are returned as they are, uncopied.
    public func admitted(for layerKind: LayerKind) throws(FXError) -> Animation {
        try timing.check()
        switch kind {
        case .group(let children):
            var admitted: [Animation] = []
            for child in children { admitted.append(try child.admitted(for: layerKind)) }
            return with(.group(admitted))
        case .transition(let t):
            try t.check()
            return self
        default: break
        }
        guard let kp = keyPath else { throw FXError("a \(className) needs a key path") }
        try kp.check(appliesTo: layerKind)
        func admit(_ v: Value?) throws(FXError) -> Value? { if let v { try kp.admit(v) } else { nil } }
        switch kind {
        case let .basic(from, to, by):
            let (f, t, b) = (try admit(from), try admit(to), try admit(by))
            if kp.type == .string { return with(.basic(from: f, to: t, by: b)) }
        case let .spring(from, to, by, s):
            let (f, t, b) = (try admit(from), try admit(to), try admit(by))
            try s.check()
            if kp.type == .string { return with(.spring(from: f, to: t, by: b, spring: s)) }
        case .keyframe(let k):
            if let admitted = try k.admitted(for: kp) { return with(.keyframe(admitted)) }
        default: break
        }
        return self
    }

    private func with(_ kind: Kind) -> Animation {
        var a = self
        a.kind = kind
        return a
    }
}

/// `CATransition`'s types and subtypes.
public struct Transition: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable { case fade, moveIn, push, reveal, cube, flip }
    public enum Subtype: String, Sendable, CaseIterable { case fromRight, fromLeft, fromTop, fromBottom }

    public var type: Kind = .fade
    public var subtype: Subtype = .fromLeft
    public var startProgress: Double = 0
    public var endProgress: Double = 1

    public init(type: Kind = .fade, subtype: Subtype = .fromLeft, startProgress: Double = 0, endProgress: Double = 1) {
        self.type = type; self.subtype = subtype; self.startProgress = startProgress; self.endProgress = endProgress
    }

    /// The transition's progress for an eased fraction `p` of its duration (R25).
    public func progress(_ p: Double) -> Double { startProgress + (endProgress - startProgress) * p }

    func check() throws(FXError) {
        guard (0...1).contains(startProgress), (0...1).contains(endProgress) else {
            throw FXError("transition startProgress and endProgress must be within 0…1 (got \(startProgress) and \(endProgress))")
        }
    }
}
