// SPDX-License-Identifier: MIT
import TestSupport
import XCTest

/// A layer out of its time range at every played frame is built without its content: nothing of it
/// is ever drawn, so the plugin does not build (or bake) what it holds. later.json's top layer, a
/// precomp of one red solid, plays from frame 20 over a blue solid shown throughout.
final class UnshownLayerTests: XCTestCase {
    static let json = """
        {"v":"5.7.4","fr":10,"ip":0,"op":30,"w":20,"h":20,"assets":[{"id":"inner","layers":[{"ddd":0,"ind":1,"ty":1,"nm":"red","ip":0,"op":30,"st":0,"ks":{},"sc":"#ff0000","sw":20,"sh":20}]}],
        "layers":[{"ddd":0,"ind":1,"ty":0,"nm":"later","refId":"inner","ip":20,"op":30,"st":0,"ks":{},"w":20,"h":20},
        {"ddd":0,"ind":2,"ty":1,"nm":"base","ip":0,"op":30,"st":0,"ks":{},"sc":"#0000ff","sw":20,"sh":20}]}
        """

    func testALayerNeverShownInTheRangeHoldsNothing() throws {
        let file = try TestSupport.temporaryFolder() + "/later.json"
        try Self.json.write(toFile: file, atomically: true, encoding: .utf8)
        let early = try Lottie.run(["--file", file, "--range", "0:10", "--sink", "jsonl"])
        XCTAssertEqual(early.status, 0, early.stderr)
        XCTAssert(early.stdout.contains("\"path\":\"stage/composition/later\""), early.stdout)
        XCTAssertFalse(early.stdout.contains("later content"), early.stdout)
        let late = try Lottie.run(["--file", file, "--range", "15:25", "--sink", "jsonl"])
        XCTAssertEqual(late.status, 0, late.stderr)
        XCTAssert(late.stdout.contains("\"path\":\"stage/composition/later/later content/red\""), late.stdout)

        let earlyFrames = try Lottie.fxhostFrames(file, fps: 10, extra: ["--range", "0:10"])
        for f in earlyFrames { assertColor(f[x: 10, y: 10], [0, 0, 255], "frames 0-10: the base") }
        let lateFrames = try Lottie.fxhostFrames(file, fps: 10, extra: ["--range", "15:25"])
        assertColor(lateFrames.first![x: 10, y: 10], [0, 0, 255], "frame 15: the base")
        assertColor(lateFrames.last![x: 10, y: 10], [255, 0, 0], "frame 25: the precomp over it")
    }

    /// Its own reference is still checked: a missing precomp or image asset is refused in one line
    /// naming its `refId` whatever the played range, so that the range does not decide whether a file is broken.
    func testANeverShownLayersMissingAssetIsStillRefused() throws {
        let folder = try TestSupport.temporaryFolder()
        for (kind, broken) in [("precomp", Self.json.replacingOccurrences(of: "\"refId\":\"inner\"", with: "\"refId\":\"gone\"")),
                               ("image", Self.json.replacingOccurrences(of: "\"ty\":0,\"nm\":\"later\",\"refId\":\"inner\"",
                                                                        with: "\"ty\":2,\"nm\":\"later\",\"refId\":\"gone\""))] {
            XCTAssertNotEqual(broken, Self.json, kind)
            let file = folder + "/\(kind).json"
            try broken.write(toFile: file, atomically: true, encoding: .utf8)
            for range in ["0:10", "15:25"] {
                let r = try Lottie.run(["--file", file, "--range", range, "--sink", "jsonl"])
                XCTAssertEqual(r.status, 2, "\(kind), range \(range): \(r.stderr)")
                XCTAssertEqual(r.stdout, "", "\(kind), range \(range)")
                XCTAssert(r.stderr.contains("$.layers[0].refId") && r.stderr.contains("no \(kind) asset has the id \"gone\""),
                          "\(kind), range \(range): \(r.stderr)")
                XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
            }
        }
    }
}
