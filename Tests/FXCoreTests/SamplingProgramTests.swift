// SPDX-License-Identifier: MIT
import Testing
@testable import FXCore

/// The sampling program (a stage's tree laid out flat, rebuilt when the model
/// changes) against the tree walk it replaces: after every kind of change to
/// the model, both must present the same layers with the same values.
@Suite struct SamplingProgramTests {
    /// Everything a snapshot says about its layers, as text.
    static func describe(_ layers: [PresentedLayer]) -> [String] {
        layers.map { l in
            let values = Property.allCases.filter { $0.applies(to: l.kind) }.map { "\($0.key)=\(l[$0])" }
            return "\(l.id) \(l.name) \(l.kind) parent \(l.parent) depth \(l.depth) mask \(l.isMask) t \(l.localTime) "
                + "animated \(l.animated.map { "\($0.key)=\($0.value)" }) transitions \(l.transitions.count) "
                + "particles \(l.particles?.particles.count ?? -1) " + values.joined(separator: " ")
        }
    }

    /// Samples `stage` at `t` and checks the program's snapshot against a walk of the tree.
    func check(_ stage: Stage, at t: Double, _ what: String) throws {
        let program = try stage.sample(at: t).layers
        let walked = Sampler.walk(stage.root, at: t).layers
        let a = Self.describe(program), b = Self.describe(walked)
        #expect(a.count == b.count, "\(what): \(a.count) layers vs \(b.count)")
        for (x, y) in zip(a, b) where x != y {
            Issue.record("\(what) at t = \(t):\n  program: \(x)\n  walk:    \(y)")
            break
        }
    }

    func number(_ kp: String, _ from: Double, _ to: Double, duration: Double = 1) -> Animation {
        var a = Animation.basic(try! KeyPath(parsing: kp), from: .number(from), to: .number(to))
        a.timing.duration = duration
        a.timingFunction = .easeInEaseOut
        return a
    }

    @Test func everyKindOfChangeIsSeen() throws {
        let stage = Stage(size: Size(320, 240))
        var layers: [Layer] = []
        for i in 0..<6 {
            let l = stage.makeLayer(i == 5 ? .emitter : .layer, name: "l\(i)")
            try l.setFrame(Rect(Double(i) * 10, 0, 20, 20))
            try (i % 2 == 0 || layers.isEmpty ? stage.root : layers[i - 1]).addSublayer(l)
            layers.append(l)
        }
        try layers[0].add(number("opacity", 0, 1, duration: 2), forKey: "fade")
        try layers[1].add(number("position.x", 0, 100), forKey: "move")
        // A group: presented from the layer itself.
        var group = Animation.group([number("opacity", 1, 0.2), number("bounds.size.width", 20, 60)])
        group.timing.duration = 1.5
        try layers[2].add(group, forKey: "group")
        var cell = EmitterCell(name: "c")
        cell[.birthRate] = 20
        cell[.lifetime] = 2
        cell[.velocity] = 30
        try layers[5].addEmitterCell(cell)
        try check(stage, at: 0.25, "the first tree")

        try layers[3].set(.opacity, .number(0.5))
        try check(stage, at: 0.3, "a model value set")
        layers[3].name = "renamed"
        try check(stage, at: 0.35, "a layer renamed")
        layers[1].timing = LayerTiming(beginTime: 0.1, speed: 2, timeOffset: 0.05)
        try check(stage, at: 0.4, "a layer's timing")
        let extra = stage.makeLayer(.layer, name: "extra")
        try layers[1].addSublayer(extra)
        try extra.add(number("position.y", 5, 50), forKey: "drop")
        try check(stage, at: 0.45, "a sublayer added, with an animation")
        let maskLayer = stage.makeLayer(.layer, name: "mask")
        try maskLayer.add(number("opacity", 1, 0), forKey: "fade")
        try layers[0].setMask(maskLayer)
        try check(stage, at: 0.5, "a mask set")
        var transition = Transition()
        transition.type = .push
        var t = Animation.transition(transition)
        t.timing.duration = 0.5
        try layers[4].add(t, forKey: "push")
        try check(stage, at: 0.6, "a transition added")
        _ = try layers[1].removeAnimation(forKey: "move")
        try check(stage, at: 0.65, "an animation removed")
        layers[2].removeFromSuperlayer()
        try check(stage, at: 0.7, "a layer removed")
        try layers[0].setMask(nil)
        try check(stage, at: 0.75, "a mask cleared")
        // The 1 s animations end (their stops detach them), the 2 s fade goes on.
        try check(stage, at: 1.6, "animations ended")
        try check(stage, at: 2.5, "every animation ended")
    }

    /// A tree large enough to be sampled on two threads, with masks and nesting.
    @Test func largeTreesShareTheWorkTheSameWay() throws {
        let stage = Stage(size: Size(640, 480))
        for i in 0..<2_500 {
            let l = stage.makeLayer(.layer, name: "l\(i)")
            try stage.root.addSublayer(l)
            try l.add(number("position.x", 0, Double(i), duration: 1 + Double(i % 7) / 10), forKey: "a")
            if i % 10 == 0 {
                let child = stage.makeLayer(.layer, name: "c\(i)")
                try l.addSublayer(child)
                var k = Animation.keyframe(KeyPath(.opacity), Keyframes(values: [.number(0), .number(1), .number(0.3)]))
                k.timing.duration = 0.8
                k.timing.repeatCount = .infinity
                try child.add(k, forKey: "k")
            }
            if i % 97 == 0 {
                let m = stage.makeLayer(.layer, name: "m\(i)")
                try l.setMask(m)
            }
        }
        #expect(stage.samplingProgram.split != nil, "the tree is shared between two threads")
        for t in [0.1, 0.55, 1.3] { try check(stage, at: t, "2,500 layers") }
    }

    /// Many layers whose number animations share some timing functions and
    /// springs and not others, with keyframes of every length and mode: the
    /// program keeps their parts once for the whole tree (each function and
    /// spring motion once), and every record must still find its own.
    @Test func sharedPartsFindTheirOwnAnimation() throws {
        let stage = Stage(size: Size(320, 240))
        let curves: [TimingFunction] = [.easeIn, .easeOut, .default, try TimingFunction(0.3, -0.4, 0.6, 1.5)]
        for i in 0..<40 {
            let l = stage.makeLayer(.layer, name: "l\(i)")
            try l.set(.position, .point(Point(Double(i), 3)))
            try stage.root.addSublayer(l)
            var basic = number(i % 2 == 0 ? "position.x" : "opacity", Double(i), Double(100 - i),
                               duration: 0.5 + Double(i % 3) / 4)
            basic.timingFunction = i % 5 == 4 ? nil : curves[i % curves.count]
            basic.isAdditive = i % 4 == 1
            basic.isCumulative = i % 3 == 0
            basic.timing.repeatCount = 3
            basic.timing.autoreverses = i % 2 == 1
            try l.add(basic, forKey: "basic")
            // Three distinct springs (UIKit's ratio form is critically damped from 1 up).
            let spring = Spring(duration: 1, dampingRatio: [0.3, 0.6, 1.0][i % 3])
            try l.add(Animation.spring(KeyPath(.bounds, .sizeWidth), from: .number(10), to: .number(10 + Double(i)),
                                       spring: spring), forKey: "spring")
            let n = 1 + i % 5
            var k = Keyframes(values: (0..<n).map { .number(Double($0 * $0 + i)) },
                              timingFunctions: (0..<max(0, n - 1 - i % 2)).map { curves[($0 + i) % curves.count] })
            k.calculationMode = [.linear, .discrete, .paced][i % 3]
            var key = Animation.keyframe(KeyPath(.position, .y), k)
            key.timing.duration = 0.9
            key.timing.repeatCount = .infinity
            key.timingFunction = curves[(i + 1) % curves.count]
            key.isCumulative = i % 4 == 2
            try l.add(key, forKey: "keys")
        }
        #expect(stage.samplingProgram.animations.count == 120, "every animation takes the number path")
        #expect(stage.samplingProgram.pool.motions.count == 3, "each spring motion is kept once")
        for t in [0.05, 0.31, 0.62, 1.07, 1.5, 2.2] { try check(stage, at: t, "shared parts") }
    }
}
