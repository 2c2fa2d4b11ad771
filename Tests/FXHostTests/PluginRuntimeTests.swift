// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing
@testable import FXHost

/// What a plugin needs is read from its ELF dynamic section as readelf reads it, and a file that
/// is not a shared object, or is cut short or damaged, yields no name it does not hold.
@Suite struct PluginRuntimeTests {
    /// readelf's "(NEEDED) Shared library: [NAME]" lines, in order.
    func readelfNeeded(_ file: String) throws -> [String] {
        let r = try runProcess("/usr/bin/env", ["readelf", "-d", file])
        try #require(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    @Test func theNeedsAreReadelfs() throws {
        for name in ["libspinner.so", "liblottie.so", "libseeds.so"] {
            let file = TestSupport.binFolder + "/" + name
            let expected = try readelfNeeded(file)
            #expect(expected.contains("libswiftCore.so"), "\(expected)")
            #expect(PluginRuntime.neededLibraries(file) == expected, "\(name)")
        }
    }

    @Test func cutOrDamagedFilesAreReadWithinTheirBytes() throws {
        let file = TestSupport.binFolder + "/libspinner.so"
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        let truth = try readelfNeeded(file)
        // Cut short anywhere: nothing, or names the whole file holds.
        for percent in 0..<100 {
            let names = Array(whole.prefix(percent * whole.count / 100)).withUnsafeBytes { PluginRuntime.neededLibraries(in: $0) }
            #expect(names.allSatisfy(truth.contains), "\(percent) %: \(names)")
        }
        // Bytes of the headers and tables changed at random: read without reading outside the
        // bytes (AddressSanitizer's pass would stop on it), never more names than entries read.
        var seed: UInt64 = 7
        for round in 0..<300 {
            var bytes = whole
            for _ in 0..<(1 + round % 8) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[Int(seed >> 33) % min(bytes.count, 8192)] = UInt8(truncatingIfNeeded: seed >> 13)
            }
            let names = bytes.withUnsafeBytes { PluginRuntime.neededLibraries(in: $0) }
            #expect(names.count <= bytes.count / 16, "round \(round)")
        }
        #expect(PluginRuntime.neededLibraries(Harness.fixture("memory.c")) == [])
        #expect(PluginRuntime.neededLibraries("/nonexistent/plugin.so") == [])
    }

    @Test func theRuntimeFolderHoldsTheLoadedCore() throws {
        let folder = try #require(PluginRuntime.runtimeFolder)
        #expect(FileManager.default.fileExists(atPath: folder + "/libswiftCore.so"))
    }
}
