// SPDX-License-Identifier: MIT
import CFX
import FXPluginKit
import Testing

/// Each part of fx.h the kit wraps, set through the kit and read back from
/// the engine's model: what the kit hands the host must arrive unchanged.
/// Serialized: the host table serves one session at a time.
@Suite(.serialized) struct KitCoverageTests {
    @Test func everyTimingFieldReachesTheModel() throws {
        let k = try KitStage()
        try k.build {
            let layer = try Layer(name: "box")
            try Layer(handle: k.root).addSublayer(layer)
            let a = try Animation.basic("opacity").from(0.0).to(1.0).duration(2).speed(2).timeOffset(0.25)
                .repeatDuration(3).autoreverses(true).additive(true).cumulative(true)
                .timingFunction(TimingCurve(0.3, 0, 0.2, 1))
            try layer.add(a, forKey: "fade")
        }
        let a = try #require(k.firstAnimation)
        #expect(a.timing.duration == 2 && a.timing.speed == 2 && a.timing.timeOffset == 0.25)
        #expect(a.timing.repeatDuration == 3 && a.timing.autoreverses)
        #expect(a.isAdditive && a.isCumulative)
        let f = try #require(a.timingFunction)
        #expect([f.x1, f.y1, f.x2, f.y2] == [0.3, 0, 0.2, 1])
    }

    @Test func springFieldsAndTheSettlingDuration() throws {
        let k = try KitStage()
        var settling = 0.0
        try k.build {
            let layer = try Layer(name: "ball")
            try Layer(handle: k.root).addSublayer(layer)
            let s = try Animation.spring("position.y").from(0.0).to(100.0).mass(2).stiffness(50).damping(5)
                .initialVelocity(1.5).allowsOverdamping(true)
            settling = try s.settlingDuration()
            try layer.add(s, forKey: "drop")
            let uikit = try Animation.spring("position.x").to(10.0).duration(0.5).dampingRatio(1)
            try layer.add(uikit, forKey: "slide")
        }
        let animations = k.layers[0].animations
        guard case .spring(_, _, _, let spring) = animations[0].kind else { Issue.record("not a spring"); return }
        #expect(spring.mass == 2 && spring.stiffness == 50 && spring.damping == 5)
        #expect(spring.initialVelocity == 1.5 && spring.allowsOverdamping)
        #expect(settling == spring.settlingDuration)
        guard case .spring(_, _, _, let uikit) = animations[1].kind else { Issue.record("not a spring"); return }
        #expect(uikit.uiKitDampingRatio == 1)
    }

    @Test func settlingDurationOfANonSpringIsAnErrorNotANumber() throws {
        let k = try KitStage()
        var caught: PluginError?
        try k.build {
            do { _ = try Animation.basic("opacity").settlingDuration() } catch let e as PluginError { caught = e }
        }
        #expect(caught != nil)
    }

    @Test func keyframeFieldsNamedAndCustomSegmentCurves() throws {
        let k = try KitStage()
        try k.build {
            let layer = try Layer(name: "dot")
            try Layer(handle: k.root).addSublayer(layer)
            let named = try Animation.keyframe("position.x").values([0.0, 50.0, 80.0]).keyTimes([0, 0.25, 1])
                .calculationMode("cubic").tensionValues([0, 0.5, 0]).continuityValues([0, -0.5, 0]).biasValues([0, 1, 0])
                .timingFunctions(named: ["easeIn", "linear"])
            try layer.add(named, forKey: "named")
            let custom = try Animation.keyframe("position.y").values([0.0, 10.0, 20.0])
                .timingFunctions([TimingCurve(0.3, 0, 0.2, 1), .easeOut])
            try layer.add(custom, forKey: "custom")
            let path = try Path()
            try path.move(to: Point(0, 0))
            try path.line(to: Point(30, 40))
            try layer.add(try Animation.keyframe("position").path(path).calculationMode("paced"), forKey: "path")
        }
        let animations = k.layers[0].animations
        guard case .keyframe(let named) = animations[0].kind, case .keyframe(let custom) = animations[1].kind,
              case .keyframe(let path) = animations[2].kind else { Issue.record("not keyframes"); return }
        #expect(named.keyTimes == [0, 0.25, 1] && named.calculationMode.rawValue == "cubic")
        #expect(named.tensionValues == [0, 0.5, 0] && named.continuityValues == [0, -0.5, 0] && named.biasValues == [0, 1, 0])
        // The names stand for Apple's published control points.
        #expect(named.timingFunctions?.map { [$0.x1, $0.y1, $0.x2, $0.y2] } == [[0.42, 0, 1, 1], [0, 0, 1, 1]])
        #expect(custom.timingFunctions?.map { [$0.x1, $0.y1, $0.x2, $0.y2] } == [[0.3, 0, 0.2, 1], [0, 0, 0.58, 1]])
        #expect(path.path != nil && path.keyframeCount == 2 && path.calculationMode.rawValue == "paced")
    }

    /// Keyframe values that carry arrays (gradient colours, locations) and
    /// text are copied before the one call that hands them all over.
    @Test func keyframeValuesWithArraysAndText() throws {
        let k = try KitStage()
        try k.build {
            let g = try Layer(.gradient, name: "sky")
            try Layer(handle: k.root).addSublayer(g)
            let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
            let colours = try Animation.keyframe("colors").values([Colors([red, blue]), Colors([blue, red]), Colors([blue, blue])])
            try g.add(colours, forKey: "colours")
            try g.add(try Animation.keyframe("locations").values([[0.0, 1.0], [0.25, 0.75]]), forKey: "locations")
            let t = try Layer(.text, name: "label")
            try Layer(handle: k.root).addSublayer(t)
            try t.add(try Animation.keyframe("string").values(["Paris", "Rome", "Oslo"]), forKey: "words")
        }
        guard case .keyframe(let colours) = k.layers[0].animations[0].kind,
              case .keyframe(let locations) = k.layers[0].animations[1].kind,
              case .keyframe(let words) = k.layers[1].animations[0].kind else { Issue.record("not keyframes"); return }
        #expect(colours.values.map(Plain.init) == [.numbers([1, 0, 0, 1, 0, 0, 1, 1]), .numbers([0, 0, 1, 1, 1, 0, 0, 1]),
                                                  .numbers([0, 0, 1, 1, 0, 0, 1, 1])])
        #expect(locations.values.map(Plain.init) == [.numbers([0, 1]), .numbers([0.25, 0.75])])
        #expect(words.values.map(Plain.init) == [.text("Paris"), .text("Rome"), .text("Oslo")])
    }

    @Test func transitionFields() throws {
        let k = try KitStage()
        try k.build {
            let layer = try Layer(.text, name: "word")
            try Layer(handle: k.root).addSublayer(layer)
            try layer.add(try Animation.transition().type("push").subtype("fromTop").startProgress(0.2).endProgress(0.8)
                .duration(0.4), forKey: "turn")
        }
        guard case .transition(let t) = try #require(k.firstAnimation).kind else { Issue.record("not a transition"); return }
        #expect(t.type.rawValue == "push" && t.subtype.rawValue == "fromTop" && t.startProgress == 0.2 && t.endProgress == 0.8)
    }

    @Test func eventActionsGetTheEventName() throws {
        let k = try KitStage()
        var heard: [String] = []
        try k.build {
            try Host.on("tap") { name in heard.append(name) }
            try Host.on("swipe") { name in heard.append(name) }
        }
        try k.schedule(event: "swipe", at: 0.1)
        try k.schedule(event: "tap", at: 0.2)
        try k.sample(at: 0.5)
        #expect(heard == ["swipe", "tap"])
    }

    @Test func theHostsVersionAndImagesByHandle() throws {
        let k = try KitStage()
        var version = (major: 0, minor: 0)
        var size = (0, 0)
        try k.build {
            version = Host.abiVersion
            let layer = try Layer(name: "picture")
            try layer.set("contents", try Image(width: 2, height: 3, rgba: [UInt8](repeating: 255, count: 24)))
            guard case .handle(let h) = try layer.get("contents") else { throw PluginError("contents is not an image") }
            let back = try Image(handle: h)
            size = (back.width, back.height)
        }
        #expect(version.major == Int(FX_ABI_MAJOR) && version.minor == Int(FX_ABI_MINOR))
        #expect(size == (2, 3))
    }
}

/// The descriptor the kit builds, read as the host reads it: plain C structs.
@Suite struct KitDescriptorTests {
    static let noop: @convention(c) (UnsafePointer<fx_api>?, fx_layer, Double, Double, Double) -> fx_status = { _, _, _, _, _ in FX_OK }

    @Test func boundsOnOneSideOrBoth() {
        let d = Descriptor.make(name: "bounds", version: "1.0.0", description: "bounds", factories: [
            Factory("bounds", help: "", parameters: [
                Parameter("low", .double, default: "1", minimum: 0.5, help: "at least 0.5"),
                Parameter("high", .double, default: "1", maximum: 9, help: "at most 9"),
                Parameter("both", .double, default: "1", range: 0...2, help: "0 to 2"),
            ], build: KitDescriptorTests.noop),
        ])
        let params = d.pointee.factories[0].params!
        #expect(params[0].flags == FX_PARAM_HAS_MIN && params[0].min == 0.5)
        #expect(params[1].flags == FX_PARAM_HAS_MAX && params[1].max == 9)
        #expect(params[2].flags == FX_PARAM_HAS_MIN | FX_PARAM_HAS_MAX && params[2].min == 0 && params[2].max == 2)
        #expect(d.pointee.abi_major == FX_ABI_MAJOR && d.pointee.factories[0].param_count == 3)
    }
}
