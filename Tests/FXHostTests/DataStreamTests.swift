// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// What a plugin writes to its standard output, or does to it, never reaches
/// fxhost's data on standard output: the child's descriptor 1 is standard
/// error, and the data goes to the parent over a pipe of its own.
@Suite struct DataStreamTests {
    let dir: String
    init() throws { dir = try Harness.temporaryFolder() }

    /// Frames at 0, 0.1 and 0.2 s: floor(0.2 × 10) + 1 = 3 JSON lines.
    static let expectedLines = 3

    func jsonLines(_ kase: Int) throws -> (lines: [Substring], stderr: String, status: Int32) {
        let r = try Harness.fxhost(["--plugin", try Rogue.plugin(kase, in: dir)] + Rogue.shortRun + ["--sink", "jsonl"])
        return (r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast(), r.stderr, r.status)
    }

    @Test func printfInAConstructorAndInBuildGoesToStandardError() throws {
        let r = try jsonLines(1)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.count == Self.expectedLines)
        for line in r.lines { #expect((try? jsonObject(line)) != nil, "not JSON: \(line)") }
        #expect(r.stderr.contains("hello from a constructor") && r.stderr.contains("hello from build"), "\(r.stderr)")
    }

    @Test(arguments: [2, 3, 4])
    func freopenCloseAndAForkThatFallsThroughLeaveTheDataWhole(_ kase: Int) throws {
        // 2: freopen(stdout) to /dev/null; 3: close(1); 4: fork() whose child returns into fxhost.
        let r = try jsonLines(kase)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.count == Self.expectedLines, "\(r.lines.count) lines")
        for line in r.lines { #expect((try? jsonObject(line)) != nil, "not JSON: \(line)") }
        #expect(Set(r.lines).count == r.lines.count, "lines repeated")
    }

    @Test func y4mOnStandardOutputIsOnlyVideo() throws {
        let r = try Harness.fxhost(["--plugin", try Rogue.plugin(1, in: dir)] + Rogue.shortRun +
                                   ["--size", "16x8", "--out", "-", "--format", "y4m"])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = [UInt8](r.data)
        guard let nl = bytes.firstIndex(of: 10) else { Issue.record("no header"); return }
        let header = String(decoding: bytes[..<nl], as: UTF8.self)
        #expect(header.hasPrefix("YUV4MPEG2 W16 H8 ") && header.hasSuffix(" C444"), "\(header)")
        // Each 4:4:4 frame: "FRAME\n" and 16 × 8 × 3 bytes; evenly spaced frames at 0, 0.1 and 0.2 s.
        let frame = 6 + 16 * 8 * 3
        #expect(bytes.count == nl + 1 + 3 * frame, "\(bytes.count) bytes")
        for i in 0..<3 {
            let start = nl + 1 + i * frame
            #expect(Array(bytes[start..<(start + 6)]) == Array("FRAME\n".utf8))
        }
    }

    /// The parent splices the child's data to standard output (a file here) and, where standard
    /// output refuses splicing (a file opened for appending), reads and writes it: either way the
    /// bytes are those of a run in one process. 2 MB, more than the 1 MiB pipe holds at once.
    @Test func splicedAndAppendedDataAreTheBytesOfAnUnisolatedRun() throws {
        // A plugin that prints nothing: in one process, its prints would join the data.
        let args = ["--plugin", "spinner", "--size", "640x360", "--fps", "10", "--end", "0.2", "--out", "-", "--format", "y4m"]
        let alone = try Harness.fxhost(["--no-isolate"] + args)
        #expect(alone.status == 0, "\(alone.stderr)")
        let header = (alone.data.firstIndex(of: 10) ?? 0) + 1
        #expect(alone.data.count == header + 3 * (6 + 640 * 360 * 3), "\(alone.data.count) bytes")
        let spliced = try Harness.fxhost(args)
        #expect(spliced.status == 0 && spliced.data == alone.data, "\(spliced.stderr)")
        let file = dir + "/appended.y4m"
        try "before\n".write(toFile: file, atomically: true, encoding: .utf8)
        let appended = try runProcess("/bin/sh", ["-c", "exec \"$0\" \"$@\" >> \"$FILE\"", Harness.fxhost] + args, environment: ["FILE": file])
        #expect(appended.status == 0, "\(appended.stderr)")
        #expect(FileManager.default.contents(atPath: file) == Data("before\n".utf8) + alone.data)
    }

    @Test func limitsKnownFromTheArgumentsComeBeforeTheFirstByte() throws {
        // 1000 frames a second for 100 s: frames 0 … 100,000, 100,001 of them; the limit is 100,000.
        let r = try Harness.fxhost(["--plugin", "cube", "--fps", "1000", "--end", "100", "--sink", "jsonl"])
        #expect(r.status == 2 && r.stderr.contains("100001 frames") && r.stderr.contains("more than 100000 frames"), "\(r.stderr)")
        #expect(r.data.isEmpty, "\(r.data.count) bytes on standard output")
        // 1000 × 99.999 + 1 = 100,000 frames is within it (only the first is sampled here: --time wins).
        let within = try Harness.fxhost(["--plugin", "cube", "--fps", "1000", "--end", "99.999", "--time", "0", "--sink", "jsonl"])
        #expect(within.status == 0, "\(within.stderr)")
    }
}
