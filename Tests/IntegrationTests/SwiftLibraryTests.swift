// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// fxhost and the plugins it ships import neither Swift's concurrency library nor its string
/// processing (Package.swift: each run loaded and relocated five more libraries at start, and every
/// later dlopen searched them): neither file names them, and a run that draws text through
/// pango and cairo maps none of them.
@Suite struct SwiftLibraryTests {
    static let unused = ["libswift_Concurrency.so", "libswift_StringProcessing.so", "libswift_RegexParser.so",
                         "libdispatch.so", "libBlocksRuntime.so"]

    /// Every plugin under Plugins/ but seeds, whose iOS code runs through UIKit (which keeps both
    /// libraries): a plugin target added without a place in Package.swift's `withoutImplicitLibraries`
    /// fails here, by name.
    @Test func fxhostAndItsPluginsNameNeitherLibrary() throws {
        let plugins = try Plugins.swiftPlugins().filter { !$0.hasSuffix("/libseeds.so") }
        #expect(plugins.count >= 6, "\(plugins)")
        for file in [Plugins.fxhost] + plugins {
            let elf = try runProcess("/usr/bin/env", ["readelf", "-d", file])
            #expect(elf.status == 0 && elf.stdout.contains("(NEEDED)") && elf.stdout.contains("libswiftCore.so"), "\(file): \(elf.stderr)")
            for library in Self.unused { #expect(!elf.stdout.contains("[\(library)]"), "\(file) names \(library)") }
        }
    }

    @Test(.disabled(if: TestSupport.isSanitizerPass, "reads the dynamic loader's trace; the ordinary pass ran it"))
    func aRunThatDrawsTextMapsNeither() throws {
        let dir = try TestSupport.temporaryFolder()
        let run = try LoaderProbe.run(Plugins.fxhost, ["--plugin", "cube", "--text", "Paris", "--time", "0.5", "--out", dir + "/c.png"])
        #expect(run.status == 0, "\(run.stderr.suffix(500))")
        #expect(run.libraries.contains("libpango-1.0.so.0") && run.libraries.contains { $0.hasSuffix("libcube.so") }, "\(run.libraries)")
        for library in Self.unused { #expect(!run.libraries.contains(library), "the run mapped \(library): \(run.libraries)") }
    }
}
