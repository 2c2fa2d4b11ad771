// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// The conformance corpus: SpinKit-ObjC's fourteen loaders (Fixtures/spinkit.c, one factory
/// each, ported line for line) through the real fxhost, every layer of every sample checked
/// against Core Animation's published timing rules computed in this file (Reference.swift):
/// `t = tp − beginTime` wrapped by the duration and repeated forever, the before phase showing
/// the model value, keyTimes and one timing function per segment, cubic Béziers solved here,
/// and transform keyframes interpolated component by component (translation, scale, and
/// rotation about a fixed axis by its angle).
@Suite struct SpinKitConformanceTests {
    typealias Curve = CoreAnimation.Curve
    let eio = Curve.easeInEaseOut
    /// RTSpinKitView's default size (`sizeThatFits:`).
    let size = 37.0
    /// SpinKit's own degrees-to-radians constant (0.0174532925, not exactly π/180).
    let degToRad = 0.0174532925

    // MARK: - Scale keyframes

    /// RTSpinKitBounceAnimation: two circles, beginTime now − 1.0·i, so the second is half a cycle on.
    @Test func bounce() throws {
        let samples = try Corpus.spinKit.samples("bounce")
        for i in 0..<2 {
            let s = keyframed([0, 1, 0], beginTime: 0 - 1.0 * Double(i), duration: 2, keyTimes: [0, 0.5, 1], curves: [eio, eio, eio], model: 0)
            try expectScale(samples, "circle\(i)", sx: s, sy: s)
            for sample in samples { #expect(try sample.number("circle\(i)", "opacity", default: 1) == 0.6) }
        }
        // Hand check: at 1 s circle 0 is at keyTime 0.5 (full size) and circle 1, a second ahead, at the cycle's end.
        let atOne = try #require(samples.first { $0.t == 1 })
        #expect(abs(try atOne.transform("circle0")[1, 1] - 1) < 1e-9)
        #expect(abs(try atOne.transform("circle1")[1, 1]) < 1e-9)
    }

    /// RTSpinKitThreeBounceAnimation: beginTime now + 0.25·i; until then the model scale 0 shows.
    @Test func threeBounce() throws {
        let samples = try Corpus.spinKit.samples("three-bounce")
        for i in 0..<3 {
            let s = keyframed([0, 1, 0], beginTime: 0 + 0.25 * Double(i), duration: 1.5, keyTimes: [0, 0.5, 1], curves: [eio, eio, eio], model: 0)
            try expectScale(samples, "circle\(i)", sx: s, sy: s)
        }
    }

    /// RTSpinKitFadingCircleAnimation: eight circles, beginTime now + 0.125·i.
    @Test func fadingCircle() throws {
        let samples = try Corpus.spinKit.samples("fading-circle")
        for i in 0..<8 {
            let s = keyframed([0, 1, 0], beginTime: 0 + 0.125 * Double(i), duration: 1, keyTimes: [0, 0.5, 1], curves: [eio, eio, eio], model: 0)
            try expectScale(samples, "circle\(i)", sx: s, sy: s)
        }
    }

    /// RTSpinKit9CubeGridAnimation: diagonal x + y starts 0.1·(x + y) s late; four curves for three segments.
    @Test func nineCubeGrid() throws {
        let samples = try Corpus.spinKit.samples("nine-cube-grid")
        for x in 0..<3 {
            for y in 0..<3 {
                let s = keyframed([0, 1, 1, 0], beginTime: 0 + 0.1 * Double(x + y), duration: 1.5, keyTimes: [0, 0.4, 0.6, 1],
                                  curves: [eio, eio, eio, eio], model: 0)
                try expectScale(samples, "square\(x)\(y)", sx: s, sy: s)
            }
        }
        // Hand check: between keyTimes 0.4 and 0.6 (0.6 s … 0.9 s of its cycle) a square is at full size.
        let sample = try #require(samples.first { $0.t == 0.75 })
        #expect(abs(try sample.transform("square00")[1, 1] - 1) < 1e-9)
    }

    /// RTSpinKitWaveAnimation: bars stretch in y only; beginTime (now + 1.2) − (1.2 − 0.1·i), model scale (1, 0.3, 0).
    @Test func wave() throws {
        let samples = try Corpus.spinKit.samples("wave")
        for i in 0..<5 {
            let sy = keyframed([0.4, 1, 0.4, 0.4], beginTime: (0 + 1.2) - (1.2 - (0.1 * Double(i))), duration: 1.2,
                               keyTimes: [0, 0.2, 0.4, 1], curves: [eio, eio, eio, eio], model: 0.3)
            try expectScale(samples, "bar\(i)", sx: { _ in 1 }, sy: sy)
        }
        // Hand check: bar 4 starts at 0.4 s; at 0.35 s it shows its model value, 0.3.
        let early = try #require(samples.first { abs($0.t - 0.35) < 1e-12 })
        #expect(abs(try early.transform("bar4")[2, 2] - 0.3) < 1e-12)
    }

    /// RTSpinKitChasingDotsAnimation: the spinner turns (linear quarter turns); the dots scale inside it.
    @Test func chasingDots() throws {
        let samples = try Corpus.spinKit.samples("chasing-dots")
        let angle = keyframed([0, Double.pi / 2, Double.pi, 3 * (Double.pi / 2), 2 * Double.pi], beginTime: 0, duration: 2,
                              keyTimes: [0, 0.25, 0.5, 0.75, 1], curves: Array(repeating: .linear, count: 5), model: 0)
        try expectTurn(samples, "spinner", angle: angle)
        for i in 0..<2 {
            let s = keyframed([0, 1, 0], beginTime: 0 - 1.0 * Double(i), duration: 2, keyTimes: [0, 0.5, 1], curves: [eio, eio, eio], model: 0)
            try expectScale(samples, "spinner/circle\(i)", sx: s, sy: s)
        }
    }

    // MARK: - Opacity keyframes and groups

    /// RTSpinKitCircleAnimation: twelve squares, model opacity 0, keyframed 1 → 0 → 0 from now + 0.084·i.
    @Test func circle() throws {
        let samples = try Corpus.spinKit.samples("circle")
        for i in 0..<12 {
            let opacity = keyframed([1, 0, 0], beginTime: 0 + (0.084 * Double(i)), duration: 1, keyTimes: [0, 0.5, 1], curves: [eio, eio], model: 0)
            let angle = Double(i) * ((Double.pi / 2) / 3)
            for s in samples {
                expectValue(try s.number("square\(i)", "opacity", default: 1), opacity, at: s.t, "square\(i) opacity")
                let m = try s.transform("square\(i)")
                expectValue(m[1, 1], { _ in cos(angle) }, at: s.t, "square\(i) m11")
                expectValue(m[1, 2], { _ in sin(angle) }, at: s.t, "square\(i) m12")
            }
        }
    }

    /// RTSpinKitPulseAnimation: a group (1 s, easeInEaseOut) whose two keyframe children have no
    /// duration, so they take the group's, and see the group's eased time.
    @Test func pulse() throws {
        let samples = try Corpus.spinKit.samples("pulse")
        // Before it begins the model shows: scale 0 and opacity 1, which is g = 0.
        let g: (Double) -> Double = { t in self.eio(CoreAnimation.cycleFraction(at: t, beginTime: 0, duration: 1) ?? 0) }
        try expectScale(samples, "circle", sx: g, sy: g)
        for s in samples {
            expectValue(try s.number("circle", "opacity", default: 1), { 1 - g($0) }, at: s.t, "circle opacity")
        }
        // Hand check: easeInEaseOut is symmetric, so half-way through each cycle the circle is half grown and half faded.
        let half = try #require(samples.first { $0.t == 1.5 })
        #expect(abs(try half.transform("circle")[1, 1] - 0.5) < 1e-6)
        #expect(abs(try half.number("circle", "opacity", default: 1) - 0.5) < 1e-6)
    }

    /// RTSpinKitFadingCircleAltAnimation: a 1.2 s group per dot, beginTime now − (1.2 − 0.1·i); its
    /// children (no duration, no keyTimes, no timing functions) run linearly over the group's 1.2 s.
    @Test func fadingCircleAlt() throws {
        let samples = try Corpus.spinKit.samples("fading-circle-alt")
        for i in 0..<12 {
            // Every group has begun by t = 0; no sample is in a before phase.
            let f: (Double) -> Double = { t in CoreAnimation.cycleFraction(at: t, beginTime: 0 - (1.2 - (0.1 * Double(i))), duration: 1.2) ?? .nan }
            try expectScale(samples, "circle\(i)", sx: { 1 - f($0) }, sy: { 1 - f($0) })
            for s in samples {
                expectValue(try s.number("circle\(i)", "opacity", default: 1), { 1 - f($0) }, at: s.t, "circle\(i) opacity")
            }
        }
    }

    // MARK: - Rotations, translations, perspective

    /// RTSpinKitWordPressAnimation: the masked disc turns once a second in linear quarter turns.
    @Test func wordPress() throws {
        let samples = try Corpus.spinKit.samples("word-press")
        let angle = keyframed([0, Double.pi / 2, Double.pi, 3 * (Double.pi / 2), 2 * Double.pi], beginTime: 0, duration: 1,
                              keyTimes: [0, 0.25, 0.5, 0.75, 1], curves: Array(repeating: .linear, count: 5), model: 0)
        try expectTurn(samples, "spinner", angle: angle)
        let mask = try samples[0].props("spinner/mask:circleMask")
        #expect(mask["fillRule"] as? String == "evenOdd")
    }

    /// The WordPress hole in pixels: the even-odd mask cuts it out of the disc, and a quarter of a
    /// second in, the quarter turn has carried it from above the centre to its right.
    @Test func wordPressHoleTurnsWithTheDisc() throws {
        let png = try TestSupport.temporaryFolder() + "/word-press.png"
        let r = try runProcess(TestSupport.binFolder + "/fxhost", ["--plugin", try Corpus.spinKit.plugin.get(), "--factory", "word-press",
                                                                    "--size", "64x64", "--time", "0.25", "--out", png])
        #expect(r.status == 0, "\(r.stderr)")
        let frame = try FFmpeg.rgbaFrames(png, width: 64, height: 64)[0]
        func alpha(_ x: Double, _ y: Double) -> UInt8 { frame[(Int(y.rounded(.down)) * 64 + Int(x.rounded(.down))) * 4 + 3] }
        // The view is centred: its origin at ((64 − 37) / 2, (64 − 37) / 2); the disc's centre at 32, 32.
        let origin = (64 - size) / 2, centre = origin + size / 2
        // The hole's centre in the spinner: (midX, 3 + circleSize / 2), 10.875 above the centre.
        let above = size / 2 - (3 + size * 0.25 / 2)
        // Turned by π/2 clockwise (Apple's rotation with y down): (0, −d) goes to (d, 0).
        #expect(alpha(centre + above, centre) == 0, "the hole, now right of the centre")
        #expect(alpha(centre, centre - above) == 255, "where the hole was, now disc")
        #expect(alpha(centre, centre) == 255, "the disc's centre")
        #expect(alpha(1, 1) == 0, "outside the disc")
    }

    /// RTSpinKitWanderingCubesAnimation: each keyframe translates, turns by −90°·k and scales;
    /// the three are interpolated separately between neighbouring keyframes.
    @Test func wanderingCubes() throws {
        let samples = try Corpus.spinKit.samples("wandering-cubes")
        let cube = floor(size / 3), w = size - cube
        let times = [0, 0.25, 0.5, 0.75, 1.0], curves = [eio, eio, eio, eio, eio]
        for i in 0..<2 {
            let begin = 0 - (Double(i) * 0.9)
            func k(_ v: [Double]) -> (Double) -> Double {
                keyframed(v, beginTime: begin, duration: 1.8, keyTimes: times, curves: curves, model: v[0])
            }
            try expectTurn(samples, "cube\(i)", angle: k([0, -90, -180, -270, -360].map { $0 * degToRad }),
                           scale: k([1, 0.5, 1, 0.5, 1]), tx: k([0, w, w, 0, 0]), ty: k([0, 0, w, w, 0]))
        }
    }

    /// RTSpinKitArcAnimation: rotation keyframes 2π, π, 0 in 0.8 s, linear. 2π and 0 are the same
    /// matrix and π is half a turn from both, so the direction of each half turn is not determined
    /// by the matrices; what is, is the angle from the start: cos of it is m11, ±sin is m12.
    @Test func arc() throws {
        let samples = try Corpus.spinKit.samples("arc")
        for s in samples {
            let m = try s.transform("arc")
            // Before it begins the model (identity) shows, which is p = 0.
            let p: (Double) -> Double = { CoreAnimation.cycleFraction(at: $0, beginTime: 0, duration: 0.8) ?? 0 }
            expectValue(m[1, 1], { cos(2 * Double.pi * p($0)) }, at: s.t, "arc m11")
            expectValue(m[2, 2], { cos(2 * Double.pi * p($0)) }, at: s.t, "arc m22")
            expectValue(abs(m[1, 2]), { abs(sin(2 * Double.pi * p($0))) }, at: s.t, "arc |m12|")
            expectValue(m[2, 1], { _ in -m[1, 2] }, at: s.t, "arc m21")
        }
        let mask = try samples[0].props("arc/mask:mask")
        #expect(mask["lineWidth"] as? Double == 2)
    }

    /// RTSpinKitPlaneAnimation: rotationWithPerspective keyframes (m34 = 1/120, then
    /// CATransform3DRotate by π about y, then by π about z), easeInEaseOut per segment.
    @Test func plane() throws { try expectFlip("plane", "plane") }

    /// RTSpinKitCircleFlipAnimation: the same keyframes on a round layer.
    @Test func circleFlip() throws { try expectFlip("circle-flip", "circle") }

    /// The flip of Plane and CircleFlip. On each key time the whole matrix is the keyframe, built
    /// here as Apple's header defines CATransform3DRotate (t' = rotation · t). Between them the
    /// 3 × 3 rotation part (perspective lives in the fourth column) follows the rotation: in the
    /// first half from none to π about y (angle π·e), in the second from π about y to π about z,
    /// that is π about an axis swinging from y to z (angle π·e between them). Half turns have no
    /// shorter way round, so only what both ways agree on is compared: the diagonal and the size
    /// of the off-diagonal entries.
    func expectFlip(_ factory: String, _ layer: String) throws {
        let samples = try Corpus.spinKit.samples(factory, end: 2.4)
        var perspective = Matrix.identity
        perspective.m[11] = 1.0 / 120.0
        let keyframes = [Matrix.identity.then(perspective),
                         Matrix.rotation(Double.pi, 0, 1, 0).then(perspective),
                         Matrix.rotation(Double.pi, 0, 0, 1).then(perspective)]
        var keyTimesSeen = 0
        for s in samples {
            let m = try s.transform(layer)
            let f = CoreAnimation.cycleFraction(at: s.t, beginTime: 0, duration: 1.2)!
            let (segment, e) = CoreAnimation.keyframeSegment(f, keyTimes: [0, 0.5, 1], count: 3, curves: [eio, eio, eio])
            let c = cos(Double.pi * e), sn = sin(Double.pi * e)
            let diagonal = segment == 0 ? [c, 1, c] : [-1, c, -c]
            let offDiagonal = segment == 0 ? [(1, 3), (3, 1)] : [(2, 3), (3, 2)]
            let zeros = segment == 0 ? [(1, 2), (2, 1), (2, 3), (3, 2)] : [(1, 2), (2, 1), (1, 3), (3, 1)]
            for d in 0..<3 { expectValue(m[d + 1, d + 1], { _ in diagonal[d] }, at: s.t, "\(layer) m\(d + 1)\(d + 1)") }
            for (r, col) in offDiagonal { expectValue(abs(m[r, col]), { _ in sn }, at: s.t, "\(layer) |m\(r)\(col)|") }
            for (r, col) in zeros { expectValue(m[r, col], { _ in 0 }, at: s.t, "\(layer) m\(r)\(col)") }
            // On a key time (0, 0.6 s, 1.2 s …, which 20 samples a second land on) all sixteen entries are the keyframe's.
            let k = s.t / 0.6
            if abs(k - k.rounded()) < 1e-9 {
                keyTimesSeen += 1
                let key = Int(k.rounded()) % 2 == 0 ? keyframes[0] : keyframes[1]
                for j in 0..<16 { expectValue(m.m[j], { _ in key.m[j] }, at: s.t, tolerance: 1e-9, "\(layer) m[\(j)] on a key time") }
            }
        }
        #expect(keyTimesSeen == 5)
    }
}
