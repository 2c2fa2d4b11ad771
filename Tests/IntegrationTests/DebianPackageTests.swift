// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// scripts/package-deb.sh on the binaries this suite tests, unpacked with
/// `dpkg -x` into a temporary root and run from there. Its Depends is checked
/// against a second derivation (each ELF's NEEDED entries, resolved by
/// ldconfig and owned per dpkg -S), and the programs must load the Swift
/// runtime the package carries, not the toolchain's. Skipped in the
/// AddressSanitizer pass: the work is in dpkg.
@Suite(.serialized, .disabled(if: TestSupport.isSanitizerPass, "drives dpkg-deb and dpkg-shlibdeps; ran in the ordinary pass"))
struct DebianPackageTests {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// The package and the folder it was unpacked into, made once for the suite.
    static let package: Result<(deb: String, root: String), Error> = Result {
        let dir = try TestSupport.temporaryFolder()
        let r = try runProcess("/usr/bin/env", ["bash", Plugins.root + "/scripts/package-deb.sh", "--bin", Plugins.binFolder,
                                                "--out", dir, "--compression", "gzip"])
        guard r.status == 0 else { throw Failure("package-deb.sh failed:\n\(r.stderr)") }
        let deb = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let x = try runProcess("/usr/bin/env", ["dpkg", "-x", deb, dir + "/root"])
        guard x.status == 0 else { throw Failure("dpkg -x failed: \(x.stderr)") }
        let e = try runProcess("/usr/bin/env", ["dpkg-deb", "-e", deb, dir + "/control"])
        guard e.status == 0 else { throw Failure("dpkg-deb -e failed: \(e.stderr)") }
        return (deb, dir + "/root")
    }

    static func field(_ name: String, _ deb: String) throws -> String {
        try runProcess("/usr/bin/env", ["dpkg-deb", "-f", deb, name]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The package's version is debian/changelog's newest: fxhost's own and a Debian revision.
    @Test func itIsNamedForItsVersionAndCarriesTheHeaderAndThePcFile() throws {
        let (deb, root) = try Self.package.get()
        let upstream = try runProcess(Plugins.fxhost, ["--version"]).stdout.split(separator: " ")[1]
        let version = try runProcess("/usr/bin/env", ["dpkg-parsechangelog", "-l", Plugins.root + "/debian/changelog", "-S", "Version"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.hasPrefix(upstream + "-") && !version.dropFirst(upstream.count + 1).contains("-"), "\(version)")
        let arch = try runProcess("/usr/bin/env", ["dpkg", "--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(URL(fileURLWithPath: deb).lastPathComponent == "fxhost_\(version)_\(arch).deb")
        #expect(try Self.field("Package", deb) == "fxhost" && Self.field("Version", deb) == version)
        for f in ["usr/bin/fxhost", "usr/include/fxhost/fx.h", "usr/share/pkgconfig/fxhost.pc",
                  "usr/share/man/man1/fxhost.1.gz", "usr/lib/fxhost/plugins/libcube.so", "usr/lib/fxhost/swift/libswiftCore.so",
                  "usr/share/doc/fxhost/copyright", "usr/share/doc/fxhost/changelog.Debian.gz"] {
            #expect(FileManager.default.fileExists(atPath: root + "/" + f), "\(f) is not in the package")
        }
        // One executable, the renderer linked in.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/usr/bin") == ["fxhost"])
        // No install manifest: dpkg owns the files.
        #expect(!FileManager.default.fileExists(atPath: root + "/usr/lib/fxhost/install-manifest"))
        // The md5sums dpkg will verify match the files.
        let sums = try runProcess("/usr/bin/env", ["md5sum", "--quiet", "-c", URL(fileURLWithPath: root).deletingLastPathComponent().path + "/control/md5sums"],
                                  cwd: root)
        #expect(sums.status == 0, "\(sums.stdout)\(sums.stderr)")
    }

    /// lintian, Debian's package checker, reports no error and no warning; the
    /// tags debian/lintian-overrides names are overridden there, each with its reason.
    @Test func lintianFindsNoErrorOrWarning() throws {
        let (deb, _) = try Self.package.get()
        guard let lintian = TestSupport.which("lintian") else { throw Failure("lintian is missing: scripts/setup.sh --test installs it") }
        let r = try runProcess(lintian, ["--tag-display-limit", "0", "--fail-on", "error,warning", deb])
        let reported = r.stdout.split(separator: "\n").filter { $0.hasPrefix("E: ") || $0.hasPrefix("W: ") }
        #expect(reported.isEmpty, "lintian:\n\(reported.joined(separator: "\n"))")
        #expect(r.status == 0, "lintian exited \(r.status): \(r.stdout)\(r.stderr)")
    }

    /// The copyright file in Debian's machine-readable format (copyright-format 1.0):
    /// MIT for the whole, MIT-0 for fx.h and the examples, the ports' upstream
    /// notices, and each licence named once with its text.
    @Test func theCopyrightFileIsMachineReadable() throws {
        let (_, root) = try Self.package.get()
        let text = try String(contentsOfFile: root + "/usr/share/doc/fxhost/copyright", encoding: .utf8)
        #expect(text.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
        #expect(text.contains("\n\nFiles: *\nCopyright: 2026 The fxhost authors\nLicense: MIT\n"))
        #expect(text.contains("\n\nFiles: Sources/CFX/include/fx.h\n Plugins/examples/*\n"))
        #expect(text.contains("Copyright: 2014 Ramon Torres (SpinKit-ObjC)") && text.contains("Copyright: 2015 Danil Gontovnik (DGActivityIndicatorView)"))
        let paragraphs = text.components(separatedBy: "\n\n")
        let used = Set(paragraphs.filter { $0.hasPrefix("Files:") }.compactMap { p in
            p.split(separator: "\n").first { $0.hasPrefix("License: ") }.map { String($0.dropFirst(9)) } })
        let texts = paragraphs.filter { $0.hasPrefix("License: ") }
        let defined = Set(texts.map { String($0.split(separator: "\n")[0].dropFirst(9)) })
        #expect(used == defined && defined.isSuperset(of: ["MIT", "MIT-0"]), "used \(used), defined \(defined)")
        #expect(texts.allSatisfy { $0.split(separator: "\n").count > 5 }, "a licence paragraph without its text")
        // The MIT-0 text is MIT's without its condition (spdx.org/licenses/MIT-0).
        let mit0 = try #require(texts.first { $0.hasPrefix("License: MIT-0\n") })
        #expect(mit0.contains(" furnished to do so.\n") && !mit0.contains("subject to the following conditions"))
    }

    /// The changelog and the manual page are compressed with gzip -9n (Debian policy 12.3 and 12.7):
    /// no file name or time stamp in the header (RFC 1952: FLG's FNAME bit, MTIME), XFL 2 (the slowest
    /// compression); the changelog's newest entry is the package's version.
    @Test func theChangelogAndManualPageAreGzipNineN() throws {
        let (deb, root) = try Self.package.get()
        for f in ["usr/share/doc/fxhost/changelog.Debian.gz", "usr/share/man/man1/fxhost.1.gz"] {
            let bytes = [UInt8](try #require(FileManager.default.contents(atPath: root + "/" + f)))
            #expect(bytes.count > 18 && bytes[0] == 0x1f && bytes[1] == 0x8b && bytes[2] == 8, "\(f) is not gzip")
            #expect(bytes[3] & 0x08 == 0, "\(f) carries a file name")
            #expect(bytes[4..<8].allSatisfy { $0 == 0 }, "\(f) carries a time stamp")
            #expect(bytes[8] == 2, "\(f) was not compressed with -9")
        }
        let changelog = try runProcess("/usr/bin/env", ["sh", "-c", "gzip -dc \"$0\" | head -1", root + "/usr/share/doc/fxhost/changelog.Debian.gz"])
        #expect(changelog.stdout.hasPrefix("fxhost (\(try Self.field("Version", deb))) "), "\(changelog.stdout)")
        let man = try runProcess("/usr/bin/env", ["sh", "-c", "gzip -dc \"$0\" | head -c 200", root + "/usr/share/man/man1/fxhost.1.gz"])
        #expect(man.stdout.contains("\n.TH FXHOST 1 "), "\(man.stdout)")
    }

    /// Every library any packaged ELF file needs, and those fxhost loads with
    /// dlopen (cairo, pango, libwebp and libwebpmux), is either carried
    /// by the package or belongs to a Debian package that Depends names.
    @Test func dependsNamesTheOwnerOfEveryLibraryNeeded() throws {
        let (deb, root) = try Self.package.get()
        let depends = try Self.field("Depends", deb)
        let named = Set(depends.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0] }.map(String.init))
        #expect(named.contains("fonts-dejavu-core") && !depends.contains("swift"), "\(depends)")
        let carried = Set(try FileManager.default.contentsOfDirectory(atPath: root + "/usr/lib/fxhost/swift"))
        let ldconfig = try runProcess("/usr/bin/env", ["ldconfig", "-p"]).stdout
        var soPaths: [String: String] = [:]
        for line in ldconfig.split(separator: "\n") where line.contains("x86-64") || !line.contains("(") {
            let parts = line.split(whereSeparator: \.isWhitespace)
            if let name = parts.first, let path = parts.last, path.hasPrefix("/"), soPaths[String(name)] == nil {
                soPaths[String(name)] = String(path)
            }
        }
        var needed: [String: String] = [:]  // library path → the ELF file that needs it
        let elves = ["usr/bin/fxhost"]
            + (try FileManager.default.contentsOfDirectory(atPath: root + "/usr/lib/fxhost/plugins")).map { "usr/lib/fxhost/plugins/" + $0 }
        for elf in elves {
            let dynamic = try runProcess("/usr/bin/env", ["readelf", "-d", root + "/" + elf]).stdout
            for m in dynamic.matches(of: /\(NEEDED\)\s+Shared library: \[([^\]]+)\]/) {
                let soname = String(m.output.1)
                if carried.contains(soname) { continue }
                needed[try #require(soPaths[soname], "\(soname) (needed by \(elf)) is not in ldconfig's cache")] = elf
            }
        }
        // Loaded with dlopen, so no ELF file names them: cairo at the first drawing (Sources/CCairo), pango at the
        // first text drawn (Sources/CPango), libwebp(mux) for a WebP output (Sources/CWebP).
        for soname in ["libcairo.so.2", "libpangocairo-1.0.so.0", "libwebpmux.so.3", "libwebp.so.7"] {
            needed[try #require(soPaths[soname], "\(soname) is not in ldconfig's cache")] = "fxhost's dlopen"
        }
        let owned = try Self.owners(of: Array(needed.keys))
        var owners: Set<String> = []
        for (path, elf) in needed { owners.insert(try #require(owned[path], "no Debian package owns \(path), needed by \(elf)")) }
        #expect(owners.count >= 8 && owners.contains("libcairo2") && owners.contains("libffi8"), "\(owners)")
        #expect(owners.isSuperset(of: ["libpangocairo-1.0-0", "libwebpmux3", "libwebp7"]), "\(owners)")
        for owner in owners { #expect(named.contains(owner), "\(owner) is needed but not in Depends: \(depends)") }
    }

    /// The GPL libraries fxhost loads, libimagequant (GIF, GPL-3.0+) and FFmpeg's
    /// (MP4 and WebM, with the major versions of the headers it was built with;
    /// GPL-2.0+ as Debian builds them), are recommended, never depended on
    /// (docs/THIRD-PARTY.md): the packages that own them are what Recommends
    /// names, and Depends names none of them.
    @Test func recommendsNamesTheOwnersOfTheGPLLibrariesAndDependsNone() throws {
        let (deb, _) = try Self.package.get()
        let recommends = try Self.field("Recommends", deb)
        let named = Set(recommends.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0] }.map(String.init))
        let depends = Set(try Self.field("Depends", deb).split(separator: ",")
            .map { String($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) })
        let ldconfig = try runProcess("/usr/bin/env", ["ldconfig", "-p"]).stdout.split(separator: "\n")
        func path(_ soname: String) throws -> String {
            let found = ldconfig.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(soname + " ") && $0.contains("x86-64") }
            return try #require(found.flatMap { $0.split(separator: " ").last.map(String.init) }, "\(soname) is not in ldconfig's cache")
        }
        var paths = [try path("libimagequant.so.0")]
        for lib in ["avformat", "avcodec", "avutil"] {
            let version = try runProcess("/usr/bin/env", ["pkg-config", "--modversion", "lib" + lib]).stdout
            paths.append(try path("lib\(lib).so.\(version.split(separator: ".")[0])"))
        }
        let owners = Set(try Self.owners(of: paths).values)
        #expect(owners.count == 4 && owners.contains("libimagequant0"), "\(owners)")
        #expect(owners == named, "Recommends: \(recommends); the owners: \(owners)")
        #expect(depends.isDisjoint(with: owners), "Depends names a GPL library: \(depends.intersection(owners))")
    }

    /// The package dpkg says owns each library file, trying it as named, with
    /// its links resolved, and on either side of the /lib → /usr/lib merge; one dpkg -S for all.
    static func owners(of paths: [String]) throws -> [String: String] {
        func variants(_ path: String) -> [String] {
            let both = [path, URL(fileURLWithPath: path).resolvingSymlinksInPath().path]
            return both + both.map { $0.hasPrefix("/usr/") ? String($0.dropFirst(4)) : "/usr" + $0 }
        }
        // dpkg -S answers "package:arch: /path" for each path it knows, and fails only if some were unknown.
        let r = try runProcess("/usr/bin/env", ["dpkg", "-S"] + Array(Set(paths.flatMap(variants))))
        var byPath: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            guard let colon = line.range(of: ": ") else { continue }
            let package = line[..<colon.lowerBound].split(separator: ":")[0]
            byPath[String(line[colon.upperBound...])] = String(package)
        }
        var out: [String: String] = [:]
        for p in paths { out[p] = variants(p).lazy.compactMap { byPath[$0] }.first }
        return out
    }

    @Test func theUnpackedProgramsRunOnTheRuntimeTheyCarry() throws {
        let (_, root) = try Self.package.get()
        let fxhost = root + "/usr/bin/fxhost"
        for elf in ["usr/bin/fxhost", "usr/lib/fxhost/plugins/libcube.so"] {
            let ldd = try runProcess("/usr/bin/env", ["ldd", root + "/" + elf]).stdout
            let core = try #require(ldd.split(separator: "\n").first { $0.contains("libswiftCore.so =>") }, "\(ldd)")
            let path = try #require(core.firstMatch(of: /=> (\S+)/)).output.1
            #expect(URL(fileURLWithPath: String(path)).standardized.path == root + "/usr/lib/fxhost/swift/libswiftCore.so", "\(elf): \(core)")
            #expect(!ldd.contains("not found"), "\(elf): \(ldd)")
        }
        let version = try runProcess(fxhost, ["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("fxhost "), "\(version.stderr)")
        let sample = try runProcess(fxhost, ["--plugin", "cube", "--text", "Rome", "--time", "0.25", "--sink", "jsonl"])
        #expect(sample.status == 0 && sample.stdout.contains("\"stage/label\""), "\(sample.stderr)")
        let gif = URL(fileURLWithPath: root).deletingLastPathComponent().path + "/spinner.gif"
        let pixels = try runProcess(fxhost, ["--plugin", "spinner", "--end", "0.3", "--out", gif])
        #expect(pixels.status == 0 && FileManager.default.fileExists(atPath: gif), "\(pixels.stderr)")
        let flags = try runProcess(fxhost, ["--cflags"])
        #expect(flags.stdout == "-I\(root)/usr/include/fxhost\n", "\(flags.stdout)\(flags.stderr)")
        let plugins = try FileManager.default.contentsOfDirectory(atPath: root + "/usr/lib/fxhost/plugins")
        #expect(plugins.count == (try Plugins.swiftPlugins()).count)
        let check = try runProcess(fxhost, ["check"])
        #expect(check.status == 0 && check.stdout.hasSuffix("\(Plugins.factoryCount(plugins)) passed, 0 failed\n"), "\(check.stdout)")
    }

    /// An author's Swift plugin, built against the toolchain (the example
    /// package), runs in the packaged fxhost on the runtime the package
    /// carries: no library of the toolchain's runtime folder is loaded.
    @Test func anAuthorsSwiftPluginRunsOnThePackagedRuntime() throws {
        let (_, root) = try Self.package.get()
        let plugin = try SwiftPackageTests.built.get()
        let fxhost = root + "/usr/bin/fxhost"
        let check = try runProcess(fxhost, ["check", plugin])
        #expect(check.status == 0 && check.stdout.hasPrefix("PASS  twinkle/twinkle"), "\(check.stdout)")
        let toolchainLdd = try runProcess("/usr/bin/env", ["ldd", plugin]).stdout
        let core = try #require(toolchainLdd.firstMatch(of: /libswiftCore\.so => (\S+)\/libswiftCore\.so/), "\(toolchainLdd)")
        let toolchainRuntime = String(core.output.1) + "/"
        let traced = try runProcess(fxhost, ["--no-isolate", "--plugin", plugin, "--time", "0.5", "--sink", "jsonl"],
                                    environment: ["LD_DEBUG": "libs"])
        #expect(traced.status == 0 && traced.stdout.contains("\"stage/star\""), "\(traced.stdout.prefix(300))")
        #expect(traced.stderr.contains("calling init: " + root + "/usr/bin/../lib/fxhost/swift/libswiftCore.so"))
        #expect(!traced.stderr.contains("calling init: " + toolchainRuntime), "a toolchain library was loaded")
    }
}
