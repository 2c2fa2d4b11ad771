// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// What rlottie 0.1 cannot check (it reads one easing for all dimensions and
/// draws inverted masks un-inverted), and start times and remapped time
/// exactly, checked against values computed here from After
/// Effects' published rules; and the plugin's place in fxhost: its size and
/// length as the run's defaults, --range, --marker, warnings and bad files.
final class HandComputedTests: XCTestCase {
    /// The presented matrix of `layer` at `time`, from fxhost's JSON lines: its transform, with its
    /// position added to the translation (a container's anchor is its top left corner, so the host's
    /// matrix is T(position) · transform; a position eased per dimension is `position.x` and `.y`).
    func transform(_ file: String, _ layer: String, at time: Double, extra: [String] = []) throws -> [Double] {
        let r = try Lottie.run(["--file", Lottie.fixture(file), "--time", "\(time)", "--sink", "jsonl"] + extra)
        XCTAssertEqual(r.status, 0, r.stderr)
        let sample = try JSONLinesReader.read(r.stdout)[0]
        let layers = sample["layers"] as! [[String: Any]]
        let l = try XCTUnwrap(layers.first { $0["path"] as? String == layer }, "no layer \(layer)")
        let props = l["props"] as! [String: Any]
        var m = props["transform"] as? [Double] ?? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        if let p = props["position"] as? [Double] { m[12] += p[0]; m[13] += p[1] }
        return m
    }

    func testHoldKeyframeAndPerDimensionEasing() throws {
        // hold.json: (15, 15) held from frame 0 until frame 4, then to (85, 45) by frame 11 with x eased
        // (0.1, 0, 0.9, 1) and y eased (0.9, 0, 0.1, 1).
        for f in [0, 2, 3] {
            let m = try transform("hold.json", "stage/composition/dot", at: Double(f) / 10)
            XCTAssertEqual(m[12], 15, accuracy: 1e-6, "frame \(f) holds")
            XCTAssertEqual(m[13], 15, accuracy: 1e-6, "frame \(f) holds")
        }
        let m4 = try transform("hold.json", "stage/composition/dot", at: 0.4)
        XCTAssertEqual(m4[12], 50, accuracy: 1e-6, "the hold ends at the next keyframe")
        for f in [6, 8, 10] {
            let p = Double(f - 4) / 7
            let m = try transform("hold.json", "stage/composition/dot", at: Double(f) / 10)
            // Each dimension is its own keyframe animation eased by its curve: exact to the host's
            // timing-function precision, 10⁻⁷ of the value's size (docs/LOTTIE.md).
            XCTAssertEqual(m[12], 50 + 35 * eased(p, 0.1, 0, 0.9, 1), accuracy: 1e-7 * 86, "x at frame \(f)")
            XCTAssertEqual(m[13], 15 + 30 * eased(p, 0.9, 0, 0.1, 1), accuracy: 1e-7 * 46, "y at frame \(f)")
        }
    }

    func testStartTimeShiftsAPrecompsContentNotALayersKeyframes() throws {
        // start-time.json: "late" (st = 2) keeps its keyframes in the composition's frames (10 → 70 over
        // frames 0…6); the precomp "shifted" (st = 3) shows its frame f − 3, where the square goes 10 → 90 over 0…8.
        for f in [3, 5, 6] {
            let late = try transform("start-time.json", "stage/composition/late", at: Double(f) / 10)
            XCTAssertEqual(late[12], 10 + 60 * Double(f) / 6, accuracy: 1e-6, "late at frame \(f)")
            let square = try transform("start-time.json", "stage/composition/shifted/shifted content/square", at: Double(f) / 10)
            XCTAssertEqual(square[12], 10 + 80 * Double(f - 3) / 8, accuracy: 1e-6, "square at frame \(f)")
        }
    }

    func testTimeRemappingPlaysThePrecompBackwards() throws {
        // precomp.json: tm goes 1 s → 0 s over frames 0…8 at 8 fps, so frame k shows the precomp's frame 8 − k,
        // where the bar has turned 180° × (8 − k) / 16.
        for k in 0...8 {
            let m = try transform("precomp.json", "stage/composition/remapped/remapped content/bar", at: Double(k) / 8)
            let angle = Double.pi * Double(8 - k) / 16
            XCTAssertEqual(m[0], cos(angle), accuracy: 1e-6, "frame \(k)")
            XCTAssertEqual(m[1], sin(angle), accuracy: 1e-6, "frame \(k)")
        }
    }

    func testInvertedMaskKeepsWhatIsOutsideIt() throws {
        // mask-inverted.json: a (0.6, 0.2, 0.6) square 5…55 with an inverted mask 15…45: a ring.
        let frame = try Lottie.fxhostFrames(Lottie.fixture("mask-inverted.json"), fps: 10)[0]
        XCTAssertEqual(frame[x: 30, y: 30], [255, 255, 255], "inside the mask is cut away")
        XCTAssertEqual(frame[x: 2, y: 2], [255, 255, 255], "outside the square is empty")
        for (x, y) in [(10, 10), (50, 30), (30, 50)] {
            let c = frame[x: x, y: y]
            XCTAssertEqual(c[0], 153, accuracy: 1, "ring at \(x),\(y)"); XCTAssertEqual(c[1], 51, accuracy: 1); XCTAssertEqual(c[2], 153, accuracy: 1)
        }
    }

    func testMaskOpacityWithSubtractAndIntersectAndInvertedIntersect() throws {
        // mask-opacity.json: a (0.2, 0.4, 0.8) fill over white under three layers' masks, each an added
        // 40 × 40 square with a 20 × 20 square at its middle: subtracted at 50 % (After Effects:
        // alpha 1 − 0.5 there), intersected inverted (alpha 0 there, 1 in the ring), intersected at
        // 60 % (alpha 0.6 there, 0 in the ring). Over white a channel c at alpha a is 255 − a·(255 − c).
        let frame = try Lottie.fxhostFrames(Lottie.fixture("mask-opacity.json"), fps: 10, extra: ["--range", "0:1"])[0]
        let fill = [0.2, 0.4, 0.8].map { $0 * 255 }
        func expect(_ x: Int, _ y: Int, alpha: Double, _ what: String) {
            for c in 0..<3 {
                XCTAssertEqual(Double(frame[x: x, y: y][c]), 255 - alpha * (255 - fill[c]), accuracy: 1.5, "\(what) at (\(x), \(y)): \(frame[x: x, y: y])")
            }
        }
        for (dx, ring, middle, what) in [(0, 1.0, 0.5, "subtract at 50 %"), (40, 1.0, 0.0, "inverted intersect"), (80, 0.0, 0.6, "intersect at 60 %")] {
            expect(dx + 20, 20, alpha: middle, what + ", middle")
            expect(dx + 12, 12, alpha: middle, what + ", middle")
            expect(dx + 5, 5, alpha: ring, what + ", ring")
            expect(dx + 35, 20, alpha: ring, what + ", ring")
        }
    }

    func testGradientOpacityStopsKeepTheirPlaceBetweenColourStops() throws {
        // gradient-opacity.json: a 100 × 40 rectangle under a linear gradient from x = 0 to x = 100, colour
        // red (0) to blue (1), opacity 1 (0), 0 (0.3), 1 (0.5), 0 (0.7), 1 (1). Colour and opacity are two
        // ramps, each linear between its own stops (lottie-web draws the opacity stops as a mask gradient
        // of their own, SVGGradientFillStyleData.setGradientOpacity). At a pixel centre t = (x + 0.5) / 100
        // the colour is (1 − t, 0, t), the opacity the piecewise-linear ramp, and over white a channel c at
        // opacity a is 255 − a·(255 − c). (rlottie 0.1 colours an opacity stop with a colour stop's colour:
        // it draws (6, 6, 255) at the middle, where the two ramps give purple.)
        let frame = try Lottie.fxhostFrames(Lottie.fixture("gradient-opacity.json"), fps: 10, extra: ["--range", "0:1"])[0]
        let opacity: [(Double, Double)] = [(0, 1), (0.3, 0), (0.5, 1), (0.7, 0), (1, 1)]
        func alpha(_ t: Double) -> Double {
            let k = opacity.lastIndex { $0.0 <= t }!
            guard k + 1 < opacity.count else { return opacity[k].1 }
            let (l0, a0) = opacity[k], (l1, a1) = opacity[k + 1]
            return a0 + (a1 - a0) * (t - l0) / (l1 - l0)
        }
        for x in [5, 15, 29, 35, 45, 50, 60, 69, 75, 90, 99] {
            let t = (Double(x) + 0.5) / 100, a = alpha(t)
            let colour = [1 - t, 0, t].map { $0 * 255 }
            for c in 0..<3 {
                XCTAssertEqual(Double(frame[x: x, y: 20][c]), 255 - a * (255 - colour[c]), accuracy: 2, "at x = \(x): \(frame[x: x, y: 20])")
            }
        }
    }

    func testUnknownMaskModesAreWarnedAboutAndDrawnAsAdd() throws {
        // Modes a, s, i, l, d, f and n exist; lottie-web fills any other with white, as it fills "a".
        let json = #"{"v":"5.7.4","fr":10,"ip":0,"op":2,"w":20,"h":20,"layers":[{"ddd":0,"ind":1,"ty":4,"nm":"odd","ip":0,"op":2,"st":0,"ks":{},"masksProperties":[{"mode":"a","pt":{"a":0,"k":{"c":true,"v":[[0,0],[9,0],[9,9]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}},{"mode":"z","pt":{"a":0,"k":{"c":true,"v":[[0,0],[9,0],[9,9]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}],"shapes":[]}]}"#
        let file = try TestSupport.temporaryFolder() + "/odd.json"
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Lottie.run(["--file", file, "--time", "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssert(r.stderr.contains("layer 'odd': mask mode z (only a, s, i, l, d and f exist; drawn as add) not supported ($.layers[0].masksProperties)"), r.stderr)
    }

    func testMattesOfAnyPictureAreNotWarnedAbout() throws {
        // A luma matte of two fills and an inverted one of a precomp: both play (maskMode, fx.h 1.3).
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100},"r":1}"#
        let rect = #"{"ty":"rc","d":1,"p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[6,6]},"r":{"a":0,"k":0}}"#
        let json = #"{"v":"5.7.4","fr":10,"ip":0,"op":2,"w":20,"h":20,"layers":[{"ddd":0,"ind":1,"ty":4,"nm":"m","td":1,"ip":0,"op":2,"st":0,"ks":{},"shapes":[\#(rect),\#(fill),\#(rect),\#(fill)]},{"ddd":0,"ind":2,"ty":4,"nm":"luma","tt":3,"ip":0,"op":2,"st":0,"ks":{},"shapes":[\#(rect),\#(fill)]}]}"#
        let file = try TestSupport.temporaryFolder() + "/luma.json"
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        for path in [file, Lottie.fixture("matte-precomp-inverted.json"), Lottie.fixture("matte-luma-inverted-opacity.json")] {
            let r = try Lottie.run(["--file", path, "--time", "0"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse(r.stderr.contains("matte"), r.stderr)
        }
    }

    func testLumaMattesTakeTheFillsLuminance() throws {
        // The matted layer is a (0.2, 0.3, 0.8) fill over white. matte-luma.json's matte is an orange
        // (0.9, 0.6, 0.2) rectangle: luminance (Rec. 601) 0.299·0.9 + 0.587·0.6 + 0.114·0.2 = 0.6443 is the
        // alpha inside it, 0 outside. matte-luma-inverted.json's is a green (0.2, 0.8, 0.4) one: 1 − 0.5750
        // inside, 1 outside. (rlottie agrees with both within the suite's tolerance, which is too coarse
        // to tell luminance weights apart.) Over white a channel c at alpha a is 255 − a·(255 − c).
        let fill = [0.2, 0.3, 0.8].map { $0 * 255 }
        for (file, inside, outside) in [("matte-luma.json", 0.299 * 0.9 + 0.587 * 0.6 + 0.114 * 0.2, 0.0),
                                        ("matte-luma-inverted.json", 1 - (0.299 * 0.2 + 0.587 * 0.8 + 0.114 * 0.4), 1.0)] {
            let frame = try Lottie.fxhostFrames(Lottie.fixture(file), fps: 10, extra: ["--range", "0:1"])[0]
            for (x, y, alpha) in [(30, 30, inside), (25, 20, inside), (3, 3, outside), (56, 30, outside)] {
                for c in 0..<3 {
                    XCTAssertEqual(Double(frame[x: x, y: y][c]), 255 - alpha * (255 - fill[c]), accuracy: 1.5, "\(file) at (\(x), \(y)): \(frame[x: x, y: y])")
                }
            }
        }
        // matte-luma-overlap.json: a (0.8, 0.2, 0.2) fill at 60 % over an opaque white one is
        // (0.88, 0.52, 0.52), luminance 0.299·0.88 + 0.587·0.52 + 0.114·0.52 = 0.62764 where they overlap
        // (at frame 0 the red rectangle spans 14…30 × 20…32), 1 on white alone, 0 outside both.
        let overlap = try Lottie.fxhostFrames(Lottie.fixture("matte-luma-overlap.json"), fps: 10, extra: ["--range", "0:1"])[0]
        for (x, y, alpha) in [(20, 25, 0.299 * 0.88 + 0.587 * 0.52 + 0.114 * 0.52), (40, 40, 1.0), (5, 5, 0.0)] {
            for c in 0..<3 {
                XCTAssertEqual(Double(overlap[x: x, y: y][c]), 255 - alpha * (255 - fill[c]), accuracy: 1.5, "overlap at (\(x), \(y)): \(overlap[x: x, y: y])")
            }
        }
    }

    /// matte-luma-inverted-opacity.json: an inverted luma matte whose layer is at 60 % opacity. The matte's
    /// picture is its fills at alpha 0.6, and its luminance mask value L·α (the CSS Masking rule: transparent
    /// counts as black), so the coverage is 1 − 0.6·L: yellow (0.9, 0.9, 0.3), L = 0.8316, gives 0.50104;
    /// blue (0.1, 0.2, 0.9), L = 0.2499, gives 0.85006; outside both, 1. rlottie 0.1 takes the luminance of
    /// the un-premultiplied colour (`VBitmap::updateLuma`), which loses the layer's opacity: it draws
    /// 1 − 0.8316 in the yellow rectangle, which is why this file is checked here and not against rlottie.
    func testInvertedLumaMattesKeepTheMattesOpacity() throws {
        let fill = [0.2, 0.3, 0.8].map { $0 * 255 }
        let path = Lottie.fixture("matte-luma-inverted-opacity.json")
        let frame = try Lottie.fxhostFrames(path, fps: 10, extra: ["--range", "0:1"])[0]
        let yellow = 0.299 * 0.9 + 0.587 * 0.9 + 0.114 * 0.3, blue = 0.299 * 0.1 + 0.587 * 0.2 + 0.114 * 0.9
        for (x, y, alpha) in [(20, 30, 1 - 0.6 * yellow), (42, 30, 1 - 0.6 * blue), (55, 5, 1.0), (32, 30, 1.0)] {
            for c in 0..<3 {
                XCTAssertEqual(Double(frame[x: x, y: y][c]), 255 - alpha * (255 - fill[c]), accuracy: 1.5, "at (\(x), \(y)): \(frame[x: x, y: y])")
            }
        }
        try XCTSkipIf(TestSupport.isSanitizerPass, "rlottie is run in the ordinary pass")
        let theirs = try Lottie.rlottieFrames(path, width: 60, height: 60, frames: [0])[0]
        XCTAssertEqual(Double(theirs[x: 20, y: 30][0]), 255 - (1 - yellow) * (255 - fill[0]), accuracy: 2, "rlottie: \(theirs[x: 20, y: 30])")
    }
}
