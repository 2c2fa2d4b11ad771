// SPDX-License-Identifier: MIT
import Foundation
import FXToolbox
import TestSupport
import Testing

/// SHA-256 against FIPS 180-2's worked examples (appendix B) and against coreutils' `sha256sum`
/// on the lengths where the padding changes shape (the tail's 0x80 and length fit in the last
/// block or spill into one more) and on a few megabytes, the size of a plugin.
@Suite struct SHA256Tests {
    @Test func theStandardsExamples() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// `sha256sum`'s digest of `bytes`, written to a file of their own.
    func coreutils(_ bytes: [UInt8], _ dir: String, _ name: String) throws -> String {
        let path = dir + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return String(try runProcess("/usr/bin/sha256sum", [path]).stdout.prefix(64))
    }

    @Test func everyPaddingShapeAndAPluginsSizeAgreeWithSha256sum() throws {
        let dir = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for n in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 1024 * 1024 + 17] {
            let bytes = (0..<n).map { _ in next() }
            #expect(SHA256.hex(bytes) == (try coreutils(bytes, dir, "\(n)")), "\(n) bytes")
            #expect(SHA256.file(dir + "/\(n)") == SHA256.hex(bytes), "\(n) bytes, from the file")
        }
        #expect(SHA256.file(dir + "/missing") == nil)
    }
}
