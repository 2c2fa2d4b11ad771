// SPDX-License-Identifier: MIT
/// A layer's time (or an animation's elapsed time) as a function of the stage's: `rate × t + offset`.
/// Layer time is an affine function of its parent's (Core Animation's rule R2,
/// `local = (parent − beginTime) × speed + timeOffset`, `LayerTiming.localTime`; Apple's
/// `CAMediaTiming` documentation), so the map of any layer is its parent's map followed by its own
/// timing, and walks that go down the tree carry one `TimeMap` instead of re-deriving the rule.
public struct TimeMap: Sendable, Equatable {
    /// Layer (or elapsed) seconds per stage second.
    public var rate: Double
    /// The time at stage time 0.
    public var offset: Double

    /// The stage's own clock: the root's parent time.
    public static let stage = TimeMap(rate: 1, offset: 0)

    public init(rate: Double, offset: Double) {
        self.rate = rate
        self.offset = offset
    }

    /// The map of a layer with `timing` whose parent has this map (R2).
    public func then(_ timing: LayerTiming) -> TimeMap {
        TimeMap(rate: rate * timing.speed, offset: timing.localTime(offset))
    }

    /// The elapsed time of an animation with `timing` on a layer with this map:
    /// `(local − beginTime) × speed`, before its own timeOffset, repeats and autoreverse.
    public func elapsed(_ timing: MediaTiming) -> TimeMap {
        TimeMap(rate: rate * timing.speed, offset: (offset - timing.beginTime) * timing.speed)
    }

    /// The mapped time at stage time `t`.
    public func callAsFunction(_ t: Double) -> Double { rate * t + offset }

    /// The map of `layer`, composed from the topmost ancestor down (through masks too).
    public static func of(_ layer: Layer) -> TimeMap {
        var chain: [Layer] = []
        var l: Layer? = layer
        while let cur = l {
            chain.append(cur)
            l = cur.timeParent
        }
        return chain.reversed().reduce(TimeMap.stage) { $0.then($1.timing) }
    }
}
