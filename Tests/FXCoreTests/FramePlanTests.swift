// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// The frame plan against docs/timing.md's rules ("The natural end and timers", "Loops") and
/// docs/SCALE.md's shard ranges, every expected value worked out by hand from them.
@Suite struct FramePlanTests {
    /// A stage with one layer fading over `duration` seconds from `begin`.
    func fading(duration: Double = 1, begin: Double = 0, forever: Bool = false,
                _ configure: (inout Animation) -> Void = { _ in }) throws -> Stage {
        let (stage, layer) = stageWithLayer()
        var a = basic("opacity", from: .number(0), to: .number(1)) {
            $0.timing.duration = duration
            $0.timing.beginTime = begin
            if forever { $0.timing.repeatCount = .infinity }
        }
        configure(&a)
        try layer.add(a, forKey: "fade")
        return stage
    }

    @Test func anEndGivenIsSampledInclusivelyAndALoopLeavesItOut() {
        // k / fps ≤ end: fps 10 to 1 s is frames 0 … 10; a loop stops before 1 s, its next first frame.
        #expect(FramePlan(fps: 10, end: 1).frameCount(end: 1) == 11)
        #expect(FramePlan(fps: 10, end: 1, loop: true).frameCount(end: 1) == 10)
        // 0.95 s at 10 fps: 0 … 0.9, either way.
        #expect(FramePlan(fps: 10).frameCount(end: 0.95) == 10)
        #expect(FramePlan(fps: 10, loop: true).frameCount(end: 0.95) == 10)
        // 3 / 30 is 0.1 to within a hair: the frame at the end is in, and out of a loop.
        #expect(FramePlan(fps: 30).frameCount(end: 0.1) == 4)
        #expect(FramePlan(fps: 30, loop: true).frameCount(end: 0.1) == 3)
        // Frame 0 always is.
        #expect(FramePlan(fps: 30).frameCount(end: 0) == 1)
        #expect(FramePlan(fps: 30, loop: true).frameCount(end: 0) == 1)
    }

    @Test func theLastSampleAtTheEndIsTakenWhereTheFramesStopShortOfIt() {
        // 0.95 s at 10 fps: the last frame is at 0.9, so 0.95 is sampled too, except for video and loops.
        #expect(FramePlan(fps: 10).takesEndSample(count: 10, end: 0.95, evenFramesOnly: false))
        #expect(!FramePlan(fps: 10).takesEndSample(count: 10, end: 0.95, evenFramesOnly: true))
        #expect(!FramePlan(fps: 10, loop: true).takesEndSample(count: 10, end: 0.95, evenFramesOnly: false))
        // 1 s at 10 fps: frame 10 is at the end already.
        #expect(!FramePlan(fps: 10).takesEndSample(count: 11, end: 1, evenFramesOnly: false))
    }

    @Test func shardsAreEqualRangesThatCoverTheRunOnce() {
        // ⌊i·14/3⌋: 0, 4, 9, 14.
        #expect((0..<3).map { FramePlan.shard($0, of: 3, total: 14) } == [0..<4, 4..<9, 9..<14])
        // More shards than frames: ⌊i·2/4⌋ is 0, 0, 1, 1, 2.
        #expect((0..<4).map { FramePlan.shard($0, of: 4, total: 2) } == [0..<0, 0..<1, 1..<1, 1..<2])
    }

    @Test func theSeamDropsARepeatedLastFrameOnlyAtTheNaturalEndOfALoopingFormat() {
        #expect(FramePlan(fps: 10).dropsRepeatedLastFrame(playsOverAndOver: true))
        #expect(!FramePlan(fps: 10, end: 2).dropsRepeatedLastFrame(playsOverAndOver: true))
        #expect(!FramePlan(fps: 10).dropsRepeatedLastFrame(playsOverAndOver: false))
    }

    @Test func theNaturalEndIsTheLastFiniteAnimationsOrFiveSecondsForeverOrThePluginsOwn() throws {
        #expect(try fading(duration: 1, begin: 0.3).naturalEnd == 1.3)
        // Something repeating forever: at least 5 s.
        #expect(try fading(duration: 0.5, forever: true).naturalEnd == 5)
        // A finite animation ending after 60 s counts as forever, and 60 s is the cap.
        #expect(try fading(duration: 61).naturalEnd == 5)
        let declared = try fading(duration: 1)
        try declared.prefer(size: Size(0, 0), end: 0.5)
        #expect(declared.naturalEnd == 0.5)
    }

    @Test func aShardsFrameCountNeedsNoSecondRunUnlessACallbackMayMoveTheEnd() throws {
        let plain = try fading(duration: 1)
        #expect(!plain.mayCallBack)
        // The natural end, 1 s, at 10 fps: 11 frames, known from the built stage alone.
        #expect(FramePlan(fps: 10).frameCount(of: plain) == 11)
        // Forever: 5 s, 51 frames.
        #expect(FramePlan(fps: 10).frameCount(of: try fading(duration: 0.5, forever: true)) == 51)

        let stopping = try fading(duration: 1) { $0.didStop = { _ in } }
        #expect(stopping.mayCallBack)
        #expect(FramePlan(fps: 10).frameCount(of: stopping) == nil)
        // With an end given the callbacks do not matter: 0 … 2 s at 10 fps.
        #expect(FramePlan(fps: 10, end: 2).frameCount(of: stopping) == 21)

        let timed = try fading(duration: 1)
        try timed.addTimer(after: 0.5) {}
        #expect(FramePlan(fps: 10).frameCount(of: timed) == nil)

        // Once its callback has been delivered an animation calls back no more.
        try stopping.advance(to: 2)
        #expect(!stopping.mayCallBack)
    }

    @Test func evenFramesAreSampledAtKOverFpsUpToTheEnd() throws {
        let stage = try fading(duration: 0.3)
        var times: [Double] = []
        let (count, end) = try FramePlan(fps: 10).sampleEvenFrames(of: stage, stopAfter: nil) { _, t, _ in times.append(t) }
        #expect(count == 4 && end == 0.3)
        #expect(times == [0, 0.1, 0.2, 0.3].map { $0 })
        // A plan of at most 5 frames refuses the sixth.
        #expect(throws: FramePlan.Refusal.tooManyFrames(5)) {
            _ = try FramePlan(fps: 10, end: 1, maxFrames: 5).sampleEvenFrames(of: try fading(), stopAfter: nil) { _, _, _ in }
        }
    }

    @Test func oneLoopIsOnePeriodOrTheEffectUpToItsEndEndExclusive() throws {
        func loop(_ stage: Stage, fps: Double = 10) throws -> [Double] {
            var times: [Double] = []
            try FramePlan(fps: fps, loop: true).sampleOnePeriod(of: stage, offGrid: { _ in }) { times.append($0.time) }
            return times
        }
        // A 0.5 s cycle repeating forever from 0: five frames at 10 fps.
        #expect(try loop(try fading(duration: 0.5, forever: true)).count == 5)
        // An effect that ends at 1 s: 0 … 0.9, the end left out.
        #expect(try loop(try fading(duration: 1)).count == 10)
        // A 0.25 s cycle at 10 fps is 2.5 frames: the seam is off, and the plan says so.
        var offBy: Double?
        try FramePlan(fps: 10, loop: true).sampleOnePeriod(of: try fading(duration: 0.25, forever: true), offGrid: { offBy = $0 }) { _ in }
        #expect(offBy == 0.25)
        // A timer chain that never ends keeps the stage from settling: refused at the 60 s cap.
        let (chain, _) = stageWithLayer()
        func tick() throws { try chain.addTimer(after: 1) { try tick() } }
        try tick()
        #expect(throws: FramePlan.Refusal.stillChanging(at: 60)) { _ = try loop(chain) }
    }
}
