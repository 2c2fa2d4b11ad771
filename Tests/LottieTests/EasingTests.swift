// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// Easing handles of any finite size play (issue 37: a file with a control value of 16,926,231,
/// which rlottie plays, was refused by a ±10⁷ limit); what is not finite is refused by the reader,
/// naming its JSON path.
final class EasingTests: XCTestCase {
    /// The x of `layer`'s presented transform at `time`, from fxhost's JSON lines.
    func x(_ file: String, at time: Double) throws -> Double {
        let r = try Lottie.run(["--file", Lottie.fixture(file), "--time", "\(time)", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let layers = try JSONLinesReader.read(r.stdout)[0]["layers"] as! [[String: Any]]
        let l = try XCTUnwrap(layers.first { $0["path"] as? String == "stage/composition/dot" })
        return ((l["props"] as! [String: Any])["transform"] as! [Double])[12]
    }

    func testAHandleOfSixteenMillionPlays() throws {
        // easing-steep.json: x from 10 to 10.000001 over frames 0…10, out handle (0.5, 16,926,231), in handle (1, 1).
        for f in [2, 5, 8] {
            let expected = 10 + 0.000001 * eased(Double(f) / 10, 0.5, 16_926_231, 1, 1)
            XCTAssertGreaterThan(expected, 11, "the curve overshoots far beyond its keyframes at frame \(f)")
            XCTAssertEqual(try x("easing-steep.json", at: Double(f) / 10), expected, accuracy: 1e-6, "frame \(f)")
        }
    }

    func testAHandleThatIsNotFiniteIsRefused() throws {
        let text = try String(contentsOfFile: Lottie.fixture("easing-steep.json"), encoding: .utf8)
            .replacingOccurrences(of: "16926231", with: "1e999")
        let file = try TestSupport.temporaryFolder() + "/infinite-handle.json"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Lottie.run(["--file", file, "--time", "0"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssert(r.stderr.contains(file) && r.stderr.contains("$.layers[0].ks.p.k[0].o.y[0] (line 4, column 48): the number 1e999 is too large"), r.stderr)
        XCTAssert(r.stdout.isEmpty)
    }
}
