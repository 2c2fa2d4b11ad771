// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// 3D layers drawn in depth order by After Effects' rule (its User Guide, "Rendering compositions
/// containing both 2D and 3D layers"): a run of adjacent 3D layers is drawn from the most distant
/// to the nearest, and 2D layers split the runs, keeping their place in the layer order. Every
/// expected colour is worked out here by hand under the default view of a 200 × 100 composition:
/// zoom = 200 × 50 / 36 = 277.78, the eye at (100, 50, −277.78), so a point at depth z is drawn at
/// the centre + 277.78 / (277.78 + z) times its offset.
final class DepthOrderTests: XCTestCase {
    let red = [204, 51, 51], blue = [51, 51, 204], green = [51, 204, 51], yellow = [204, 204, 51]
    let grey = [136, 136, 136], white = [255, 255, 255]

    func testAdjacent3DLayersSwapWhenTheirDepthsDo() throws {
        // depth-order.json, bottom run: "red" (lowest in the list, 60 × 60 about its centre at (50, 50, z),
        // z −100 on frames 0…4 and +100 from frame 5, held) under "blue" (60 × 60 about (70, 50, 0):
        // x 40…100, y 20…80). At z = −100 red is 1.5625 times: x −25…68.75, y 3.13…96.88, nearer than
        // blue, so drawn over it though lower in the list. At z = +100, 0.7353 times: x 41.2…85.3,
        // y 27.9…72.1, farther, under blue (and wholly hidden by it).
        let frames = try Lottie.fxhostFrames(Lottie.fixture("depth-order.json"), fps: 10, only: [0, 4, 5, 9])
        for f in [0, 4] {
            assertColor(frames[f]![x: 55, y: 50], red, "frame \(f): red nearer, on top where both lie")
            assertColor(frames[f]![x: 90, y: 50], blue, "frame \(f): blue alone, right of red (68.75)")
        }
        for f in [5, 9] {
            assertColor(frames[f]![x: 55, y: 50], blue, "frame \(f): red farther, under blue")
            assertColor(frames[f]![x: 20, y: 50], white, "frame \(f): red shrunk away from x = 20 (41.2)")
        }
    }

    func testA2DLayerSplitsTheRuns() throws {
        // "grey", a 2D 200 × 10 bar at y 85…95, lies between the runs. Under it, red (frames 0…4) is the
        // nearest layer of all, yet stays under the bar: (20, 90) is grey, (20, 95) below it is red.
        // Over it, the top run: "green" (80 × 80 about (150, 95, 200), 0.5814 times: x 105.8…152.3,
        // y 52.9…99.4) is farther than red yet draws over the bar; and it is nearer than "yellow" (top of the list, 80 × 80 about (170, 50, 400), 0.4098 times:
        // x 112.3…145.1, y 33.6…66.4), so it draws over yellow where they overlap.
        let frames = try Lottie.fxhostFrames(Lottie.fixture("depth-order.json"), fps: 10, only: [0, 9])
        for f in [0, 9] {
            let frame = frames[f]!
            assertColor(frame[x: 20, y: 90], grey, "frame \(f): the 2D bar over the bottom run")
            assertColor(frame[x: 130, y: 90], green, "frame \(f): the top run over the 2D bar")
            assertColor(frame[x: 130, y: 60], green, "frame \(f): green nearer than yellow, on top")
            assertColor(frame[x: 130, y: 45], yellow, "frame \(f): yellow alone, above green (52.9)")
        }
        assertColor(frames[0]![x: 20, y: 95], red, "frame 0: red below the bar (to 96.88)")
    }

    func testCompositionsWithoutA3DRunAreNotReordered() throws {
        // No zPosition is set where no two drawn 3D layers are adjacent: camera.json's 3D "wall" lies
        // beside 2D layers and a camera only; shapes.json is 2D.
        for file in ["camera.json", "shapes.json"] {
            let r = try Lottie.run(["--file", Lottie.fixture(file), "--time", "0", "--sink", "jsonl"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse(r.stdout.contains("zPosition"), file)
        }
    }
}
