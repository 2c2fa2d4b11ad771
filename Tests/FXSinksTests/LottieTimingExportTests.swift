// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import TestSupport
import Testing
@testable import FXImageSinks
import FXSinks

/// Timing in the Lottie export against values worked out by hand: a custom
/// `CAMediaTimingFunction`'s control points come out as the keyframe's
/// Bézier handles exactly, and a spring (no Bézier can hold it) is sampled
/// into keyframes that follow the damped oscillator within the tolerance.
@Suite struct LottieTimingExportTests {
    /// The cubic Bézier (0,0), (x1,y1), (x2,y2), (1,1) at x = p: x solved by bisection, y read
    /// (Core Animation's timing function and a Lottie keyframe's easing alike).
    static func bezier(_ p: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func b(_ t: Double, _ a: Double, _ c: Double) -> Double { 3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * c + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if b(mid, x1, x2) < p { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, y1, y2)
    }

    /// A Lottie property's first component at `frame`, as a player reads its keyframes (the Lottie
    /// format's rule: between keyframes t0 and t1, s0 + (s1 − s0) · bezier(o, i)((frame − t0) / (t1 − t0))).
    static func played(_ keys: [[String: Any]], at frame: Double) -> Double {
        let s = keys.map { ($0["s"] as! [Double])[0] }, t = keys.map { $0["t"] as! Double }
        guard frame > t[0] else { return s[0] }
        for n in 0..<(keys.count - 1) where frame <= t[n + 1] {
            if keys[n]["h"] as? Double == 1 { return s[n] }
            let o = keys[n]["o"] as! [String: Double], i = keys[n]["i"] as! [String: Double]
            let f = bezier((frame - t[n]) / (t[n + 1] - t[n]), o["x"]!, o["y"]!, i["x"]!, i["y"]!)
            return s[n] + (s[n + 1] - s[n]) * f
        }
        return s[s.count - 1]
    }

    /// A 16-point box (frame at x 4) whose `position.x` is animated from 12 to 52 by `animation`
    /// from time 0, sampled at 30 fps for `frames` frames: the position keyframes of its export.
    static func exported(_ animation: Animation, frames: Int) throws -> [[String: Any]] {
        let stage = Stage(size: Size(64, 48))
        let l = stage.makeLayer(.layer, name: "box")
        try l.setFrame(Rect(4, 12, 16, 16))
        try l.set(.backgroundColor, .color(Color(red: 1, green: 0, blue: 0)))
        try l.set(.position, .point(Point(52, 20)))
        try stage.root.addSublayer(l)
        try l.add(animation, forKey: "slide")
        let path = try TestSupport.temporaryFolder() + "/timed.json"
        let sink = LottieWriter(output: try OutputFile(path: path, publication: .direct), width: 64, height: 48, fps: 30, strict: false, note: { _ in })
        for k in 0...frames { try sink.consume(try stage.sample(at: Double(k) / 30)) }
        try sink.finish()
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        let layers = doc["layers"] as! [[String: Any]]
        #expect(layers.count == 1)
        let ks = layers[0]["ks"] as! [String: Any]
        return (ks["p"] as! [String: Any])["k"] as! [[String: Any]]
    }

    /// Custom timing functions over 0.5 s (frames 0…15): two keyframes, the first eased by the
    /// function's own control points, written as those numbers; the file played back at every
    /// frame is 12 + 40 · bezier(frame / 15), computed here from the control points.
    @Test(arguments: [[0.68, -0.55, 0.265, 1.55], [0.3, 0.9, 0.2, 1], [0.1234, 0.5678, 0.4321, 0.8765]])
    func aCustomTimingFunctionIsItsOwnBezier(_ c: [Double]) throws {
        var slide = Animation.basic(KeyPath(.position, .x), from: .number(12), to: .number(52))
        slide.timing.duration = 0.5
        slide.timingFunction = try TimingFunction(c[0], c[1], c[2], c[3])
        let p = try Self.exported(slide, frames: 20)
        #expect(p.map { $0["t"] as! Double } == [0, 15])
        #expect(p.map { $0["s"] as! [Double] } == [[12, 20], [52, 20]])
        #expect(p[0]["o"] as? [String: Double] == ["x": c[0], "y": c[1]])
        #expect(p[0]["i"] as? [String: Double] == ["x": c[2], "y": c[3]])
        for k in 0...20 {
            let expected = 12 + 40 * Self.bezier(min(1, Double(k) / 15), c[0], c[1], c[2], c[3])
            #expect(abs(Self.played(p, at: Double(k)) - expected) < 1e-3, "frame \(k)")
        }
    }

    /// A spring (mass 1, stiffness 100, damping 10: ω₀ = 10, ζ = 0.5, an underdamped oscillator) over
    /// 1.5 s has no Bézier: it is sampled, and the keyframes played back follow Apple's closed form,
    /// x(t) = 12 + 40 · (1 − e^(−ζω₀t) (cos ωd t + ζω₀/ωd sin ωd t)), ωd = ω₀√(1 − ζ²), within half a
    /// point at every frame, with more than two keyframes and far fewer than one a frame.
    @Test func aSpringIsSampledWithinTheTolerance() throws {
        var spring = Animation.spring(KeyPath(.position, .x), from: .number(12), to: .number(52), spring: Spring(mass: 1, stiffness: 100, damping: 10))
        spring.timing.duration = 1.5
        let p = try Self.exported(spring, frames: 45)
        let w0 = 10.0, zeta = 0.5, wd = w0 * (1 - zeta * zeta).squareRoot()
        #expect(p.count > 2 && p.count < 30, "\(p.count) keyframes")
        for k in 0...45 {
            let t = Double(k) / 30
            let expected = 12 + 40 * (1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t)))
            #expect(abs(Self.played(p, at: Double(k)) - expected) <= 0.5, "frame \(k)")
        }
    }
}
