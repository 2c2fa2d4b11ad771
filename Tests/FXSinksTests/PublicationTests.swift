// SPDX-License-Identifier: MIT
import Foundation
import FXSinks
import Glibc
import Synchronization
import TestSupport
import Testing

/// An output does what the `Publication` it was made with says, and nothing else: standard
/// output's bytes go to its writer, temporary files are reported to it, and a file is put in
/// place only when it allows. No setting of the module is involved (it has none).
@Suite struct PublicationTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    /// What a publication's hooks were told, in order.
    final class Heard: Sendable {
        let bytes = Mutex<[UInt8]>([])
        let temporaries = Mutex<[(path: String, made: Bool)]>([])
    }

    func publication(_ heard: Heard, mayPublish: Bool = true) -> Publication {
        Publication(writeStandardOutput: { chunk in heard.bytes.withLock { $0 += chunk }; return true },
                    terminal: OutputFile.Terminal(isTerminal: true, columns: 33), remote: nil,
                    temporaryFile: { path, made in heard.temporaries.withLock { $0.append((path, made)) } },
                    mayPublish: { mayPublish })
    }

    /// Standard output's bytes, a small write and one past the 64 KiB buffer, reach the
    /// publication's writer whole and in order; descriptor 1 is not written.
    @Test func standardOutputGoesToThePublicationsWriter() throws {
        let heard = Heard()
        let out = OutputFile(publication: publication(heard))
        let big = [UInt8]((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try out.write("head\n")
        try out.write(big)
        try out.commit()
        #expect(heard.bytes.withLock { $0 } == Array("head\n".utf8) + big)
        #expect(out.publication.terminal.columns == 33)
    }

    /// A file's temporary name is reported when made and again when it is put in place, and
    /// the name is beside the target.
    @Test func temporaryFilesAreReported() throws {
        let heard = Heard()
        let path = dir + "/out.txt"
        let out = try OutputFile(path: path, publication: publication(heard))
        try out.write("x")
        try out.commit()
        let told = heard.temporaries.withLock { $0 }
        #expect(told.count == 2)
        #expect(told.first?.made == true && told.last?.made == false && told.first?.path == told.last?.path)
        #expect(told.first?.path.hasPrefix(dir + "/.fxhost-") == true, "\(told)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "x")
    }

    /// A publication that no longer allows publishing: the commit fails with the line saying
    /// why, and neither the target nor a temporary file is left.
    @Test func nothingIsPutInPlaceWhenPublishingIsRefused() throws {
        let path = dir + "/refused.txt"
        let out = try OutputFile(path: path, shownAs: "refused.txt", publication: publication(Heard(), mayPublish: false))
        try out.write("x")
        var message = ""
        do { try out.commit() } catch { message = "\(error)" }
        #expect(message == "'refused.txt' was not written: the fxhost that asked for it is gone")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}
