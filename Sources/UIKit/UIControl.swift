// SPDX-License-Identifier: MIT
import QuartzCore

/// UIKit's base class of controls (`UIControl`): a view with Apple's enabled,
/// selected and highlighted flags, and the state they make. There are no
/// touches here, so nothing tracks, nothing sends actions and target-action
/// (`addTarget(_:action:for:)`, a `#selector`) cannot be had on Linux:
/// docs/SWIFT-PORTING.md gives the one-line replacement (an fxhost event).
open class UIControl: UIView {
    /// Apple's `UIControl.State`: `.normal` is the empty set.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    /// Apple's `UIControl.Event` values, for code that names them (nothing sends them here).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
    }

    /// Apple's default is true.
    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    /// Nothing tracks here: always false.
    open var isTracking: Bool { false }
    open var isTouchInside: Bool { false }

    /// Apple: "a bitmask value that indicates the state of the control", made of the three flags.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// No target is ever added, so there is nothing to send.
    open func sendActions(for controlEvents: Event) {}
}
