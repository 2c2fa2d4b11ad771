// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// The memory budget through the real fxhost (docs/isolation.md, "Memory budget"): Fixtures/memory.c
/// makes a replicator of COPIES copies of a layer with CHILDREN sublayers, so that one frame holds
/// (COPIES − 1) × (1 + CHILDREN) replicated copies. A frame that would not fit is refused with one
/// line naming the replicator and `--memory-limit`, exit status 1, and no output put in place;
/// under a real address-space limit (`prlimit --as`) a run either renders or is refused, never aborted.
@Suite struct MemoryBudgetHostTests {
    let dir: String

    init() throws { dir = try Harness.temporaryFolder() }

    func plugin(copies: Int, children: Int) throws -> String {
        try Harness.compilePlugin(Harness.fixture("memory.c"), into: dir, name: "memory-\(copies)x\(children).so",
                                  defines: ["COPIES=\(copies)", "CHILDREN=\(children)"])
    }

    /// 1,000 copies of 500 layers: 999 × 500 = 499,500 copies, each several hundred bytes, far over 128 MiB.
    @Test func aFrameOverTheLimitIsOneLine() throws {
        let so = try plugin(copies: 1000, children: 499)
        let out = dir + "/copies.png"
        try Data("good\n".utf8).write(to: URL(fileURLWithPath: out))
        let start = Date()
        let r = try Harness.fxhost(["--plugin", so, "--time", "1", "--out", out, "--memory-limit", "128MiB"])
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("fxhost: error: memory budget: the frame at 1 s would take fxhost's memory to "), "\(r.stderr)")
        #expect(r.stderr.contains("over its limit of 128.0 MiB (--memory-limit); the most of it is the copies of replicator 'stage/copies': 499,500 × "), "\(r.stderr)")
        #expect(r.stderr.contains("give --memory-limit BYTES"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "good\n", "the output in place was replaced")
        #expect(Rogue.temporaries(in: dir).isEmpty)
    }

    /// The same scene within a limit it fits renders.
    @Test func aFrameWithinTheLimitRenders() throws {
        let so = try plugin(copies: 100, children: 9)
        let out = dir + "/small.png"
        let r = try Harness.fxhost(["--plugin", so, "--time", "1", "--out", out, "--memory-limit", "1GiB"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test(arguments: ["12", "1.5", "64KiB", "-1GiB", "2PiB", "GiB", "1e30", "10.5"])
    func aBadLimitIsAUsageError(_ text: String) throws {
        let so = try plugin(copies: 2, children: 0)
        let r = try Harness.fxhost(["--plugin", so, "--time", "0", "--sink", "jsonl", "--memory-limit", text])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr == "fxhost: error: --memory-limit: '\(text)' is not a size from 64MiB to 1024TiB: BYTES, or a number with KiB, MiB, GiB or TiB (e.g. 4GiB)\n", "\(r.stderr)")
    }

    /// Under an address-space limit of 1 GiB and no `--memory-limit`, the limit is the budget's:
    /// a frame of about a million layers (999 × 999 = 998,001 copies, more than 550 MiB of
    /// layers alone) is refused in one line instead of ending in a failed allocation, and a small
    /// scene renders.
    @Test(.enabled(if: !TestSupport.isSanitizerPass && TestSupport.which("prlimit") != nil))
    func anAddressSpaceLimitIsTheDefault() throws {
        let prlimit = TestSupport.which("prlimit")!
        let big = try plugin(copies: 1000, children: 998)
        let out = dir + "/big.png"
        let r = try runProcess(prlimit, ["--as=1073741824", Harness.fxhost, "--plugin", big, "--time", "1", "--out", out])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("fxhost: error: memory budget: the frame at 1 s would take fxhost's address space to "), "\(r.stderr)")
        #expect(r.stderr.contains("over its limit of 1.0 GiB (the address-space limit, ulimit -v); the most of it is the copies of replicator 'stage/copies': 998,001 × "), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(Rogue.temporaries(in: dir).isEmpty)

        let small = try plugin(copies: 100, children: 9)
        let fits = try runProcess(prlimit, ["--as=1073741824", Harness.fxhost, "--plugin", small, "--time", "1", "--out", dir + "/small.png"])
        #expect(fits.status == 0, "\(fits.stderr)")
    }

    /// At the budget's edge: scenes of growing size under one address-space limit each either
    /// render (exit 0, an output) or are refused by the budget (exit 1, its one line, no output);
    /// none ends in a crash or a failed allocation.
    @Test(.enabled(if: !TestSupport.isSanitizerPass && TestSupport.which("prlimit") != nil))
    func theEdgeRendersOrIsRefused() throws {
        let prlimit = TestSupport.which("prlimit")!
        var outcomes: [Int32] = []
        for copies in [50, 400, 560, 700] {
            let so = try plugin(copies: copies, children: 499)
            let out = dir + "/edge-\(copies).y4m"
            let r = try runProcess(prlimit, ["--as=805306368", Harness.fxhost, "--plugin", so, "--time", "1", "--out", out,
                                             "--render-timeout", "120"])
            outcomes.append(r.status)
            if r.status == 0 {
                #expect(FileManager.default.fileExists(atPath: out))
            } else {
                #expect(r.status == 1, "\(copies) copies: \(r.stderr)")
                #expect(r.stderr.hasPrefix("fxhost: error: memory budget: "), "\(copies) copies: \(r.stderr)")
                #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out))
            }
        }
        // The smallest fits and the largest does not, so the edge lies between them.
        #expect(outcomes.first == 0 && outcomes.last == 1, "\(outcomes)")
    }
}
