// SPDX-License-Identifier: MIT
import XCTest

/// A radial gradient's highlight (`h`, `a`) moves its focal point off the centre; the engine's radial
/// gradient (CAGradientLayer's) has no focal point, so the plugin says so instead of drawing it silently wrong.
final class RadialHighlightTests: XCTestCase {
    func testAHighlightIsWarnedAbout() throws {
        let r = try Lottie.run(["--file", Lottie.fixture("radial-highlight.json"), "--time", "0", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssert(r.stderr.contains("layer 'spot': a radial gradient's highlight (drawn with the focal point at the centre: the engine's radial gradient has none) not supported ($.layers[0].shapes[1].h); the rest plays"), r.stderr)
        XCTAssert(r.stdout.contains("stage/composition/spot/gradient"), "the gradient still plays")
    }

    func testNoHighlightNoWarning() throws {
        let r = try Lottie.run(["--file", Lottie.fixture("gradient-nonuniform.json"), "--time", "0", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("highlight"), r.stderr)
    }
}
