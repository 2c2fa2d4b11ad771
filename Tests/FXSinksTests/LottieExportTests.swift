// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import TestSupport
import Testing
@testable import FXImageSinks
import FXSinks

/// The Lottie export's parts against values worked out by hand: the keyframe
/// fit, the affine decomposition, the JSON numbers and base64 (RFC 4648's
/// examples), paths, and a whole document of two linear animations.
@Suite struct LottieExportTests {
    @Test func aStraightLineIsTwoKeyframes() {
        let ramp: [[Double]?] = (0...10).map { [Double($0) * 3] }
        #expect(KeyframeFit.fit(ramp, tolerance: [0.25]).map(\.index) == [0, 10])
    }

    @Test func aStepKeepsItsCorners() {
        // 0, 0, 0, 5, 5, 5: flat to frame 2, one frame's jump, flat from frame 3 (the last key repeats and is dropped).
        let step: [[Double]?] = [0, 0, 0, 5, 5, 5].map { [$0] }
        #expect(KeyframeFit.fit(step, tolerance: [0.25]).map(\.index) == [0, 2, 3])
    }

    @Test func aCurveIsReproducedWithinTheTolerance() {
        // A sine: no straight line nor cubic Bézier easing holds a half wave of it.
        let curve: [[Double]?] = (0...30).map { [10 * sin(Double($0) / 5)] }
        let keys = KeyframeFit.fit(curve, tolerance: [0.25])
        #expect(keys.count > 2 && keys.count < 31)
        for (a, b) in zip(keys, keys.dropFirst()) {
            for k in a.index...b.index {
                let f = a.easing(Double(k - a.index) / Double(b.index - a.index))
                let v = curve[a.index]![0] + (curve[b.index]![0] - curve[a.index]![0]) * f
                #expect(abs(v - curve[k]![0]) <= 0.25)
            }
        }
    }

    @Test func aChangeOfStructureHolds() {
        let samples: [[Double]?] = [[0], [1], nil, [5, 5]]
        let keys = KeyframeFit.fit(samples, tolerance: [0.25], structure: [1, 1, 0, 2])
        #expect(keys == [.init(index: 0, hold: false), .init(index: 1, hold: true), .init(index: 3, hold: false)])
    }

    @Test func decomposition() {
        let r = 30.0 * .pi / 180
        // R(30°) · diag(2, 3).
        let p = PlaneAffine(a: 2 * cos(r), b: 2 * sin(r), c: -3 * sin(r), d: 3 * cos(r)).parts
        #expect(abs(p.rotation - 30) < 1e-9 && abs(p.scaleX - 2) < 1e-9 && abs(p.scaleY - 3) < 1e-9 && abs(p.shear) < 1e-9)
        // A mirror: turned half a turn, the y scale negative.
        let m = PlaneAffine(a: -1, d: 1).parts
        #expect(abs(m.rotation - 180) < 1e-9 && abs(m.scaleX - 1) < 1e-9 && abs(m.scaleY + 1) < 1e-9)
        // x += 0.5 y.
        let s = PlaneAffine(a: 1, c: 0.5, d: 1).parts
        #expect(abs(s.rotation) < 1e-9 && abs(s.shear - 0.5) < 1e-9)
    }

    @Test func numbersAndBase64() {
        #expect(LottieJSON.number(1.5) == "1.5")
        #expect(LottieJSON.number(2) == "2")
        #expect(LottieJSON.number(-0.0004) == "0")
        #expect(LottieJSON.number(-12.25) == "-12.25")
        #expect(LottieJSON.number(0.12345, 4) == "0.1235")
        #expect(LottieJSON.number(1e300) == "1e+300" && LottieJSON.number(.nan) == "0")
        #expect(LottieJSON.string("a\"b\n") == "\"a\\\"b\\n\"")
        #expect(LottieJSON.base64(Array("Man".utf8)) == "TWFu")
        #expect(LottieJSON.base64(Array("Ma".utf8)) == "TWE=")
        #expect(LottieJSON.base64(Array("M".utf8)) == "TQ==")
        #expect(LottieJSON.base64([]) == "")
    }

    @Test func pathsBecomeVerticesAndTangents() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.quad(to: Point(3, 0), control: Point(0, 3))
        p.line(to: Point(0, 0))
        p.close()
        let s = LottiePath.subpaths(of: p)
        #expect(s.count == 1)
        // The quadratic raised to a cubic: controls at 2/3 of the way to (0, 3); the line back to the start closes it.
        #expect(s[0].vertices == [Point(0, 0), Point(3, 0)])
        #expect(s[0].outTangents[0] == Point(0, 2))
        #expect(s[0].inTangents[1] == Point(-2, 2))
        #expect(s[0].closed)
    }

    /// ImageSinkTests' stage: a 16-point box at (4, 12) sliding its x from 12 to 52 in 0.3 s (linear,
    /// Core Animation's default), then fading from opacity 1 to 0.2 between 0.5 and 0.7 s.
    @Test func twoLinearAnimationsAreTheirCorners() throws {
        let stage = Stage(size: Size(64, 48))
        let l = stage.makeLayer(.layer, name: "box")
        try l.setFrame(Rect(4, 12, 16, 16))
        try l.set(.backgroundColor, .color(Color(red: 1, green: 0, blue: 0)))
        try stage.root.addSublayer(l)
        var slide = Animation.basic(KeyPath(.position, .x), from: .number(12), to: .number(52))
        slide.timing.duration = 0.3
        slide.timing.fillMode = .forwards
        slide.isRemovedOnCompletion = false
        try l.add(slide, forKey: "slide")
        var fade = Animation.basic(KeyPath(.opacity), from: .number(1), to: .number(0.2))
        fade.timing.beginTime = 0.5
        fade.timing.duration = 0.2
        fade.timing.fillMode = .both
        fade.isRemovedOnCompletion = false
        try l.add(fade, forKey: "fade")

        let path = try TestSupport.temporaryFolder() + "/box.json"
        var notes: [String] = []
        let sink = LottieWriter(output: try OutputFile(path: path, publication: .direct), width: 64, height: 48, fps: 30, strict: false, note: { notes.append($0) })
        for k in 0...24 { try sink.consume(try stage.sample(at: Double(k) / 30)) }
        try sink.finish()
        #expect(notes.isEmpty)
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        #expect(doc["op"] as? Double == 25 && doc["fr"] as? Double == 30 && doc["w"] as? Double == 64)
        let layers = doc["layers"] as! [[String: Any]]
        #expect(layers.count == 1)
        let ks = layers[0]["ks"] as! [String: Any]
        // The anchor is the box's centre in its own space; the position moves it from x 12 to 52 at frame 9.
        #expect((ks["a"] as! [String: Any])["k"] as! [Double] == [8, 8])
        let p = (ks["p"] as! [String: Any])["k"] as! [[String: Any]]
        #expect(p.map { $0["t"] as! Double } == [0, 9])
        #expect(p.map { $0["s"] as! [Double] } == [[12, 20], [52, 20]])
        // Opacity 100 until frame 15 (0.5 s), 20 from frame 21 (0.7 s).
        let o = (ks["o"] as! [String: Any])["k"] as! [[String: Any]]
        #expect(o.map { $0["t"] as! Double } == [0, 15, 21])
        #expect(o.map { $0["s"] as! [Double] } == [[100], [100], [20]])
        #expect((ks["r"] as! [String: Any])["k"] as? Double == 0)
    }

    /// A slide timed by easeInEaseOut (Bézier 0.42, 0, 0.58, 1) from x 12 to 52 over 0.3 s, sampled at
    /// 30 fps: two keyframes, frames 0 and 9, the first eased by that Bézier's handles.
    @Test func anEasedAnimationIsTwoKeyframesWithItsBezier() throws {
        let stage = Stage(size: Size(64, 48))
        let l = stage.makeLayer(.layer, name: "box")
        try l.setFrame(Rect(4, 12, 16, 16))
        try l.set(.backgroundColor, .color(Color(red: 1, green: 0, blue: 0)))
        try stage.root.addSublayer(l)
        var slide = Animation.basic(KeyPath(.position, .x), from: .number(12), to: .number(52))
        slide.timing.duration = 0.3
        slide.timingFunction = .easeInEaseOut
        slide.timing.fillMode = .forwards
        slide.isRemovedOnCompletion = false
        try l.add(slide, forKey: "slide")
        let path = try TestSupport.temporaryFolder() + "/eased.json"
        let sink = LottieWriter(output: try OutputFile(path: path, publication: .direct), width: 64, height: 48, fps: 30, strict: false, note: { _ in })
        for k in 0...15 { try sink.consume(try stage.sample(at: Double(k) / 30)) }
        try sink.finish()
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        let ks = (doc["layers"] as! [[String: Any]])[0]["ks"] as! [String: Any]
        let p = (ks["p"] as! [String: Any])["k"] as! [[String: Any]]
        #expect(p.map { $0["t"] as! Double } == [0, 9])
        #expect(p.map { $0["s"] as! [Double] } == [[12, 20], [52, 20]])
        #expect(p[0]["o"] as? [String: Double] == ["x": 0.42, "y": 0])
        #expect(p[0]["i"] as? [String: Double] == ["x": 0.58, "y": 1])
    }
}
