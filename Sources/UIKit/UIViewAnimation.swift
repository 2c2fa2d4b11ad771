// SPDX-License-Identifier: MIT
@_spi(UIKit) import QuartzCore

/// An open animation block: what a view's layer answers when a property
/// changes inside `UIView.animate`. Each change becomes a CABasicAnimation
/// (a CASpringAnimation for the spring form) from the value before the
/// change to the new model value, with the block's duration, delay, curve
/// and repeat options, as UIKit's documentation of those options describes.
final class UIViewAnimation {
    /// The open animation blocks, innermost last: read on every change of a
    /// view's layer, and exempt from Swift's run-time exclusivity checks
    /// (only appended to, removed from and read, with nothing reached meanwhile touching it).
    @exclusivity(unchecked) nonisolated(unsafe) static var stack: [UIViewAnimation] = []
    static var current: UIViewAnimation? { stack.last }

    let duration: TimeInterval
    let delay: TimeInterval
    let options: UIView.AnimationOptions
    let spring: (damping: CGFloat, velocity: CGFloat)?
    /// For keyframes: the share of the duration this block starts at and lasts.
    var window: (start: Double, length: Double) = (0, 1)
    /// Keyframe blocks: how the values between key times are found.
    let calculationMode: CAAnimationCalculationMode?
    var keyframes: Bool { calculationMode != nil }
    /// Keyframe blocks: the changes of each property, in the order made.
    var tracks: [KeyframeTrack] = []

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
         spring: (damping: CGFloat, velocity: CGFloat)? = nil, calculationMode: CAAnimationCalculationMode? = nil) {
        self.duration = duration; self.delay = delay; self.options = options; self.spring = spring
        self.calculationMode = calculationMode
    }

    /// This block as it runs inside `outer`: UIKit's nested blocks take the
    /// outer duration and curve unless they pass `.overrideInheritedDuration`
    /// or `.overrideInheritedCurve` (UIView, "Nesting animation blocks").
    func nested(in outer: UIViewAnimation) -> UIViewAnimation {
        guard !outer.keyframes, !keyframes else { return self }
        let ownCurve = options.contains(.overrideInheritedCurve)
        let curveBits: UInt = 0xF << 16
        let curve = ownCurve ? options.rawValue & curveBits : outer.options.rawValue & curveBits
        return UIViewAnimation(duration: options.contains(.overrideInheritedDuration) ? duration : outer.duration,
                               delay: delay,
                               options: UIView.AnimationOptions(rawValue: (options.rawValue & ~curveBits) | curve),
                               spring: ownCurve ? spring : (spring ?? outer.spring))
    }

    /// The action for a view's layer: animatable keys animate, others change
    /// at once; of the layer's animatable properties, UIView's `isHidden` and
    /// `clipsToBounds` change at once, as in UIKit.
    func action(for layer: CALayer, forKey key: String) -> CAAction? {
        guard CALayer.isAnimatable(key), key != "hidden", key != "masksToBounds" else { return nil }
        // "If you specify a negative value or 0, the changes are made without animating them."
        guard duration > 0 else { return nil }
        let before = options.contains(.beginFromCurrentState)
            ? layer.presentation()?.value(forKey: key) : layer.value(forKey: key)
        if keyframes { return KeyframeSegment(block: self, before: before, window: window) }
        let a: CABasicAnimation
        if let spring {
            let s = CASpringAnimation(keyPath: key)
            s.initialVelocity = spring.velocity
            s.dampingRatio = spring.damping
            a = s
        } else {
            a = CABasicAnimation(keyPath: key)
            a.timingFunction = options.timingFunction
        }
        a.fromValue = before
        a.duration = duration
        if delay > 0 {
            a.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
            a.fillMode = .backwards
        }
        if options.contains(.repeat) { a.repeatCount = .infinity }
        if options.contains(.autoreverse) { a.autoreverses = true }
        return a
    }

    /// Keyframe blocks: each animated property gets one CAKeyframeAnimation
    /// over the whole duration, through the value before the block and the
    /// value each `addKeyframe` block set, at the key times its relative start
    /// and duration give (holding a value between segments), as UIKit builds them.
    func addKeyframeAnimations() {
        for track in tracks {
            var times: [Double] = [0], values: [Any?] = [track.before]
            for segment in track.segments.sorted(by: { $0.start < $1.start }) {
                let start = min(max(segment.start, times.last!), 1)
                if start > times.last! { times.append(start); values.append(values.last!) }
                times.append(min(max(start + segment.length, start), 1))
                values.append(segment.value)
            }
            if times.last! < 1 { times.append(1); values.append(values.last!) }
            let shown = values.compactMap { $0 }
            guard shown.count == values.count else { continue }  // a nil (no colour) cannot be a key frame: it changes at once
            let a = CAKeyframeAnimation(keyPath: track.key)
            a.values = shown
            a.keyTimes = times.map { NSNumber(value: $0) }
            a.calculationMode = calculationMode ?? .linear
            a.duration = duration
            if delay > 0 {
                a.beginTime = track.layer.convertTime(CACurrentMediaTime(), from: nil) + delay
                a.fillMode = .backwards
            }
            if options.contains(.repeat) { a.repeatCount = .infinity }
            if options.contains(.autoreverse) { a.autoreverses = true }
            track.layer.add(a, forKey: track.key)
        }
        tracks = []
    }

    func record(_ layer: CALayer, _ key: String, before: Any?, window: (start: Double, length: Double)) {
        let segment = (start: window.start, length: window.length, value: layer.value(forKey: key))
        if let i = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) {
            tracks[i].segments.append(segment)
        } else {
            tracks.append(KeyframeTrack(layer: layer, key: key, before: before, segments: [segment]))
        }
    }
}

/// The changes one property went through in a keyframe block.
struct KeyframeTrack {
    let layer: CALayer
    let key: String
    let before: Any?
    var segments: [(start: Double, length: Double, value: Any?)]
}

/// A change inside `addKeyframe`: the action records it as a segment of its property's key frames.
final class KeyframeSegment: CAAction {
    let block: UIViewAnimation
    let before: Any?
    let window: (start: Double, length: Double)

    init(block: UIViewAnimation, before: Any?, window: (start: Double, length: Double)) {
        self.block = block; self.before = before; self.window = window
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        block.record(layer, event, before: before, window: window)
    }
}

extension UIView {
    /// UIKit's animation options (`UIView.AnimationOptions`), with UIKit's bit values.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The curve bits: ease-in-out (0, the default), ease-in, ease-out, linear.
        var timingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xF {
            case 1: CAMediaTimingFunction(name: .easeIn)
            case 2: CAMediaTimingFunction(name: .easeOut)
            case 3: CAMediaTimingFunction(name: .linear)
            default: CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
        var transition: Int { Int((rawValue >> 20) & 0xF) }
    }

    /// `UIView.animateKeyframes` options: the keyframe calculation modes share UIKit's bits with the others.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }
    }

    // MARK: - Animation blocks

    /// Runs `animations` and animates what they change on views; `completion`
    /// runs once every animation has stopped, with `finished` false when any
    /// was removed first (or at once, on the simulated clock, when nothing animated).
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(UIViewAnimation(duration: duration, delay: delay, options: options), animations, completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// The spring form: `dampingRatio` 1 settles without overshoot, smaller
    /// ones oscillate; the spring comes to rest within `duration`.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                              initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(UIViewAnimation(duration: duration, delay: delay, options: options, spring: (dampingRatio, velocity)),
            animations, completion)
    }

    /// Keyframes: `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// blocks inside `animations` animate their changes over their share of the duration.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
                                       animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let plain = AnimationOptions(rawValue: options.rawValue & 0x3FF).union(.curveLinear)
        run(UIViewAnimation(duration: duration, delay: delay, options: plain, calculationMode: options.calculationMode),
            animations, completion)
    }

    public class func addKeyframe(withRelativeStartTime start: Double, relativeDuration: Double, animations: () -> Void) {
        guard let block = UIViewAnimation.current, block.keyframes else {
            return UIKitSupport.fail("addKeyframe(withRelativeStartTime:relativeDuration:animations:) is only valid inside UIView.animateKeyframes")
        }
        let outer = block.window
        block.window = (start, relativeDuration)
        animations()
        block.window = outer
    }

    /// Changes made in `actionsWithoutAnimation` take effect at once, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        actionsWithoutAnimation()
        CATransaction.commit()
    }

    static func run(_ block: UIViewAnimation, _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
        let block = UIViewAnimation.current.map(block.nested(in:)) ?? block
        CATransaction.begin()
        CATransaction.setCompletion(completion)
        UIViewAnimation.stack.append(block)
        animations()
        if block.keyframes { block.addKeyframeAnimations() }
        UIViewAnimation.stack.removeLast()
        CATransaction.commit()
    }
}
