// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// `TimeMap`: a layer's time as rate × t + offset, composed down the tree by rule R2
/// (`local = (parent − beginTime) × speed + timeOffset`). Expected maps are worked out by hand.
@Suite struct TimeMapTests {
    /// root → parent (beginTime 1, speed 2, timeOffset 0.5) → child (speed 0.5, timeOffset 3), and
    /// a mask on the child (beginTime 4): parent = 2t − 1.5; child = (2t − 1.5) × 0.5 + 3 = t + 2.25;
    /// mask = (t + 2.25 − 4) × 1 = t − 1.75.
    @Test func composesRuleR2DownTheTreeAndThroughMasks() throws {
        let (stage, parent) = stageWithLayer()
        parent.timing = LayerTiming(beginTime: 1, speed: 2, timeOffset: 0.5)
        let child = stage.makeLayer(.layer, name: "child")
        child.timing = LayerTiming(speed: 0.5, timeOffset: 3)
        try parent.addSublayer(child)
        let mask = stage.makeLayer(.layer, name: "mask")
        mask.timing = LayerTiming(beginTime: 4)
        try child.setMask(mask)

        #expect(TimeMap.of(parent) == TimeMap(rate: 2, offset: -1.5))
        #expect(TimeMap.of(child) == TimeMap(rate: 1, offset: 2.25))
        #expect(TimeMap.of(mask) == TimeMap(rate: 1, offset: -1.75))
        #expect(mask.timeParent === child && child.timeParent === parent && stage.root.timeParent == nil)
        for t in [0.0, 0.75, 3.0] {
            #expect(close(TimeMap.of(child)(t), t + 2.25))
            #expect(close(TimeMap.of(mask)(t), mask.localTime(atGlobal: t)))
        }
    }

    /// An animation (beginTime 2, speed 3) on a layer whose time is t + 2.25 has elapsed
    /// (t + 2.25 − 2) × 3 = 3t + 0.75: its timeOffset is not part of elapsed time.
    @Test func elapsedTimeOfAnAnimation() {
        var timing = MediaTiming()
        timing.beginTime = 2
        timing.speed = 3
        timing.timeOffset = 10
        let elapsed = TimeMap(rate: 1, offset: 2.25).elapsed(timing)
        #expect(elapsed == TimeMap(rate: 3, offset: 0.75))
        #expect(elapsed(1) == 3.75)
    }

    /// A paused layer (speed 0, timeOffset 5) stands still at 5 whatever its parent does.
    @Test func pausedLayerStandsStill() {
        let map = TimeMap(rate: 2, offset: 7).then(LayerTiming(speed: 0, timeOffset: 5))
        #expect(map == TimeMap(rate: 0, offset: 5))
    }
}
