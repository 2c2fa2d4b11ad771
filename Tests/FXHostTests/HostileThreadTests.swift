// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// Worker threads that call the host while a build runs on the host's
/// thread: every call is refused or ignored, and the host's memory is never
/// touched from them (the ASan pass runs this too).
@Suite struct HostileThreadTests {
    @Test func workerThreadsAreRefusedWithoutCorruptingTheHost() throws {
        let dir = try Harness.temporaryFolder()
        let plugin = try Harness.compilePlugin(Harness.fixture("threads.c"), into: dir, defines: ["_POSIX_C_SOURCE=200809L"])
        // Races show up only sometimes: three runs make a lucky pass unlikely (one under the
        // sanitizer, which finds a race's damage the first time it happens, and is slower).
        for run in 0..<(TestSupport.isSanitizerPass ? 1 : 3) {
            let r = try Harness.fxhost(["--plugin", plugin, "--time", "0", "--sink", "jsonl", "--out", dir + "/t\(run).jsonl"])
            #expect(r.status == 0, "\(r.stderr)")
            // 4 workers × 20,000 rounds, each layer_create refused with FX_ERR_NOT_NOW; last_error gave a string.
            #expect(r.stderr == "fxhost: threads: workers: 80000 refused, 0 other, 0 NULL last_error; build made 20000 layers\n",
                    "\(r.stderr)")
        }
    }
}
