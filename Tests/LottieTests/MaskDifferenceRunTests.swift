// SPDX-License-Identifier: MIT
import TestSupport
import XCTest

/// A run of difference masks each of full or no opacity: After Effects' difference of coverages that
/// are 0 or 1 is their exclusive or, so a point is kept where an odd number of the shapes shown cover
/// it. The plugin draws such a run as one even-odd fill (it built 2ⁿ⁻¹ copies of the first mask for n
/// difference masks, and stopped at 8 with a warning). Expected colours are the parity worked by hand,
/// at pixels wholly inside or outside every shape; rlottie, which applies the masks one by one, is
/// checked at the same pixels (it applies masks only to layers marked `hasMask`, as exporters write them).
final class MaskDifferenceRunTests: XCTestCase {
    static let blue = [0, 0, 255], white = [255, 255, 255]

    /// A rectangle mask `x0…x1` × `0…20` of `mode`, with opacity `o` (a Lottie property).
    static func band(_ mode: String, _ x0: Int, _ x1: Int, o: String = #"{"a":0,"k":100}"#) -> String {
        let v = "[[\(x0),0],[\(x1),0],[\(x1),20],[\(x0),20]]", z = "[[0,0],[0,0],[0,0],[0,0]]"
        return #"{"mode":"\#(mode)","o":\#(o),"pt":{"a":0,"k":{"c":true,"v":\#(v),"i":\#(z),"o":\#(z)}}}"#
    }

    static func write(_ name: String, width: Int, height: Int, frames: Int, masks: [String]) throws -> String {
        let json = ##"{"v":"5.7.4","fr":10,"ip":0,"op":\##(frames),"w":\##(width),"h":\##(height),"layers":[{"ddd":0,"ind":1,"ty":1,"nm":"\##(name)","ip":0,"op":\##(frames),"st":0,"ks":{},"sc":"#0000ff","hasMask":true,"sw":\##(width),"sh":\##(height),"masksProperties":[\##(masks.joined(separator: ","))]}]}"##
        let file = try TestSupport.temporaryFolder() + "/\(name).json"
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func testOverlappingBandsKeepOddCoverage() throws {
        // A (x 10…50), then differences B (30…70), C (20…40), and D (60…90) shown from frame 5 on (a hold
        // keyframe from 0 to 100). Kept: inside 1 or 3 of the shapes shown.
        let shownFrom5 = #"{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":5,"s":[100],"h":1}]}"#
        let file = try Self.write("bands", width: 100, height: 20, frames: 10,
                                  masks: [Self.band("a", 10, 50), Self.band("f", 30, 70), Self.band("f", 20, 40), Self.band("f", 60, 90, o: shownFrom5)])
        let r = try Lottie.run(["--file", file, "--time", "0", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("not supported"), r.stderr)
        // One even-odd shape holds the three masks shown at frame 0: no copies, no overlap groups.
        XCTAssertEqual(r.stdout.components(separatedBy: "\"path\":\"stage/composition/bands/mask:").count - 1, 2, r.stdout)
        XCTAssertEqual(r.stdout.components(separatedBy: "\"fillRule\":\"evenOdd\"").count - 1, 1, r.stdout)
        let frames = try Lottie.fxhostFrames(file, fps: 10)
        // rlottie 0.1 is checked at frame 5 only: at frame 0 it keeps x 60…90 as though D, of opacity 0
        // there, were shown (a mask of opacity 0 covers nothing by After Effects' rule).
        let rlottie = try Lottie.rlottieFrames(file, width: 100, height: 20, frames: [5])
        // x: the shapes covering it, at frame 0 and at frame 5.
        let cases: [(x: Int, at0: [Int], at5: [Int])] = [
            (5, Self.white, Self.white),   // none
            (15, Self.blue, Self.blue),    // A
            (25, Self.white, Self.white),  // A C
            (35, Self.blue, Self.blue),    // A B C
            (45, Self.white, Self.white),  // A B
            (55, Self.blue, Self.blue),    // B
            (65, Self.blue, Self.white),   // B, then B D
            (80, Self.white, Self.blue),   // nothing, then D
            (95, Self.white, Self.white),  // none
        ]
        for (x, at0, at5) in cases {
            assertColor(frames[0][x: x, y: 10], at0, "fxhost frame 0 at x = \(x)")
            assertColor(frames[5][x: x, y: 10], at5, "fxhost frame 5 at x = \(x)")
            assertColor(rlottie[0][x: x, y: 10], at5, "rlottie frame 5 at x = \(x)")
        }
    }

    func testFourteenNestedSquaresAreRings() throws {
        // Square k spans 2k…60 − 2k (k = 0…13): the pixel at x = 2k + 1, y = 30 lies inside squares 0…k,
        // k + 1 of them, so it is kept where k is even. Fourteen outlines are longer than one fill may be
        // (64 path elements), so the run is cut in two and the parts combined as one difference: no
        // warning, though 13 difference masks are more than the 8 the general form builds.
        let masks = (0..<14).map { k in
            let a = 2 * k, b = 60 - 2 * k, z = "[[0,0],[0,0],[0,0],[0,0]]"
            return #"{"mode":"\#(k == 0 ? "a" : "f")","o":{"a":0,"k":100},"pt":{"a":0,"k":{"c":true,"v":[[\#(a),\#(a)],[\#(b),\#(a)],[\#(b),\#(b)],[\#(a),\#(b)]],"i":\#(z),"o":\#(z)}}}"#
        }
        let file = try Self.write("rings", width: 60, height: 60, frames: 1, masks: masks)
        let r = try Lottie.run(["--file", file, "--time", "0", "--sink", "jsonl", "--timeout", "60"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("difference masks"), r.stderr)
        let frame = try Lottie.fxhostFrames(file, fps: 10)[0]
        let rlottie = try Lottie.rlottieFrames(file, width: 60, height: 60, frames: [0])[0]
        for k in 0..<14 {
            let expected = k % 2 == 0 ? Self.blue : Self.white
            assertColor(frame[x: 2 * k + 1, y: 30], expected, "fxhost ring \(k)")
            assertColor(rlottie[x: 2 * k + 1, y: 30], expected, "rlottie ring \(k)")
        }
        assertColor(frame[x: 30, y: 30], Self.white, "fxhost centre (inside all 14)")
    }
}
