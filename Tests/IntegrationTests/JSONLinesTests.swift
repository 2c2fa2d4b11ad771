// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// JSON lines write a large, still value once and refer to it afterwards
/// (docs/jsonl.md). Checked against single-sample runs, where every value
/// is defined in the one line, so the references must resolve to the same
/// samples a fresh run at that time gives.
@Suite struct JSONLinesTests {
    func line(_ args: [String]) throws -> [String: Any] {
        let r = try Plugins.run(args + ["--sink", "jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONLinesReader.read(r.stdout).first)
    }

    @Test func stillPathsAreWrittenOnceAndResolveToEachSample() throws {
        // pulse's clouds are long still paths moving across the stage.
        let args = ["--plugin", "pulse", "--fps", "10", "--end", "1"]
        let r = try Plugins.run(args + ["--sink", "jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        let samples = try JSONLinesReader.read(r.stdout)
        #expect(samples.count == 11)
        let cloud = try #require(samples[0].layer("stage/view/cloud1")?.props["path"] as? String)
        #expect(cloud.utf8.count >= 128 && cloud.hasPrefix("M"))
        // In full once in the whole run, though every sample has it.
        #expect(r.stdout.components(separatedBy: cloud).count - 1 == 1)
        #expect(samples.allSatisfy { $0.layer("stage/view/cloud1")?.props["path"] as? String == cloud })
        for k in [0, 4, 10] {
            let alone = try line(args + ["--time", String(Double(k) / 10)])
            #expect(NSDictionary(dictionary: samples[k]).isEqual(to: alone), "sample \(k)")
        }
    }

    @Test func theSnowyFadeStaysSmall() throws {
        let r = try Plugins.run(["--plugin", "fade", "--snow", "--end", "1", "--sink", "jsonl"])
        #expect(r.status == 0)
        #expect(r.data.count <= 2_000_000)
        #expect(try JSONLinesReader.read(r.stdout).count == 31)
    }
}
