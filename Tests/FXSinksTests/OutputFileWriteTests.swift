// SPDX-License-Identifier: MIT
import Foundation
import FXSinks
import Glibc
import TestSupport
import Testing

/// OutputFile gathers small writes and sends large ones straight from the caller's memory: either
/// way the file holds every byte, in order, and appears only when committed.
@Suite struct OutputFileWriteTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    /// Writes of every kind and size, some below the buffer's 64 KiB and some above it, with the
    /// bytes they should leave, built independently of OutputFile.
    func writeMixed(to out: OutputFile) throws -> [UInt8] {
        var want: [UInt8] = []
        var state: UInt32 = 9
        func bytes(_ n: Int) -> [UInt8] {
            (0..<n).map { _ in state = state &* 1_664_525 &+ 1_013_904_223; return UInt8(state >> 24) }
        }
        for n in [6, 100_000, 3, 65_530, 65_536, 1, 200_000, 40_000, 40_000, 0, 70_000] {
            try out.write("FRAME\n")
            want += Array("FRAME\n".utf8)
            let b = bytes(n)
            if n % 2 == 0 { try out.write(b) } else { try b.withUnsafeBytes { try out.write($0) } }
            want += b
        }
        #expect(out.written == want.count)
        return want
    }

    @Test func largeAndSmallWritesKeepTheirOrder() throws {
        let path = dir + "/mixed.bin"
        let out = try OutputFile(path: path, publication: .direct)
        let want = try writeMixed(to: out)
        #expect(!FileManager.default.fileExists(atPath: path), "not in place before commit")
        try out.commit()
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == want)
    }

    /// A FIFO is written in place, through a pipe that holds far less than one large write.
    @Test func aFIFOGetsEveryByte() throws {
        let path = dir + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        final class Received: @unchecked Sendable { var bytes: [UInt8] = [] }
        let received = Received()
        let reader = Thread {
            let fd = open(path, O_RDONLY)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                received.bytes += chunk[0..<n]
            }
            close(fd)
        }
        reader.start()
        // Opening waits for no reader, and fails while there is none: wait for the thread to open its end.
        var out: OutputFile?
        for _ in 0..<500 where out == nil {
            out = try? OutputFile(path: path, publication: .direct)
            if out == nil { usleep(10_000) }
        }
        let file = try #require(out)
        let want = try writeMixed(to: file)
        try file.commit()
        while !reader.isFinished { usleep(1000) }
        #expect(received.bytes == want)
    }
}
