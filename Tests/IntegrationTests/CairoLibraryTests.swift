// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// cairo is loaded with dlopen at the first drawing (Sources/CCairo): a run that draws nothing
/// (the text trace, JSON lines) never maps it nor the libraries it brings, a run that draws does,
/// the program names none of them, and a drawing run without cairo is one line, exit 1, no file.
@Suite(.disabled(if: TestSupport.isSanitizerPass, "reads the dynamic loader's trace and preloads a shim; the ordinary pass ran it"))
struct CairoLibraryTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    let spinner = ["--plugin", "spinner", "--size", "64x64", "--end", "0.1"]
    /// Libraries only cairo brings in: none of them may be mapped by a run that draws nothing.
    static let cairoPrefixes = ["libcairo", "libpixman", "libfontconfig", "libfreetype", "libX11", "libxcb"]

    @Test func onlyRunsThatDrawLoadCairo() throws {
        for sink in ["jsonl", "text"] {
            let plain = try LoaderProbe.run(Plugins.fxhost, spinner + ["--sink", sink])
            #expect(plain.status == 0, "\(plain.stderr.suffix(500))")
            #expect(plain.libraries.contains { $0.hasSuffix("libspinner.so") }, "\(plain.libraries)")
            for prefix in Self.cairoPrefixes {
                #expect(!plain.libraries.contains { $0.hasPrefix(prefix) }, "a \(sink) run mapped \(prefix): \(plain.libraries)")
            }
        }
        let png = try LoaderProbe.run(Plugins.fxhost, spinner + ["--out", dir + "/s.png"])
        #expect(png.status == 0, "\(png.stderr.suffix(500))")
        #expect(png.libraries.contains("libcairo.so.2"), "\(png.libraries)")
        let elf = try runProcess("/usr/bin/env", ["readelf", "-d", Plugins.fxhost])
        #expect(elf.status == 0 && elf.stdout.contains("libswiftCore.so"), "\(elf.stderr)")
        for prefix in Self.cairoPrefixes { #expect(!elf.stdout.contains(prefix), "fxhost names \(prefix)") }
    }

    @Test func withoutCairoDrawingRunsFailInOneLine() throws {
        let preload = try LoaderProbe.refusing(["libcairo"], in: dir)
        let failed = try runProcess(Plugins.fxhost, spinner + ["--out", dir + "/none.png"], environment: preload)
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(failed.stderr.hasPrefix("fxhost: error: cannot draw: cannot load libcairo.so.2"), "\(failed.stderr)")
        #expect(failed.stderr.filter { $0 == "\n" }.count == 1, "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.png"))
        let plain = try runProcess(Plugins.fxhost, spinner + ["--sink", "jsonl"], environment: preload)
        #expect(plain.status == 0, "\(plain.stderr)")
        // `fxhost check` renders too: the plugin fails with the reason, not a crash.
        let check = try runProcess(Plugins.fxhost, ["check", "spinner"], environment: preload)
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("cannot draw: cannot load libcairo.so.2"), "\(check.stdout)")
    }
}
