import Foundation
import Glibc
import TestSupport
import Testing

/// Outputs that are not regular files are written in place, never replaced;
/// every write error is one line and status 2; relative outputs are resolved
/// before plugin code runs.
@Suite struct OutputFileTests {
    let dir: String
    init() throws { dir = try Harness.temporaryFolder() }

    static let run = ["--plugin", "cube", "--end", "0.2", "--sink", "jsonl"]

    func kind(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : 0
    }

    /// A device number as glibc's makedev encodes it (sys/sysmacros.h): the low 8 bits of the minor,
    /// then 12 bits of major, then the rest of the minor, then the rest of the major.
    static func makedev(_ major: UInt32, _ minor: UInt32) -> dev_t {
        let ma = UInt64(major), mi = UInt64(minor)
        return dev_t(((ma & 0xFFFF_F000) << 32) | ((ma & 0xFFF) << 8) | ((mi & 0xFFFF_FF00) << 12) | (mi & 0xFF))
    }

    /// A character device node made in the test's own folder (root only): never the real /dev entries.
    func device(_ name: String, major: UInt32, minor: UInt32) -> String? {
        guard getuid() == 0 else { return nil }
        let path = dir + "/" + name
        guard mknod(path, S_IFCHR | 0o666, Self.makedev(major, minor)) == 0 else { return nil }
        return path
    }

    @Test func aDeviceIsWrittenNotReplaced() throws {
        // Major 1, minor 3 is the null device (Linux's devices.txt).
        guard let null = device("null", major: 1, minor: 3) else { return }
        let r = try Harness.fxhost(Self.run + ["--out", null])
        #expect(r.status == 0, "\(r.stderr)")
        var st = stat()
        #expect(lstat(null, &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR && st.st_rdev == Self.makedev(1, 3))
        #expect(Rogue.temporaries(in: dir).isEmpty)
    }

    @Test func aFullDeviceIsOneLineAndStatus2() throws {
        // Major 1, minor 7 is the full device: every write fails with ENOSPC.
        guard let full = device("full", major: 1, minor: 7) else { return }
        let r = try Harness.fxhost(Self.run + ["--out", full])
        #expect(r.status == 2)
        #expect(r.stderr == "fxhost: error: cannot write '\(full)': No space left on device\n", "\(r.stderr)")
        #expect(kind(full) == S_IFCHR)
    }

    @Test func aFullStandardOutputIsOneLineAndStatus2() throws {
        // The parent writes standard output; its ENOSPC is one line too.
        guard let full = device("full", major: 1, minor: 7) else { return }
        let r = try runProcess("/bin/sh", ["-c", "exec \"$0\" \"$@\" > '\(full)'", Harness.fxhost] + Self.run)
        #expect(r.status == 2)
        #expect(r.stderr == "fxhost: error: cannot write standard output: No space left on device\n", "\(r.stderr)")
    }

    func makeFIFO() -> String {
        let fifo = dir + "/fifo"
        #expect(mkfifo(fifo, 0o644) == 0)
        return fifo
    }

    @Test func aFIFOIsWrittenToItsReader() throws {
        let fifo = makeFIFO()
        let file = dir + "/same.jsonl"
        #expect(try Harness.fxhost(Self.run + ["--out", file]).status == 0)
        let reader = try runReader(["-c", "cat \"$0\" > \"$0.read\"", fifo])
        let r = try Harness.fxhost(Self.run + ["--out", fifo])
        reader.waitUntilExit()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(kind(fifo) == S_IFIFO)
        // What the reader got is what a regular file gets.
        #expect(FileManager.default.contents(atPath: fifo + ".read") == FileManager.default.contents(atPath: file))
    }

    @Test func aFIFONobodyReadsIsOneLine() throws {
        let fifo = makeFIFO()
        let r = try Harness.fxhost(Self.run + ["--out", fifo])
        #expect(r.status == 2)
        #expect(r.stderr == "fxhost: error: cannot write '\(fifo)': it is a FIFO and no process is reading it\n", "\(r.stderr)")
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test func aReaderThatGoesAwayIsBrokenPipeAndStatus2() throws {
        let fifo = makeFIFO()
        // The reader takes 10 bytes and leaves; 30 s at 100 frames a second is megabytes, well past a pipe's buffer.
        let reader = try runReader(["-c", "head -c 10 \"$0\" > /dev/null", fifo])
        let r = try Harness.fxhost(["--plugin", "cube", "--fps", "100", "--end", "30", "--sink", "jsonl", "--out", fifo])
        reader.waitUntilExit()
        #expect(r.status == 2)
        #expect(r.stderr == "fxhost: error: cannot write '\(fifo)': Broken pipe\n", "\(r.stderr)")
    }

    @Test func aPluginThatChangesFolderDoesNotMoveTheOutput() throws {
        let r = try Harness.fxhost(["--plugin", try Rogue.plugin(15, in: dir)] + Rogue.shortRun + ["--out", "relative.jsonl"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/relative.jsonl"))
        #expect(!FileManager.default.fileExists(atPath: "/relative.jsonl"))
        #expect(Rogue.temporaries(in: dir).isEmpty)
    }

    /// A shell reading the FIFO in the background, started before fxhost opens it.
    func runReader(_ arguments: [String]) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = arguments
        try p.run()
        return p
    }
}
