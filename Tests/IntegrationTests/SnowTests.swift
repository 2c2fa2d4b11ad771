// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// `fade --snow`: the seed's snow view is a CAEmitterLayer (issue 10), and
/// its flakes fall. Expected counts come from the plugin's stated settings:
/// flakes born at width/8 a second along a line above the top edge, from 4 s
/// before the stage starts, living 5 to 7 s.
@Suite struct SnowTests {
    func snow(_ line: [String: Any]) -> [String: Any]? {
        (line["layers"] as? [[String: Any]])?.first { ($0["path"] as? String) == "stage/snow" }
    }

    @Test func flakesAreBornAtTheRateAndFall() throws {
        let lines = try Plugins.samples(["--plugin", Plugins.binFolder + "/libfade.so", "--snow", "--size", "400x300",
                                         "--fps", "4", "--end", "0.5", "--particles"])
        #expect(lines.count == 3)
        var previous: [[Double]] = []
        for (i, line) in lines.enumerated() {
            let t = Double(i) * 0.25
            let field = try #require(snow(line)?["particles"] as? [String: Any])
            // Everything born since −4 s is still alive (lifetimes are at least 5 s): births at k / 50.
            #expect(field["count"] as? Int == Int(((t + 4) * 50).rounded(.down)) + 1, "t = \(t)")
            let list = try #require(field["list"] as? [[Any]])
            let positions = list.map { [$0[1] as! Double, $0[2] as! Double] }
            // Born along the line (−40…440) at y = −8, moving down (a line emitter's longitude π,
            // within π/8 of straight down; gravity 25).
            #expect(positions.allSatisfy { $0[1] >= -8 - 1e-9 })
            if !previous.isEmpty {
                // The same flakes, in the same order, each lower than a quarter-second before.
                #expect(zip(previous, positions).allSatisfy { $1[1] > $0[1] })
            }
            previous = positions
        }
        // The flakes reach the whole height of the stage.
        #expect(previous.contains { $0[1] > 280 })
    }

    @Test func theSnowFadesInWithTheSnowyImage() throws {
        let lines = try Plugins.samples(["--plugin", Plugins.binFolder + "/libfade.so", "--snow", "--fps", "10", "--end", "0.4"])
        let opacity = lines.map { ((snow($0)?["props"] as? [String: Any])?["opacity"] as? Double) ?? 1 }
        #expect(opacity.first == 0 && opacity.last == 1)
        #expect(zip(opacity, opacity.dropFirst()).allSatisfy { $0 <= $1 })
    }
}
