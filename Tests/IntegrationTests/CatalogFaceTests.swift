// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TestSupport

/// The faces of the engine's property catalog kept outside it (FXPluginKit's
/// typed keys, the QuartzCore facade's animatable keys and defaults,
/// docs/KEYPATHS.md's property table) are what `fxcatalog` makes from the
/// catalog: checked as the test command checks them, and a stale face is
/// named and rewritten.
@Suite struct CatalogFaceTests {
    static let faces = ["Sources/FXPluginKit/LayerKeys.swift", "Sources/QuartzCore/Private/Catalog.swift", "docs/KEYPATHS.md"]
    static var tool: String { TestSupport.binFolder + "/fxcatalog" }

    @Test func theCommittedFacesAreCurrent() throws {
        let r = try runProcess(Self.tool, ["check", Plugins.root])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
    }

    @Test func aStaleFaceIsNamedAndRewritten() throws {
        let dir = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for face in Self.faces {
            let target = dir + "/" + face
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Plugins.root + "/" + face, toPath: target)
        }
        // A key renamed by hand in the kit, and a row of the docs' table edited.
        let keys = dir + "/" + Self.faces[0]
        let edited = try String(contentsOfFile: keys, encoding: .utf8)
            .replacingOccurrences(of: "public static var opacity: Self", with: "public static var alpha: Self")
        try edited.write(toFile: keys, atomically: true, encoding: .utf8)
        let doc = dir + "/" + Self.faces[2]
        let docText = try String(contentsOfFile: doc, encoding: .utf8)
        try docText.replacingOccurrences(of: "| `opacity` | CALayer | number | yes |", with: "| `opacity` | CALayer | number | no |")
            .write(toFile: doc, atomically: true, encoding: .utf8)

        let check = try runProcess(Self.tool, ["check", dir])
        #expect(check.status == 1)
        let lines = check.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(check.stderr)")
        #expect(lines.contains { $0.contains(Self.faces[0]) && $0.contains("scripts/generate.sh") })
        #expect(lines.contains { $0.contains(Self.faces[2]) })
        #expect(!check.stderr.contains(Self.faces[1]))

        let write = try runProcess(Self.tool, ["write", dir])
        #expect(write.status == 0, "\(write.stderr)")
        for face in Self.faces {
            #expect(FileManager.default.contents(atPath: dir + "/" + face) == FileManager.default.contents(atPath: Plugins.root + "/" + face),
                    "\(face) rewritten differs from the committed one")
        }
        #expect(try runProcess(Self.tool, ["check", dir]).status == 0)
    }

    @Test func aFileWithoutItsMarkedBlockIsRefused() throws {
        let dir = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/docs", withIntermediateDirectories: true)
        try "# Key paths\n".write(toFile: dir + "/docs/KEYPATHS.md", atomically: true, encoding: .utf8)
        let r = try runProcess(Self.tool, ["check", dir])
        #expect(r.status == 1)
        #expect(r.stderr.contains("docs/KEYPATHS.md") && r.stderr.contains("<!-- generated: properties -->"), "\(r.stderr)")
    }

    /// Apple's pages: lineDashPhase says "Animatable", lineDashPattern does not (it is a new dash
    /// pattern, set at once); fillRule and lineCap do not either. The facade gives implicit actions
    /// only to the animatable ones.
    @Test func theFacadesAnimatableKeysFollowApplesPages() throws {
        let text = try String(contentsOfFile: Plugins.root + "/" + Self.faces[1], encoding: .utf8)
        let switchBody = text.components(separatedBy: "switch key {")[1].components(separatedBy: "true")[0]
        for key in ["lineDashPhase", "strokeEnd", "opacity", "masksToBounds", "contents", "birthRate"] {
            #expect(switchBody.contains("\"\(key)\""), "\(key) is animatable on Apple's page")
        }
        for key in ["lineDashPattern", "fillRule", "lineCap", "maskMode", "string", "seed"] {
            #expect(!switchBody.contains("\"\(key)\""), "\(key) is not animatable on Apple's page (or not the facade's)")
        }
    }
}
