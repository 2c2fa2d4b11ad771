// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// `fxhost join` holds a frame or two at a time, whatever the parts' length,
/// and believes no part before checking it: measured as the peak resident
/// memory the kernel reports for the join's process (getrusage's ru_maxrss).
@Suite struct JoinMemoryTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    /// Runs fxhost with `args`; its exit status, standard error and peak resident memory in MiB.
    /// A small Python process starts it and reads its peak: a process started straight from this
    /// one would be charged this test process's own memory (Linux carries the peak of the address
    /// space a process had before exec, and posix_spawn lends it ours).
    func measured(_ args: [String]) throws -> (status: Int32, stderr: String, peakMiB: Double) {
        let python = """
            import resource, subprocess, sys
            r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            sys.stdout.write("%d %d\\n" % (r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
            sys.stdout.write(r.stderr.decode())
            """
        let r = try runProcess("/usr/bin/env", ["python3", "-c", python, Plugins.fxhost] + args)
        let lines = r.stdout.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let head = lines[0].split(separator: " ").compactMap { Int($0) }
        #expect(r.status == 0 && head.count == 2, "\(r.stderr)")
        guard head.count == 2 else { return (-1, r.stderr, 0) }
        return (Int32(head[0]), lines.count > 1 ? String(lines[1]) : "", Double(head[1]) / 1024)
    }

    func fx(_ args: [String]) throws -> ProcessResult { try runProcess(Plugins.fxhost, args) }

    /// A part holding the whole run of `args`, with its manifest.
    func wholePart(_ name: String, _ args: [String]) throws -> String {
        let part = "\(dir)/\(name).fxpart"
        let r = try fx(args + ["--frames", "0:", "--out", part, "--manifest"])
        #expect(r.status == 0, "\(r.stderr)")
        return part
    }

    /// The 41-byte part of issue 28, whose one frame header claims 16384×16384 pixels (1 GiB
    /// of RGBA), beside the manifest of a 40×20 render: refused in one line, in little memory,
    /// with nothing written.
    @Test func aCraftedPartIsRefusedBeforeItsClaimIsAllocated() throws {
        let part = try wholePart("crafted", ["--plugin", "spinner", "--size", "40x20", "--end", "0.1", "--fps", "10"])
        var crafted = Array("FXPART 1\n".utf8) + [UInt8(ascii: "F")]
        for v: UInt32 in [16384, 16384, 0, 0, 11] { crafted += (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        crafted += [0x78, 0x01] + [UInt8](repeating: 0, count: 9)
        #expect(crafted.count == 41)
        try Data(crafted).write(to: URL(fileURLWithPath: part))
        let out = "\(dir)/crafted.mp4"
        let r = try measured(["join", out, part])
        #expect(r.status == 2)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("'\(part)' does not match its manifest: its frame 0 is 16384×16384 pixels where the manifest says 40×20"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // Reading the claim first would take 1,024 MiB; a join of a 40×20 render needs far less than a tenth of it.
        // (AddressSanitizer's shadow memory and quarantine make peaks meaningless in the sanitizer pass.)
        #expect(TestSupport.isSanitizerPass || r.peakMiB < 100, "peak \(r.peakMiB) MiB")

        // A manifest that itself claims a render past fxhost's limits is refused the same way.
        let manifest = part + ".manifest.json"
        let text = try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: "\"size\":[40,20]", with: "\"size\":[16384,16384]")
        try text.write(toFile: manifest, atomically: true, encoding: .utf8)
        let big = try measured(["join", out, part])
        #expect(big.status == 2 && big.stderr.contains("asks for a render fxhost does not make (size [16384,16384]"), "\(big.stderr)")
        #expect(TestSupport.isSanitizerPass || big.peakMiB < 100, "peak \(big.peakMiB) MiB")
    }

    /// Joining 8 or 64 frames of 480×360 (675 KiB each) into Y4M takes the same memory: a join
    /// that held its part's frames would need 37 MiB more for the longer one.
    @Test func joinMemoryIsFlatInTheNumberOfFrames() throws {
        let args = ["--plugin", "spinner", "--size", "480x360", "--fps", "10"]
        let short = try wholePart("short", args + ["--end", "0.7"]), long = try wholePart("long", args + ["--end", "6.3"])
        let a = try measured(["join", "\(dir)/short.y4m", short]), b = try measured(["join", "\(dir)/long.y4m", long])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        // (AddressSanitizer keeps freed frames in quarantine, so not in the sanitizer pass.)
        #expect(TestSupport.isSanitizerPass || b.peakMiB - a.peakMiB < 12, "8 frames: \(a.peakMiB) MiB, 64 frames: \(b.peakMiB) MiB")
        // And the long join is the unsharded render, byte for byte.
        #expect(try fx(args + ["--end", "6.3", "--out", "\(dir)/direct.y4m"]).status == 0)
        let direct = FileManager.default.contents(atPath: "\(dir)/direct.y4m"), joined = FileManager.default.contents(atPath: "\(dir)/long.y4m")
        #expect(direct != nil && direct == joined)
        #expect(direct.map { $0.count } == 64 * (6 + 480 * 360 * 3) + "YUV4MPEG2 W480 H360 F10:1 Ip A1:1 C444\n".utf8.count)
    }
}
