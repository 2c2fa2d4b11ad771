// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// The second library of the corpus: four DGActivityIndicatorView loaders
/// (Fixtures/dgactivity.c), chosen for what the SpinKit ports do not use: custom Bézier
/// timing functions, transform sub-key-paths, a group's timeOffset, nil fills, translations.
/// Expected values come from Core Animation's rules computed here (Reference.swift). The
/// original's `float` literals are floats, so the expectations take them through Float too.
@Suite struct DGActivityConformanceTests {
    typealias Curve = CoreAnimation.Curve
    /// DGActivityIndicatorView's default size.
    let size = 40.0

    /// A float literal of the original (`0.7f`) as the double it becomes.
    func f(_ v: Float) -> Double { Double(v) }

    func curve(_ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float) -> Curve {
        Curve(x1: f(x1), y1: f(y1), x2: f(x2), y2: f(y2))
    }

    /// DGActivityIndicatorLineScalePulseOutAnimation: "transform.scale.y" keyframes with a custom
    /// Bézier per segment; beginTime 0.4, 0.2, 0, 0.2, 0.4 in the layer's time, so until then the
    /// outer bars show their model transform (identity).
    @Test func lineScalePulseOut() throws {
        let samples = try Corpus.dgActivity.samples("line-scale-pulse-out")
        let c = curve(0.85, 0.25, 0.37, 0.85)
        let beginTimes: [Float] = [0.4, 0.2, 0, 0.2, 0.4]
        for i in 0..<5 {
            let sy = keyframed([1, f(0.4), 1], beginTime: f(beginTimes[i]), duration: 1, keyTimes: [0, 0.5, 1], curves: [c, c], model: 1)
            try expectScale(samples, "line\(i)", sx: { _ in 1 }, sy: sy, sz: { _ in 1 })
        }
        // Hand check: a quarter second in, only the middle bar has begun: the others are unscaled.
        let early = try #require(samples.first { $0.t == 0.15 })
        #expect(try early.transform("line0")[2, 2] == 1 && early.transform("line2")[2, 2] < 1)
    }

    /// DGActivityIndicatorBallScaleRippleMultipleAnimation: one group added three times with
    /// timeOffset 0, 0.2, 0.4, so ring i plays from 0.2·i s into the cycle (R11). Opacity has a
    /// custom Bézier per segment; scale has it as the child's own timingFunction.
    ///
    /// The scale's keyTimes are 0 and 0.7: Apple's page says the last must be 1 and that keyTimes
    /// that are invalid "are ignored" (scale reaches 1 at the end of the cycle), while the
    /// author meant them literally (1 from 0.7 on), as the CSS original does. Which one Core
    /// Animation does is not published, so the scale is held between the two readings.
    @Test func ballScaleRippleMultiple() throws {
        let samples = try Corpus.dgActivity.samples("ball-scale-ripple-multiple")
        let c = curve(0.21, 0.53, 0.56, 0.8)
        let timeOffsets: [Float] = [0, 0.2, 0.4]
        for i in 0..<3 {
            let g: (Double) -> Double = { t in
                CoreAnimation.cycleFraction(at: t + self.f(timeOffsets[i]), beginTime: 0, duration: self.f(1.25)) ?? .nan
            }
            for s in samples {
                let opacity = try s.number("circle\(i)", "opacity", default: 1)
                expectValue(opacity, { CoreAnimation.keyframe([1, self.f(0.7), 0], at: g($0), keyTimes: [0, self.f(0.7), 1], curves: [c, c]) },
                            at: s.t, "circle\(i) opacity")
                let m = try s.transform("circle\(i)")
                #expect(abs(m[1, 1] - m[2, 2]) < 1e-12 && abs(m[1, 1] - m[3, 3]) < 1e-12, "transform.scale scales x, y and z alike")
                let scale = m[1, 1]
                let fits = [s.t, s.t - 1e-9, s.t + 1e-9].contains { t in
                    let p = c(g(t))
                    let ignored = f(0.1) + (1 - f(0.1)) * p
                    let literal = p < f(0.7) ? f(0.1) + (1 - f(0.1)) * p / f(0.7) : 1
                    return scale >= ignored - 1e-6 && scale <= literal + 1e-6
                }
                #expect(fits, "circle\(i) scale \(scale) at t = \(s.t) is outside both readings of keyTimes [0, 0.7]")
            }
        }
    }

    /// DGActivityIndicatorBallClipRotatePulseAnimation: a dot scaling on its own, and arcs under a
    /// group of "transform.scale" and "transform.rotation.z" keyframe animations, which combine on
    /// the one transform: m11 = s·cos θ, m12 = s·sin θ, m33 = s. The rotation's keyframes are
    /// numbers (0, π, 2π), so which way it turns is determined.
    @Test func ballClipRotatePulse() throws {
        let samples = try Corpus.dgActivity.samples("ball-clip-rotate-pulse")
        let c = curve(0.09, 0.57, 0.49, 0.9)
        let small = keyframed([1, f(0.3), 1], beginTime: 0, duration: 1, keyTimes: [0, f(0.3), 1], curves: [c, c], model: 1)
        try expectScale(samples, "smallCircle", sx: small, sy: small, sz: small)
        let big = keyframed([1, f(0.6), 1], beginTime: 0, duration: 1, keyTimes: [0, 0.5, 1], curves: [c, c], model: 1)
        let angle = keyframed([0, Double.pi, 2 * Double.pi], beginTime: 0, duration: 1, keyTimes: [0, 0.5, 1], curves: [c, c], model: 0)
        try expectTurn(samples, "bigCircle", angle: angle, scale: big)
        for s in samples { expectValue(try s.transform("bigCircle")[3, 3], big, at: s.t, "bigCircle m33") }
    }

    /// DGActivityIndicatorBallTrianglePathAnimation: translation keyframes at keyTimes 0, 0.33,
    /// 0.66, 1 with easeInEaseOut per segment; one template whose values change before each add.
    @Test func ballTrianglePath() throws {
        let samples = try Corpus.dgActivity.samples("ball-triangle-path")
        let eio = Curve.easeInEaseOut
        let circleSize = size / 5
        // The original writes each delta with "%f" and parses it back.
        func printed(_ v: Double) -> Double { Double(String(format: "%f", v))! }
        let hx = printed(size / 2 - circleSize / 2)
        let fx = printed(2 * (size / 2 - circleSize / 2)), fy = printed(2 * (size / 2 - circleSize / 2))
        let paths: [(String, [(Double, Double)])] = [
            ("topCenterCircle", [(0, 0), (hx, fy), (-hx, fy), (0, 0)]),
            ("bottomLeftCircle", [(0, 0), (hx, -fy), (fx, 0), (0, 0)]),
            ("bottomRightCircle", [(0, 0), (-fx, 0), (-hx, -fy), (0, 0)]),
        ]
        let times = [0, f(0.33), f(0.66), 1]
        for (layer, points) in paths {
            try expectTurn(samples, layer, angle: { _ in 0 },
                           tx: keyframed(points.map(\.0), beginTime: 0, duration: 2, keyTimes: times, curves: [eio, eio, eio], model: 0),
                           ty: keyframed(points.map(\.1), beginTime: 0, duration: 2, keyTimes: times, curves: [eio, eio, eio], model: 0))
        }
        // Hand check: at 1.3 s, just before key time 0.66 (1.32 s), the top circle is nearly at
        // (−hx, fy), the triangle's bottom-left corner.
        let corner = try #require(samples.first { abs($0.t - 1.3) < 1e-12 })
        let m = try corner.transform("topCenterCircle")
        #expect(abs(m[4, 1] + hx) < 0.5 && abs(m[4, 2] - fy) < 0.5)
    }
}
