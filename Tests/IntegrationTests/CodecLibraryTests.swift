// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// libwebp/libwebpmux and libimagequant are loaded with dlopen when a WebP or a
/// GIF output is made (Sources/CWebP, Sources/CImageQuant): other runs never map
/// them (nor libgomp, which libimagequant needs), the program names none of
/// them, and without them a WebP or GIF output is one line, exit 2, and no file.
@Suite(.disabled(if: TestSupport.isSanitizerPass, "reads the dynamic loader's trace and preloads a shim; the ordinary pass ran it"))
struct CodecLibraryTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    let spinner = ["--plugin", "spinner", "--size", "64x48", "--end", "0.1"]
    /// Every library file name of the codecs, and of libgomp.
    static let codecPrefixes = ["libwebp", "libsharpyuv", "libimagequant", "libgomp"]

    func loaded(_ args: [String]) throws -> (status: Int32, libraries: Set<String>, stderr: String) {
        try LoaderProbe.run(Plugins.fxhost, args)
    }

    @Test func onlyWebPAndGIFOutputsLoadTheirLibraries() throws {
        for other in [["--out", dir + "/s.png"], ["--out", dir + "/s.y4m"], []] {
            let run = try loaded(spinner + other)
            #expect(run.status == 0, "\(other): \(run.stderr.suffix(500))")
            // The trace is read: the plugin's own library is in it.
            #expect(run.libraries.contains { $0.hasSuffix("libspinner.so") }, "\(run.libraries)")
            let codecs = run.libraries.filter { name in Self.codecPrefixes.contains { name.hasPrefix($0) } }
            #expect(codecs.isEmpty, "\(other) mapped \(codecs)")
        }
        let webp = try loaded(spinner + ["--out", dir + "/s.webp"])
        #expect(webp.status == 0, "\(webp.stderr.suffix(500))")
        #expect(webp.libraries.isSuperset(of: ["libwebpmux.so.3", "libwebp.so.7"]), "\(webp.libraries)")
        #expect(!webp.libraries.contains("libimagequant.so.0"))
        let gif = try loaded(spinner + ["--out", dir + "/s.gif"])
        #expect(gif.status == 0, "\(gif.stderr.suffix(500))")
        #expect(gif.libraries.contains("libimagequant.so.0"), "\(gif.libraries)")
        #expect(!gif.libraries.contains { $0.hasPrefix("libwebp") })
        // Not linked: the program's own dependencies name none of them.
        let elf = try runProcess("/usr/bin/env", ["readelf", "-d", Plugins.fxhost])
        #expect(elf.status == 0 && elf.stdout.contains("libswiftCore.so"), "\(elf.stderr)")
        for prefix in Self.codecPrefixes { #expect(!elf.stdout.contains(prefix), "fxhost names \(prefix)") }
    }

    /// A shim preloaded before the host refuses to dlopen the codecs: WebP and GIF
    /// outputs stop before anything is written, in one line naming the library and
    /// the Debian package; PNG and Y4M are unaffected.
    @Test func withoutTheLibrariesWebPAndGIFFailInOneLine() throws {
        let preload = try LoaderProbe.refusing(["libwebp", "libimagequant"], in: dir)
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let expected = [
            "webp": "fxhost: error: webp output needs libwebp's libraries: cannot load libwebpmux.so.3 (",
            "gif": "fxhost: error: gif output needs libimagequant: cannot load libimagequant.so.0 (",
        ]
        let packages = ["webp": "(install Debian's libwebpmux3 and libwebp7)", "gif": "(install Debian's libimagequant0)"]
        for ext in ["webp", "gif"] {
            let r = try runProcess(Plugins.fxhost, spinner + ["--out", out + "/none." + ext], environment: preload)
            #expect(r.status == 2, "\(ext): \(r.stderr)")
            #expect(r.stderr.hasPrefix(expected[ext]!), "\(r.stderr)")
            #expect(r.stderr.hasSuffix(packages[ext]! + "\n"), "\(r.stderr)")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1, "\(r.stderr)")
            // Standard output too gets nothing: the output fails before its first byte.
            let piped = try runProcess(Plugins.fxhost, spinner + ["--format", ext, "--out", "-"], environment: preload)
            #expect(piped.status == 2 && piped.data.isEmpty, "\(ext) to standard output: \(piped.data.count) bytes, \(piped.stderr)")
        }
        // No file, not even a temporary one.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == [])
        for ext in ["png", "y4m"] {
            let r = try runProcess(Plugins.fxhost, spinner + ["--out", out + "/s." + ext], environment: preload)
            #expect(r.status == 0, "\(ext): \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: out + "/s." + ext))
        }
    }

    /// A libimagequant.so.0 that lacks a function the GIF writer calls (a stand-in,
    /// found first through LD_LIBRARY_PATH): the line names the library and the function.
    @Test func aLibraryWithoutAFunctionIsNamedWithIt() throws {
        let source = dir + "/stand-in.c"
        try "void *liq_attr_create(void) { return 0; }\n".write(toFile: source, atomically: true, encoding: .utf8)
        let lib = dir + "/lib"
        try FileManager.default.createDirectory(atPath: lib, withIntermediateDirectories: true)
        let cc = try runProcess("/usr/bin/env", ["cc", "-shared", "-fPIC", "-Wl,-soname,libimagequant.so.0", source, "-o", lib + "/libimagequant.so.0"])
        #expect(cc.status == 0, "\(cc.stderr)")
        let r = try runProcess(Plugins.fxhost, spinner + ["--out", dir + "/none.gif"], environment: ["LD_LIBRARY_PATH": lib])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr == "fxhost: error: gif output needs libimagequant: libimagequant.so.0 has no liq_attr_destroy (install Debian's libimagequant0)\n",
                "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.gif"))
    }
}
