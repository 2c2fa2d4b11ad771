// SPDX-License-Identifier: MIT
import TestSupport
import XCTest

/// Lighten, darken and difference masks, by After Effects' rule for two masks of full opacity
/// (the higher, the lower, and the difference of their coverages: the union, the intersection,
/// and what one covers and the other not). They drew nothing before, under a warning.
final class MaskModeTests: XCTestCase {
    func testLightenDarkenAndDifferenceMasks() throws {
        // mask-lighten-darken-difference.json: three blue bands 60 high, each masked by A (x 20…100) then B
        // (x 60…140), y 10…50 of the band; B is difference in the first band, lighten in the second, darken in the third.
        let r = try Lottie.run(["--file", Lottie.fixture("mask-lighten-darken-difference.json"), "--time", "0", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("not supported"), r.stderr)
        let frame = try Lottie.fxhostFrames(Lottie.fixture("mask-lighten-darken-difference.json"), fps: 10)[0]
        let blue = [0, 0, 255], white = [255, 255, 255]
        let expected: [(String, Int, [[Int]])] = [
            ("difference", 30, [blue, white, blue, white]),
            ("lighten", 90, [blue, blue, blue, white]),
            ("darken", 150, [white, blue, white, white]),
        ]
        for (mode, y, colours) in expected {
            for (x, c) in zip([40, 80, 120, 160], colours) {
                assertColor(frame[x: x, y: y], c, "\(mode) at x = \(x)")
            }
            assertColor(frame[x: 10, y: y], white, "\(mode) left of both masks")
        }
    }

    func testManyDifferenceMasksStayBounded() throws {
        // Each difference mask of partial opacity builds the masks before it twice: past 8 the rest are drawn
        // as lighten, with a warning. (Masks of full opacity are one even-odd fill: MaskDifferenceRunTests.)
        let square = #"{"c":true,"v":[[2,2],[8,2],[8,8],[2,8]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
        let masks = (0..<12).map { k in #"{"mode":"\#(k == 0 ? "a" : "f")","o":{"a":0,"k":50},"pt":{"a":0,"k":\#(square)}}"# }
        let json = ##"{"v":"5.7.4","fr":10,"ip":0,"op":2,"w":10,"h":10,"layers":[{"ddd":0,"ind":1,"ty":1,"nm":"many","ip":0,"op":2,"st":0,"ks":{},"sc":"#0000ff","sw":10,"sh":10,"masksProperties":[\##(masks.joined(separator: ","))]}]}"##
        let file = try TestSupport.temporaryFolder() + "/many.json"
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Lottie.run(["--file", file, "--time", "0", "--timeout", "60"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssert(r.stderr.contains("layer 'many': more than 8 difference masks on a layer (the rest drawn as lighten) not supported ($.layers[0].masksProperties)"), r.stderr)
    }
}
