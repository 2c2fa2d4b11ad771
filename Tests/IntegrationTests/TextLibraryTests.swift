// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// pango is loaded with dlopen at the first text drawn (Sources/CPango): a run
/// that draws no text never maps it, a run that draws text does, a text run
/// without the library is one line and exit 1, and the hand-written table
/// matches pango's own header.
@Suite(.disabled(if: TestSupport.isSanitizerPass, "reads the dynamic loader's trace and preloads a shim; the ordinary pass ran it"))
struct TextLibraryTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    /// A Lottie file of shapes only, and the cube effect, whose faces are text.
    var shapes: [String] { ["--plugin", "lottie", "--file", Plugins.root + "/Tests/LottieTests/Fixtures/trim.json", "--size", "64x64", "--end", "0.1"] }
    let text = ["--plugin", "cube", "--text", "Paris", "--size", "96x64", "--end", "0.1"]

    func loaded(_ args: [String]) throws -> (status: Int32, libraries: Set<String>) {
        let r = try LoaderProbe.run(Plugins.fxhost, args)
        return (r.status, r.libraries)
    }

    @Test func onlyRunsThatDrawTextLoadPango() throws {
        let plain = try loaded(shapes + ["--out", dir + "/shapes.png"])
        #expect(plain.status == 0)
        #expect(plain.libraries.contains("liblottie.so") || plain.libraries.contains { $0.hasSuffix("liblottie.so") }, "\(plain.libraries)")
        #expect(!plain.libraries.contains { $0.hasPrefix("libpango") || $0.hasPrefix("libharfbuzz") || $0.hasPrefix("libglib") }, "\(plain.libraries)")
        let words = try loaded(text + ["--out", dir + "/cube.png"])
        #expect(words.status == 0)
        #expect(words.libraries.contains("libpangocairo-1.0.so.0"), "\(words.libraries)")
        // Not linked either: no pango among the program's own dependencies.
        let elf = try runProcess("/usr/bin/env", ["readelf", "-d", Plugins.fxhost])
        #expect(elf.status == 0 && elf.stdout.contains("libswiftCore.so"), "\(elf.stderr)")
        #expect(!elf.stdout.contains("libpango") && !elf.stdout.contains("libglib"))
    }

    /// A shim preloaded before the host refuses to dlopen pango: text runs stop
    /// with one line naming the library and write nothing; runs without text are unaffected.
    @Test func withoutPangoTextRunsFailInOneLine() throws {
        let preload = try LoaderProbe.refusing(["libpangocairo"], in: dir)
        let failed = try runProcess(Plugins.fxhost, text + ["--out", dir + "/none.gif"], environment: preload)
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("fxhost: error: cannot draw text: cannot load libpangocairo-1.0.so.0"), "\(failed.stderr)")
        #expect(failed.stderr.filter { $0 == "\n" }.count == 1, "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.gif"))
        // A contact sheet's labels are text too: a run asking for one fails before it writes any output.
        let sheet = try runProcess(Plugins.fxhost, shapes + ["--out", dir + "/sheet-run.gif", "--sheet", dir + "/sheet.png"], environment: preload)
        #expect(sheet.status == 1)
        #expect(sheet.stderr.hasPrefix("fxhost: error: cannot draw text: cannot load libpangocairo-1.0.so.0"), "\(sheet.stderr)")
        #expect(sheet.stderr.filter { $0 == "\n" }.count == 1, "\(sheet.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/sheet-run.gif") && !FileManager.default.fileExists(atPath: dir + "/sheet.png"))
        let plain = try runProcess(Plugins.fxhost, shapes + ["--out", dir + "/shapes.gif"], environment: preload)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/shapes.gif"))
    }

    /// fxpango.h declares pango's functions and values by hand (so that building
    /// needs no pango header). Compiled beside pango's own header, each of pango's
    /// functions must fit its member exactly and each value must equal pango's.
    @Test func theTableMatchesPangosHeader() throws {
        let names = ["pango_cairo_create_layout", "pango_cairo_show_layout", "pango_cairo_context_set_font_options",
                     "pango_layout_get_context", "pango_context_set_round_glyph_positions", "pango_layout_context_changed",
                     "pango_layout_set_font_description", "pango_layout_set_text", "pango_layout_set_width",
                     "pango_layout_get_width", "pango_layout_set_wrap", "pango_layout_set_ellipsize",
                     "pango_layout_set_alignment", "pango_layout_set_justify", "pango_layout_get_extents",
                     "pango_font_description_new", "pango_font_description_from_string", "pango_font_description_set_family",
                     "pango_font_description_set_absolute_size", "pango_font_description_free", "g_object_unref",
                     "pango_attr_list_new", "pango_attr_list_insert", "pango_attr_list_unref", "pango_attr_foreground_new",
                     "pango_attr_foreground_alpha_new", "pango_layout_set_attributes"]
        // pango's enumerations are passed as int and PangoRectangle is declared as four ints: for those four
        // functions pango's own signature is pinned first, then the sizes and fields that make the difference none.
        let widened = ["pango_layout_set_wrap": "PangoWrapMode", "pango_layout_set_ellipsize": "PangoEllipsizeMode",
                       "pango_layout_set_alignment": "PangoAlignment"]
        let members = names.map { name -> String in
            if let type = widened[name] {
                return "    void (*\(name)_exact)(PangoLayout *, \(type)) = \(name);\n    t.\(name) = (void (*)(PangoLayout *, int))\(name)_exact;"
            }
            if name == "pango_layout_get_extents" {
                return "    void (*\(name)_exact)(PangoLayout *, PangoRectangle *, PangoRectangle *) = \(name);\n"
                    + "    t.\(name) = (void (*)(PangoLayout *, fx_pango_rectangle *, fx_pango_rectangle *))\(name)_exact;"
            }
            return "    t.\(name) = \(name);"
        }.joined(separator: "\n")
        let source = dir + "/table.c"
        try """
        #include <stddef.h>
        #include <pango/pangocairo.h>
        #include "fxpango.h"
        #define SAME(a, b) ((int)(a) == (int)(b))
        _Static_assert(SAME(FX_PANGO_ALIGN_LEFT, PANGO_ALIGN_LEFT) && SAME(FX_PANGO_ALIGN_CENTER, PANGO_ALIGN_CENTER) && SAME(FX_PANGO_ALIGN_RIGHT, PANGO_ALIGN_RIGHT), "alignment");
        _Static_assert(SAME(FX_PANGO_WRAP_WORD_CHAR, PANGO_WRAP_WORD_CHAR), "wrap");
        _Static_assert(SAME(FX_PANGO_ELLIPSIZE_NONE, PANGO_ELLIPSIZE_NONE) && SAME(FX_PANGO_ELLIPSIZE_START, PANGO_ELLIPSIZE_START) && SAME(FX_PANGO_ELLIPSIZE_MIDDLE, PANGO_ELLIPSIZE_MIDDLE) && SAME(FX_PANGO_ELLIPSIZE_END, PANGO_ELLIPSIZE_END), "ellipsize");
        _Static_assert(sizeof(fx_pango_rectangle) == sizeof(PangoRectangle) && sizeof(gboolean) == sizeof(int), "sizes");
        _Static_assert(sizeof(PangoAlignment) == sizeof(int) && sizeof(PangoWrapMode) == sizeof(int) && sizeof(PangoEllipsizeMode) == sizeof(int), "enumerations");
        _Static_assert(offsetof(fx_pango_rectangle, x) == offsetof(PangoRectangle, x) && offsetof(fx_pango_rectangle, y) == offsetof(PangoRectangle, y) && offsetof(fx_pango_rectangle, width) == offsetof(PangoRectangle, width) && offsetof(fx_pango_rectangle, height) == offsetof(PangoRectangle, height), "fields");
        _Static_assert(offsetof(fx_pango_attribute_head, start_index) == offsetof(PangoAttribute, start_index) && offsetof(fx_pango_attribute_head, end_index) == offsetof(PangoAttribute, end_index) && sizeof(fx_pango_attribute_head) == sizeof(PangoAttribute), "attribute head");
        void fill(void);
        void fill(void) {
            struct fx_pango t;
        \(members)
            (void)t;
        }
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let flags = try runProcess("/usr/bin/env", ["pkg-config", "--cflags", "pangocairo"])
        #expect(flags.status == 0, "\(flags.stderr)")
        let cc = try runProcess("/usr/bin/env", ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-fsyntax-only",
                                                 "-I", Plugins.root + "/Sources/CPango/include"]
                                    + flags.stdout.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
                                    + [source])
        #expect(cc.status == 0, "\(cc.stderr)")
    }
}
