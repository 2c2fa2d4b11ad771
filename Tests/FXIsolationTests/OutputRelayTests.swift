// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import TestSupport
import Testing
@testable import FXIsolation
import FXSinks

/// The request protocol between a supervised child's `OutputRelay` and the
/// supervisor's `OutputServer`, in one process: the server does what the relay
/// asks, answers failures as the local `OutputFile` words them, and refuses
/// bytes that are not a record of the run.
@Suite struct OutputRelayTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    /// A relay and a server joined by two pipes, the server answering on a thread of its own until `body` returns.
    func connected(_ body: (OutputRelay) throws -> Void) throws {
        var requests: [Int32] = [0, 0], replies: [Int32] = [0, 0]
        #expect(pipe(&requests) == 0 && pipe(&replies) == 0)
        let key: UInt64 = 0x5EED_1234_ABCD_0042
        nonisolated(unsafe) let server = OutputServer(key: key)  // used by the serving thread alone
        let relay = OutputRelay(requests: requests[1], replies: replies[0], key: key)
        let (readEnd, replyEnd) = (requests[0], replies[1])
        let serving = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(readEnd, &buffer, buffer.count)
                guard n > 0, server.take(buffer[..<n], reply: replyEnd) else { break }
            }
            server.abandonAll()
        }
        serving.start()
        defer {
            close(requests[1])
            while !serving.isFinished { usleep(1000) }
            close(requests[0]); close(replies[0]); close(replies[1])
        }
        try body(relay)
    }

    /// Bytes written in two pieces (one past the server's read size), a patch at offset 1, and a
    /// commit: the file holds exactly those bytes, and only once committed.
    @Test func writesPatchesAndCommitsInThatOrder() throws {
        let path = dir + "/out.txt"
        try connected { relay in
            let (id, isFile) = try relay.open(path, shown: "out.txt")
            #expect(isFile)
            let big = [UInt8](repeating: UInt8(ascii: "b"), count: 10_000)
            try Array("hello ".utf8).withUnsafeBytes { try relay.write(id, [$0]) }
            try big.withUnsafeBytes { try relay.write(id, [$0]) }
            try relay.patch(id, at: 1, Array("E".utf8))
            #expect(!FileManager.default.fileExists(atPath: path), "not in place before the commit")
            try relay.commit(id)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(bytes == Array("hEllo ".utf8) + big)
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix(".fxhost-") }.isEmpty)
    }

    /// An output made with a publication whose `remote` is the relay is opened, written, patched
    /// and committed by the server: the child side makes no temporary file of its own and writes
    /// no standard output.
    @Test func anOutputGivenTheRelayIsWrittenByTheServer() throws {
        let path = dir + "/relayed.bin"
        nonisolated(unsafe) var heard: [String] = []  // the hooks run on this thread alone
        try connected { relay in
            let publication = Publication(writeStandardOutput: { _ in heard.append("stdout"); return true },
                                          terminal: .of(1), remote: relay,
                                          temporaryFile: { path, _ in heard.append(path) }, mayPublish: { heard.append("asked"); return true })
            let out = try OutputFile(path: path, publication: publication)
            #expect(out.isFile)
            try out.write("0123456789")
            try out.patch(at: 2, Array("ab".utf8))
            try out.commit()
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "01ab456789")
        #expect(heard.isEmpty, "\(heard)")
    }

    /// A folder that does not exist: the relay throws the line the local OutputFile throws.
    @Test func failuresAreTheLocalMessages() throws {
        let path = dir + "/missing/out.txt"
        var local = ""
        do { _ = try OutputFile(path: path, shownAs: "missing/out.txt", publication: .direct) } catch { local = "\(error)" }
        #expect(local.hasPrefix("cannot write 'missing/out.txt': No such file or directory"), "\(local)")
        try connected { relay in
            var relayed = ""
            do { _ = try relay.open(path, shown: "missing/out.txt") } catch { relayed = "\(error)" }
            #expect(relayed == local)
        }
    }

    /// Garbage, a record with another run's key, and a write to an output never opened all break the protocol.
    @Test func bytesThatAreNotTheRunsAreRefused() throws {
        let server = OutputServer(key: 7)
        #expect(!server.take(ArraySlice(Array("GARBAGE GARBAGE GARBAGE GARBAGE GARBAGE\n".utf8)), reply: -1))
        func record(key: UInt64, op: UInt8, id: UInt32, payload: [UInt8] = [1, 2, 3]) -> ArraySlice<UInt8> {
            var head = [UInt8](repeating: 0, count: OutputRelay.headSize)
            head.withUnsafeMutableBytes { h in
                h.storeBytes(of: key.littleEndian, toByteOffset: 0, as: UInt64.self)
                h[8] = op
                h.storeBytes(of: id.littleEndian, toByteOffset: 12, as: UInt32.self)
                h.storeBytes(of: UInt64(payload.count).littleEndian, toByteOffset: 24, as: UInt64.self)
            }
            return ArraySlice(head + payload)
        }
        // An open of a file in the test's folder is taken with the run's key, refused with another.
        let open = Array((dir + "/opened.txt").utf8) + [0] + Array("opened.txt".utf8)
        let right = OutputServer(key: 7)
        #expect(right.take(record(key: 7, op: UInt8(ascii: "o"), id: 1, payload: open), reply: -1))
        right.abandonAll()
        #expect(!OutputServer(key: 7).take(record(key: 8, op: UInt8(ascii: "o"), id: 1, payload: open), reply: -1))
        #expect(!OutputServer(key: 7).take(record(key: 7, op: UInt8(ascii: "w"), id: 1), reply: -1))
        #expect(!OutputServer(key: 7).take(record(key: 7, op: UInt8(ascii: "?"), id: 1), reply: -1))
    }
}
