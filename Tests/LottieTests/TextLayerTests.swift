// SPDX-License-Identifier: MIT
import TestSupport
import XCTest

/// Text layers, which rlottie 0.1 does not draw, checked against After
/// Effects' rules for point text: the layer's origin is the first line's
/// baseline, at the line's left end (justification 0), right end (1) or
/// centre (2); each further line is the line height ("lh") lower; glyphs are
/// painted in the fill colour ("fc"). text.json (DejaVu Sans, the face
/// scripts/setup.sh installs) holds "HHH" left at (20, 50) in red and size
/// 40, "HH" right at (185, 50) in green, and "H" / "HHH" centred at
/// (100, 90) in blue, size 30, line height 36. An H has flat feet on the
/// baseline, the same side bearings left and right, and in any sans face side
/// bearings under 0.15 em.
final class TextLayerTests: XCTestCase {
    /// The smallest box (x0, x1, y0, y1, ends excluded) holding every pixel of `region` darker than 200 in a channel.
    func ink(_ p: Lottie.Picture, x: Range<Int>, y: Range<Int>) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        var box: (Int, Int, Int, Int)?
        for yy in y {
            for xx in x where p[x: xx, y: yy].min()! < 200 {
                box = box.map { (min($0.0, xx), max($0.1, xx + 1), min($0.2, yy), max($0.3, yy + 1)) } ?? (xx, xx + 1, yy, yy + 1)
            }
        }
        return box
    }

    func testPointTextSitsOnItsBaselineJustifiedAndFilled() throws {
        let frame = try XCTUnwrap(Lottie.fxhostFrames(Lottie.fixture("text.json"), fps: 10, extra: ["--range", "0:1"]).first)
        let left = try XCTUnwrap(ink(frame, x: 0..<118, y: 0..<60), "the left text is drawn")
        XCTAssertEqual(left.y1, 50, "left: feet on the baseline y = 50")
        XCTAssert((20...26).contains(left.x0), "left: the ink starts just right of x = 20 (side bearing < 0.15 em = 6): \(left)")
        XCTAssert((22...38).contains(left.y1 - left.y0), "left: capitals 0.55–0.95 em of 40 high: \(left)")
        let right = try XCTUnwrap(ink(frame, x: 118..<200, y: 0..<60), "the right text is drawn")
        XCTAssertEqual(right.y1, 50, "right: feet on the baseline")
        XCTAssert((179...185).contains(right.x1), "right: the ink ends just left of x = 185: \(right)")
        let first = try XCTUnwrap(ink(frame, x: 0..<200, y: 60..<95), "the centred first line is drawn")
        let second = try XCTUnwrap(ink(frame, x: 0..<200, y: 96..<140), "the centred second line is drawn")
        XCTAssertEqual(first.y1, 90, "centred: first line's feet at y = 90")
        XCTAssertEqual(second.y1, 126, "centred: second line's feet one line height (36) lower")
        XCTAssertEqual(Double(first.x0 + first.x1) / 2, 100, accuracy: 1, "centred on x = 100: \(first)")
        XCTAssertEqual(Double(second.x0 + second.x1) / 2, 100, accuracy: 1, "centred on x = 100: \(second)")
        XCTAssertGreaterThan(second.x1 - second.x0, 2 * (first.x1 - first.x0), "HHH is wider than two H")

        // Fill: every inked pixel lies between white and the fill colour (a glyph's coverage
        // blends the two), and a stem's inside is the fill colour itself.
        for (box, fill) in [(left, [0.8, 0.1, 0.1]), (right, [0.1, 0.5, 0.1]), (first, [0.1, 0.2, 0.9]), (second, [0.1, 0.2, 0.9])] {
            let target = fill.map { $0 * 255 }
            var solid = 0
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    let p = frame[x: x, y: y].map(Double.init)
                    // The coverage that best explains the red channel's distance from white.
                    let cover = (255 - p[0]) / (255 - target[0])
                    for c in 0..<3 {
                        XCTAssertEqual(p[c], 255 + (target[c] - 255) * cover, accuracy: 6, "(\(x), \(y)) \(p) is a blend of white and \(target)")
                    }
                    if zip(p, target).allSatisfy({ abs($0 - $1) <= 2 }) { solid += 1 }
                }
            }
            XCTAssertGreaterThan(solid, 20, "pixels inside stems are the fill colour \(target)")
        }
    }

    func testParagraphTextWrapsInItsBoxAndWhatIsNotPlayedIsWarned() throws {
        // A box of 60 × 100 at (10, 10): "HH HH HH" wraps onto three lines inside it, from its top.
        let doc = #"{"s":20,"f":"DejaVuSans","t":"HH HH HH","j":0,"tr":50,"lh":24,"fc":[0,0,0],"sz":[60,100],"ps":[10,10],"sc":[1,0,0],"sw":2}"#
        let json = #"{"v":"5.7.4","fr":10,"ip":0,"op":2,"w":100,"h":120,"fonts":{"list":[{"fName":"DejaVuSans","fFamily":"DejaVu Sans","fStyle":"Bold"}]},"layers":[{"ddd":0,"ind":1,"ty":5,"nm":"para","ip":0,"op":2,"st":0,"ks":{},"t":{"d":{"k":[{"s":\#(doc),"t":0},{"s":\#(doc),"t":1}]},"a":[{"s":{}}]}}]}"#
        let file = try TestSupport.temporaryFolder() + "/para.json"
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Lottie.run(["--file", file, "--time", "0", "--background", "white", "--out", file + ".png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for feature in ["text tracking", "text strokes", "text animators", "font style 'Bold'", "source text keyframes"] {
            XCTAssert(r.stderr.contains("layer 'para': \(feature)"), "\(feature) warned: \(r.stderr)")
        }
        let frame = try XCTUnwrap(Lottie.fxhostFrames(file, fps: 10, extra: ["--range", "0:1"]).first)
        let box = try XCTUnwrap(ink(frame, x: 0..<100, y: 0..<120))
        XCTAssert(box.x0 >= 10 && box.x1 <= 70, "inside the box's width: \(box)")
        XCTAssert(box.y0 >= 10 && box.y0 < 20, "from the box's top: \(box)")
        // Three lines of 20-point capitals: their ink spans more than two lines' height.
        XCTAssertGreaterThan(box.y1 - box.y0, 2 * 20, "wrapped onto three lines: \(box)")
    }
}
