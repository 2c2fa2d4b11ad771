// SPDX-License-Identifier: MIT
import CPango
import Glibc
import Testing

/// `fx_fontconfig_configuration` loads fontconfig's configuration without FcInit's parse of the
/// template folder. The reference is fontconfig's own load (`FcInitLoadConfigAndFonts`, what
/// FcInit makes current), called here through the library: both must apply the same files,
/// know the same fonts and match the same face for every request.
@Suite struct FontconfigLoadTests {
    typealias Config = UnsafeMutableRawPointer

    /// fontconfig's functions, looked up in the library as the host's loader does.
    struct Fontconfig {
        let initLoadConfigAndFonts: @convention(c) () -> Config?
        let configGetConfigFiles: @convention(c) (Config?) -> UnsafeMutableRawPointer?
        let configGetFonts: @convention(c) (Config?, Int32) -> UnsafeMutableRawPointer?
        let strListNext: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutablePointer<UInt8>?
        let strListDone: @convention(c) (UnsafeMutableRawPointer?) -> Void
        let nameParse: @convention(c) (UnsafePointer<UInt8>) -> UnsafeMutableRawPointer?
        let configSubstitute: @convention(c) (Config?, UnsafeMutableRawPointer?, Int32) -> Int32
        let defaultSubstitute: @convention(c) (UnsafeMutableRawPointer?) -> Void
        let fontMatch: @convention(c) (Config?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>) -> UnsafeMutableRawPointer?
        let patternGetString: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>, Int32, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int32
        let patternDestroy: @convention(c) (UnsafeMutableRawPointer?) -> Void
        let configDestroy: @convention(c) (Config?) -> Void

        init() throws {
            let lib = try #require(dlopen("libfontconfig.so.1", RTLD_NOW | RTLD_LOCAL), "libfontconfig.so.1 (Debian's libfontconfig1)")
            func f<T>(_ name: String) throws -> T { unsafeBitCast(try #require(dlsym(lib, name), "fontconfig has \(name)"), to: T.self) }
            initLoadConfigAndFonts = try f("FcInitLoadConfigAndFonts")
            configGetConfigFiles = try f("FcConfigGetConfigFiles")
            configGetFonts = try f("FcConfigGetFonts")
            strListNext = try f("FcStrListNext")
            strListDone = try f("FcStrListDone")
            nameParse = try f("FcNameParse")
            configSubstitute = try f("FcConfigSubstitute")
            defaultSubstitute = try f("FcDefaultSubstitute")
            fontMatch = try f("FcFontMatch")
            patternGetString = try f("FcPatternGetString")
            patternDestroy = try f("FcPatternDestroy")
            configDestroy = try f("FcConfigDestroy")
        }

        /// How many fonts the configuration knows (FcSetSystem's FcFontSet: its count comes first).
        func fontCount(_ c: Config) -> Int32 { configGetFonts(c, 0)?.load(as: Int32.self) ?? -1 }

        func files(_ c: Config) -> [String] {
            guard let list = configGetConfigFiles(c) else { return [] }
            defer { strListDone(list) }
            var out: [String] = []
            while let s = strListNext(list) { out.append(String(cString: s)) }
            return out
        }

        /// The file of the face fontconfig picks for `request` (fc-match's answer).
        func match(_ c: Config, _ request: String) -> String? {
            guard let pattern = request.withCString({ nameParse(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)) }) else { return nil }
            defer { patternDestroy(pattern) }
            _ = configSubstitute(c, pattern, 0)  // FcMatchPattern
            defaultSubstitute(pattern)
            var result: Int32 = 0
            guard let font = fontMatch(c, pattern, &result) else { return nil }
            defer { patternDestroy(font) }
            var file: UnsafeMutablePointer<UInt8>?
            guard patternGetString(font, "file", 0, &file) == 0, let file else { return nil }
            return String(cString: file)
        }
    }

    @Test func sameFilesFontsAndMatchesAsFontconfigsOwnLoad() throws {
        let fc = try Fontconfig()
        let own = try #require(fx_fontconfig_configuration(), "the configuration loads (FC_DEBUG unset, Debian's fonts.conf)")
        defer { fc.configDestroy(own) }
        let standard = try #require(fc.initLoadConfigAndFonts())
        defer { fc.configDestroy(standard) }

        let ownFiles = fc.files(own), standardFiles = fc.files(standard)
        #expect(!ownFiles.isEmpty)
        #expect(ownFiles == standardFiles)
        #expect(fc.fontCount(own) > 0 && fc.fontCount(own) == fc.fontCount(standard))
        for request in ["Helvetica", "Sans", "Serif", "Monospace", "DejaVu Sans:bold", "Liberation Mono:italic",
                        "Times New Roman", "Helvetica Neue, Helvetica, DejaVu Sans, Sans", "no such family", ":lang=he"] {
            let a = fc.match(own, request), b = fc.match(standard, request)
            #expect(a != nil && a == b, "\(request): \(a ?? "none") against fontconfig's \(b ?? "none")")
        }
    }
}
