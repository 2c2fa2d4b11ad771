// SPDX-License-Identifier: MIT
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
        let reader = try FIFOReader(fifo)
        let r = try Harness.fxhost(Self.run + ["--out", fifo])
        let got = reader.finish()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(kind(fifo) == S_IFIFO)
        // What the reader got is what a regular file gets.
        #expect(got == FileManager.default.contents(atPath: file).map { [UInt8]($0) })
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
        let reader = try FIFOReader(fifo, limit: 10)
        let r = try Harness.fxhost(["--plugin", "cube", "--fps", "100", "--end", "30", "--sink", "jsonl", "--out", fifo])
        #expect(reader.finish().count == 10)
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

}

/// A FIFO's reader: its read end is opened (without waiting for a writer) before
/// fxhost opens the write end, so that fxhost always finds a reader there, and it
/// is read on a thread of its own while fxhost writes: up to `limit` bytes (then
/// closed, as a reader that goes away), or until fxhost has exited and all it wrote is read.
final class FIFOReader: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var writerGone = false
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ path: String, limit: Int? = nil) throws {
        fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while limit.map({ bytes.count < $0 }) ?? true {
                let gone = lock.withLock { writerGone }
                let n = read(fd, &buffer, limit.map { min(buffer.count, $0 - bytes.count) } ?? buffer.count)
                if n > 0 { bytes += buffer[0..<n]; continue }
                // Nothing to read: no writer yet, none any more, or one that has not written yet.
                if gone { break }
                usleep(1_000)
            }
            close(fd)
            done.signal()
        }
    }

    /// What was read, once fxhost (which the caller has run to its end) has gone.
    func finish() -> [UInt8] {
        lock.withLock { writerGone = true }
        done.wait()
        return bytes
    }
}
