// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// scripts/install.sh into a temporary DESTDIR, used as a plugin author uses
/// an installed fxhost: the header through pkg-config, a plugin dropped in
/// the plugin folder and run by name, no environment variables. Skipped in
/// the AddressSanitizer pass: the work is in bash, cc and pkg-config.
@Suite(.serialized, .disabled(if: TestSupport.isSanitizerPass, "drives install.sh, cc and pkg-config; ran in the ordinary pass"))
struct InstallTests {
    static let prefix = "/usr/local"
    let stage: String
    var installed: String { stage + Self.prefix }

    init() throws { stage = try TestSupport.temporaryFolder() + "/stage" }

    func script(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        try runProcess("/usr/bin/env", ["bash", Plugins.root + "/scripts/install.sh"] + arguments,
                       environment: ["DESTDIR": stage].merging(environment) { $1 })
    }

    func install() throws {
        let r = try script(["--bin", Plugins.binFolder, Self.prefix])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// Every regular file under the stage, relative to it.
    func files() -> [String] {
        let e = FileManager.default.enumerator(atPath: stage)
        var out: [String] = []
        while let p = e?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: stage + "/" + p, isDirectory: &isDir), !isDir.boolValue { out.append(p) }
        }
        return out.sorted()
    }

    var pkgConfig: [String: String] {
        ["PKG_CONFIG_PATH": installed + "/lib/pkgconfig", "PKG_CONFIG_SYSROOT_DIR": stage]
    }

    @Test func aPluginBuiltWithPkgConfigRunsByNameFromTheInstalledCopy() throws {
        try install()
        let plugins = try FileManager.default.contentsOfDirectory(atPath: Plugins.root + "/Plugins").filter { $0 != "examples" }
        for expected in ["bin/fxhost", "include/fxhost/fx.h", "lib/pkgconfig/fxhost.pc",
                         "share/man/man1/fxhost.1", "share/doc/fxhost/PLUGINS.md", "share/doc/fxhost/ARCHITECTURE.md"]
            + plugins.map({ "lib/fxhost/plugins/lib\($0).so" }) {
            #expect(FileManager.default.fileExists(atPath: installed + "/" + expected), "\(expected) is not installed")
        }
        // One executable: the renderer is linked into fxhost; nothing it would hand image runs to is installed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: installed + "/bin") == ["fxhost"])
        #expect(FileManager.default.contents(atPath: installed + "/include/fxhost/fx.h")
                == FileManager.default.contents(atPath: Plugins.root + "/Sources/CFX/include/fx.h"))

        // The author's side: flags from pkg-config, the plugin into the plugin folder pkg-config names.
        let cflags = try runProcess("/usr/bin/env", ["pkg-config", "--cflags", "fxhost"], environment: pkgConfig)
        #expect(cflags.status == 0 && cflags.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "-I\(installed)/include/fxhost",
                "\(cflags.stdout)\(cflags.stderr)")
        let plugindir = try runProcess("/usr/bin/env", ["pkg-config", "--variable=plugindir", "fxhost"], environment: pkgConfig)
        #expect(plugindir.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == installed + "/lib/fxhost/plugins")
        let libs = try runProcess("/usr/bin/env", ["pkg-config", "--libs", "fxhost"], environment: pkgConfig)
        let words = (cflags.stdout + " " + libs.stdout).split(whereSeparator: \.isWhitespace).map(String.init)
        let so = installed + "/lib/fxhost/plugins/template.so"
        let cc = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC",
                                                 Plugins.root + "/Plugins/examples/template.c", "-o", so] + words)
        #expect(cc.status == 0, "\(cc.stderr)")

        // The installed fxhost, no FX_PLUGIN_PATH (runProcess clears it): the plugin by name.
        let fxhost = installed + "/bin/fxhost"
        let run = try runProcess(fxhost, ["--plugin", "template", "--time", "0.25", "--sink", "jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        let sample = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        let opacity = try #require(sample.layer("stage/label")?.props["opacity"] as? Double)
        // template.c: opacity 0 → 1 over 0.5 s, ease-out; half way through.
        #expect(abs(opacity - cubicBezier(0, 0, 0.58, 1, at: 0.5)) < 1e-6, "\(opacity)")

        let list = try runProcess(fxhost, ["--list"])
        for name in plugins + ["template"] { #expect(list.stdout.contains("\n\(name) ") || list.stdout.hasPrefix("\(name) "), "\(name)") }
        // The installed fxhost renders by itself.
        let png = stage + "/../cube.png"
        let pixels = try runProcess(fxhost, ["--plugin", "cube", "--end", "0.2", "--out", png])
        #expect(pixels.status == 0 && FileManager.default.fileExists(atPath: png), "\(pixels.stderr)")
        let flags = try runProcess(fxhost, ["--cflags"])
        #expect(flags.stdout == "-I\(installed)/include/fxhost\n", "\(flags.stdout)\(flags.stderr)")

        // Uninstalling removes what the install wrote and nothing else: the author's plugin stays.
        let removed = try script(["--uninstall", Self.prefix])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(files() == ["usr/local/lib/fxhost/plugins/template.so"])
    }

    @Test func theManualPageSaysWhatHelpSays() throws {
        try install()
        let page = try String(contentsOfFile: installed + "/share/man/man1/fxhost.1", encoding: .utf8)
        let help = try runProcess(installed + "/bin/fxhost", ["--help"]).stdout
        let options = Set(help.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) })
        #expect(options.count > 15 && options.contains("--plugin") && options.contains("--cflags"))
        for option in options {
            #expect(page.contains(option.replacingOccurrences(of: "-", with: "\\-")), "\(option) is missing from fxhost.1")
        }
        #expect(page.contains(".SH SYNOPSIS") && page.contains(".SH OPTIONS") && page.contains(".SH \"EXIT STATUS\""))
        let version = try runProcess(installed + "/bin/fxhost", ["--version"]).stdout
        #expect(page.contains(version.trimmingCharacters(in: .newlines).replacingOccurrences(of: "-", with: "\\-")))
        // groff's own checks (-ww: every warning) find nothing to say.
        let groff = try #require(TestSupport.which("groff"), "groff is not installed: run scripts/setup.sh --test")
        let r = try runProcess(groff, ["-man", "-Tutf8", "-ww", "-z", installed + "/share/man/man1/fxhost.1"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test func installingTwiceThenUninstallingLeavesNothing() throws {
        try install()
        try install()
        let r = try script(["--uninstall", Self.prefix])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(files().isEmpty)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: stage)) == [], "the folders the install made are gone")
    }

    /// A copy of fxhost with no header near it says where it looked and what to do.
    @Test func cflagsWithNoHeaderSaysWhereItLooked() throws {
        let dir = try TestSupport.temporaryFolder()
        try FileManager.default.copyItem(atPath: Plugins.fxhost, toPath: dir + "/fxhost")
        let r = try runProcess(dir + "/fxhost", ["--cflags"])
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr == "fxhost: error: cannot find fx.h: looked in ../include/fxhost beside this fxhost (where scripts/install.sh puts it) and in a source tree around it; install fxhost, or pass -I with the folder of fx.h\n",
                "\(r.stderr)")
    }

    @Test func badInvocationsSayWhatIsWrong() throws {
        let nothing = try script(["--uninstall", Self.prefix])
        #expect(nothing.status == 1 && nothing.stderr.contains("nothing to uninstall"), "\(nothing.stderr)")
        let relative = try script(["--bin", Plugins.binFolder, "usr/local"])
        #expect(relative.status == 2 && relative.stderr.contains("PREFIX must be an absolute path"), "\(relative.stderr)")
        let missing = try script(["--bin", stage, Self.prefix])
        #expect(missing.status == 1 && missing.stderr.contains("is missing"), "\(missing.stderr)")
        #expect(files().isEmpty)
    }
}
