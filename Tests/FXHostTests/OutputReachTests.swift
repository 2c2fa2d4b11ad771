// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// Fixtures/scribbler.c writes garbage into every descriptor it finds, in its
/// own /proc/self/fd and through the supervisor's /proc/PPID/fd, during its
/// build and in timers while frames are being written. The outputs are the
/// supervisor's alone (docs/isolation.md, Outputs): the file a run writes is
/// byte for byte what the same plugin writes when it attacks nothing
/// (-DHARMLESS), and the plugin finds nothing to write into.
@Suite struct OutputReachTests {
    let dir: String
    let scribbler: String
    let harmless: String

    init() throws {
        dir = try Harness.temporaryFolder()
        scribbler = try Harness.compilePlugin(Harness.fixture("scribbler.c"), into: dir, defines: ["_GNU_SOURCE"])
        harmless = try Harness.compilePlugin(Harness.fixture("scribbler.c"), into: dir, name: "harmless.so",
                                             defines: ["_GNU_SOURCE", "HARMLESS"])
    }

    /// The line the scribbler logs after each of its three attacks, when it found nothing.
    static let foundNothing = "scribbled 0 times; opened 0 of the supervisor's descriptors"

    func compare(_ arguments: [String], output name: String) throws {
        let attacked = dir + "/attacked-" + name, clean = dir + "/clean-" + name
        let a = try Harness.fxhost(["--plugin", scribbler] + arguments + ["--out", attacked])
        #expect(a.status == 0, "\(a.stderr)")
        let c = try Harness.fxhost(["--plugin", harmless] + arguments + ["--out", clean])
        #expect(c.status == 0, "\(c.stderr)")
        let attackedBytes = try Data(contentsOf: URL(fileURLWithPath: attacked))
        let cleanBytes = try Data(contentsOf: URL(fileURLWithPath: clean))
        #expect(!cleanBytes.isEmpty)
        #expect(attackedBytes == cleanBytes, "the attacked output differs from the clean one (\(attackedBytes.count) and \(cleanBytes.count) bytes)")
        // Three attacks (the build, the timers at 0.05 and 0.15 s), each finding nothing to write into.
        #expect(a.stderr.components(separatedBy: Self.foundNothing).count - 1 == 3, "\(a.stderr)")
    }

    @Test func jsonLinesToAFileCannotBeReached() throws {
        try compare(["--sink", "jsonl", "--end", "0.2", "--fps", "10"], output: "run.jsonl")
    }

    /// An animated PNG, written frame by frame while the timers run, its frame count patched in at the end.
    @Test func anAnimationCannotBeReached() throws {
        try compare(["--end", "0.2", "--fps", "10", "--size", "64x48"], output: "frames.png")
    }
}
