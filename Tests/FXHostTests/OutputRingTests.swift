// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// Standard output crosses from the child to the supervisor in a 1 MiB shared ring: what
/// reaches standard output is exactly what a run in one process writes, however the bytes
/// fall into spans, whoever reads them and however slowly; a record the child did not
/// write is the plugin's tampering, and nothing after it is relayed.
@Suite struct OutputRingTests {
    let dir: String
    init() throws { dir = try Harness.temporaryFolder() }

    static let ring = 1 << 20
    static let environment = ["FX_PLUGIN_PATH": Harness.binFolder]

    /// The spinner as Y4M on standard output: in one process, and through the supervisor, its
    /// standard output a file and a pipe whose reader starts half a second late.
    func spinner(_ size: String, fps: String, end: String) throws -> (alone: Data, isolated: ProcessResult, piped: Data) {
        let args = ["--plugin", "spinner", "--size", size, "--fps", fps, "--end", end, "--out", "-", "--format", "y4m"]
        let alone = try Harness.fxhost(["--no-isolate"] + args, environment: Self.environment)
        #expect(alone.status == 0, "\(alone.stderr)")
        let isolated = try Harness.fxhost(args, environment: Self.environment)
        let file = dir + "/piped-\(size).y4m"
        let piped = try runProcess("/bin/sh", ["-c", "\"$0\" \"$@\" | (sleep 0.5; cat > \"$FILE\")", Harness.fxhost] + args,
                                   environment: Self.environment.merging(["FILE": file]) { a, _ in a })
        #expect(piped.status == 0, "\(piped.stderr)")
        return (alone.data, isolated, FileManager.default.contents(atPath: file) ?? Data())
    }

    static func headerLength(_ data: Data) -> Int { (data.firstIndex(of: 10) ?? -1) + 1 }

    /// 640 × 640 4:4:4 frames are 6 + 640 × 640 × 3 = 1,228,806 bytes, more than the ring
    /// holds: each crosses in several spans, the child waiting for room in between.
    @Test func framesLargerThanTheRingArriveWhole() throws {
        let r = try spinner("640x640", fps: "10", end: "0.1")
        let frame = 6 + 640 * 640 * 3
        #expect(frame > Self.ring)
        #expect(r.alone.count == Self.headerLength(r.alone) + 2 * frame, "\(r.alone.count) bytes")
        // Compared first: a failed #expect over megabytes of Data would spend minutes describing them.
        let same = r.isolated.data == r.alone, samePiped = r.piped == r.alone
        #expect(r.isolated.status == 0 && same, "\(r.isolated.data.count) bytes, \(r.isolated.stderr)")
        #expect(samePiped, "\(r.piped.count) bytes through the pipe")
    }

    /// 301 frames of 90 × 70 (18,906 bytes each, 5.7 MB in all) go out in 64 KiB gatherings and
    /// single frames: spans of every size, at offsets that fall anywhere in the ring, cut at its end.
    @Test func manySpansAtEveryOffsetArriveInOrder() throws {
        let r = try spinner("90x70", fps: "100", end: "3")
        let frame = 6 + 90 * 70 * 3
        #expect(r.alone.count == Self.headerLength(r.alone) + 301 * frame, "\(r.alone.count) bytes")
        #expect(r.alone.count > Self.ring)
        // Compared first: a failed #expect over megabytes of Data would spend minutes describing them.
        let same = r.isolated.data == r.alone, samePiped = r.piped == r.alone
        #expect(r.isolated.status == 0 && same, "\(r.isolated.data.count) bytes, \(r.isolated.stderr)")
        #expect(samePiped, "\(r.piped.count) bytes through the pipe")
    }

    /// `| head -c 1000`: the supervisor's write fails with EPIPE, and fxhost ends quietly by
    /// SIGPIPE (status 128 + 13 in the shell) after the 1,000 bytes the reader took.
    @Test func aReaderThatGoesAwayEndsTheRunQuietly() throws {
        let args = ["--plugin", "spinner", "--size", "640x360", "--fps", "10", "--end", "1", "--out", "-", "--format", "y4m"]
        let alone = try Harness.fxhost(["--no-isolate"] + args, environment: Self.environment)
        let file = dir + "/head.y4m"
        let r = try runProcess("/bin/bash", ["-c", "\"$0\" \"$@\" | head -c 1000 > \"$FILE\"; echo \"${PIPESTATUS[0]}\"", Harness.fxhost] + args,
                               environment: Self.environment.merging(["FILE": file]) { a, _ in a })
        #expect(r.stdout == "141\n", "status \(r.stdout), \(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let same = FileManager.default.contents(atPath: file) == alone.data.prefix(1000)
        #expect(same)
    }

    /// The rogue plugin forges a record on the data pipe at 0.15 s, after the frames at 0 and
    /// 0.1 s went out (200 × 200 frames, 120,006 bytes each, are not gathered): P is where
    /// the next span must begin. The run is stopped as the plugin's tampering, and standard
    /// output holds the header and those two frames, as the plugin's run in one process wrote
    /// them, and nothing else.
    @Test(arguments: ["P + 1, 1", "P, 0", "P, RING - P + 1", "P, 0 - P", "RING, 1"])
    func aForgedRecordIsTamperingAndNothingAfterItIsRelayed(_ record: String) throws {
        let frame = 6 + 200 * 200 * 3
        let args = Rogue.shortRun + ["--size", "200x200", "--out", "-", "--format", "y4m"]
        let harmless = try Harness.fxhost(["--no-isolate", "--plugin", try Rogue.plugin(21, in: dir, record: (0, 0))] + args)
        #expect(harmless.status == 0, "\(harmless.stderr)")
        let header = Self.headerLength(harmless.data)
        #expect(harmless.data.count == header + 3 * frame)
        let p = UInt64(header + 2 * frame), ring = UInt64(Self.ring)
        let (offset, length): (UInt64, UInt64) = switch record {
        case "P + 1, 1": (p + 1, 1)
        case "P, 0": (p, 0)
        case "P, RING - P + 1": (p, ring - p + 1)
        case "P, 0 - P": (p, 0 &- p)
        default: (ring, 1)
        }
        let r = try Harness.fxhost(["--plugin", try Rogue.plugin(21, in: dir, record: (offset, length))] + args)
        // The phase named is the one the supervisor had heard of when it read the record: the
        // timer's, or none if the child had already told it the timer returned.
        let line = #/fxhost: error: plugin 'rogue' wrote into fxhost's private pipe to its supervisor (during a timer callback at t = 0\.15|outside plugin code); the run was stopped\n/#
        #expect(r.status == 1 && r.stderr.wholeMatch(of: line) != nil, "\(r.stderr)")
        let same = r.data == harmless.data.prefix(Int(p))
        #expect(same, "\(r.data.count) bytes")
    }
}
