// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// The whole corpus through `fxhost check --strict`: every port builds, samples and renders
/// without a single failed host call, the rule a third party's plugin is held to.
@Suite struct CorpusCheckTests {
    @Test func everyPortPassesTheStrictCheck() throws {
        let plugins = [try Corpus.spinKit.plugin.get(), try Corpus.dgActivity.plugin.get(), try Corpus.replicators.plugin.get()]
        let r = try runProcess(TestSupport.binFolder + "/fxhost", ["check", "--strict"] + plugins)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let passed = r.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") }
        #expect(passed.count == 14 + 4 + 2, "\(r.stdout)")
        #expect(r.stdout.contains("20 passed, 0 failed"))
    }
}
