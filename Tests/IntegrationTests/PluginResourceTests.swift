// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// Resources beside a Swift plugin, found from the plugin's own code through
/// the real fxhost: `UIImage(named:)`, `Bundle(for:)` and
/// `Bundle.pluginResources(package:target:)`. The plugin is a package of its
/// own built like the UIKit template (sharing SwiftPackageTests' scratch
/// folder, so the facade is built once), then copied into a folder of its own
/// with a PNG beside it, as an author ships it.
extension SwiftPackageTests {
    /// The plugin: it prints what it finds (fxhost's log, `beside: …` lines).
    /// Its import line is interpolated so that scripts/check-imports.sh, which
    /// reads this file's lines, does not take it for this target's own import.
    static let besideSource = """
        \("import UIKit")

        final class Marker {}

        let plugin = FXPlugin(name: "beside", version: "1.0.0", description: "finds the resources beside it", factories: [
            FXFactory("beside", help: "prints what it finds beside the plugin", parameters: [
                .string("ask", default: "", help: "module: print where Bundle.module is (it stops the run where there is none)"),
            ]) { (view: UIView, args) in
                let image = UIImage(named: "quads")
                print("quads: " + (image.map { "\\(Int($0.size.width))x\\(Int($0.size.height))" } ?? "nil"))
                print("missing: " + (UIImage(named: "no-such-image") == nil ? "nil" : "found"))
                print("bundle: " + Bundle(for: Marker.self).bundlePath)
                let resources = Bundle.pluginResources(package: "beside", target: "beside")
                print("resources: " + (resources?.bundlePath ?? "nil"))
                print("resource: " + (resources?.path(forResource: "quads", ofType: "png") ?? "nil"))
                if args.string("ask") == "module" { print("module: " + Bundle.module.bundlePath) }
                view.addSubview(UIImageView(image: image))
            },
        ])

        @_cdecl("fx_plugin_entry")
        public func fxPluginEntry(_ api: OpaquePointer?) -> OpaquePointer? { plugin.entry(api) }
        """

    /// The plugin built from `besideSource`, in the UIKit template's manifest renamed.
    static let builtBeside: Result<String, Error> = Result {
        guard let swift = TestSupport.which("swift") else { throw Failure("swift is not on PATH") }
        let dir = try workspace.get()
        let package = dir + "/beside"
        try FileManager.default.createDirectory(atPath: package + "/Sources/beside", withIntermediateDirectories: true)
        let manifest = try String(contentsOfFile: Plugins.root + "/Plugins/examples/swift-uikit-package/Package.swift", encoding: .utf8)
        try manifest.replacingOccurrences(of: #".package(path: "../../..")"#, with: ".package(path: \"\(dir)/fxhost\")")
            .replacingOccurrences(of: #""card""#, with: #""beside""#)
            .replacingOccurrences(of: "        ]),\n    ],\n    swiftLanguageModes", with: "        ], resources: [.copy(\"quads.png\")]),\n    ],\n    swiftLanguageModes")
            .write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        try besideSource.write(toFile: package + "/Sources/beside/Beside.swift", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: quads, toPath: package + "/Sources/beside/quads.png")
        let r = try runProcess(swift, ["build", "--package-path", package, "--scratch-path", dir + "/scratch"])
        guard r.status == 0 else { throw Failure("swift build of beside failed:\n\(r.stdout)\n\(r.stderr)") }
        return dir + "/scratch/debug/libbeside.so"
    }

    /// A 12 × 12 PNG, the plugin's resource and the image beside it.
    static let quads = Plugins.root + "/Tests/LottieTests/Fixtures/images/quads.png"

    /// The plugin's `beside: …` lines from a one-frame run of `plugin`.
    static func besideLog(_ plugin: String, _ extra: [String] = []) throws -> [String] {
        let r = try Plugins.run(["--plugin", plugin, "--end", "0.1"] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stderr.split(separator: "\n").compactMap { line in
            line.range(of: "beside: ").map { String(line[$0.upperBound...]) }
        }
    }

    /// Copied into a folder with a 12 × 12 PNG named `quads.png` (its size read
    /// from the file's IHDR here, not by fxhost) and a `beside_beside.resources`
    /// folder, the plugin finds both there and `Bundle(for:)` is that folder;
    /// the same plugin in its build folder, with no PNG beside it, finds none
    /// (the look is beside the plugin, not beside fxhost or in the working folder).
    @Test func imagesAndBundlesBesideThePluginAreFound() throws {
        let built = try Self.builtBeside.get()
        let png = Self.quads
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 12 && height == 12)

        let shipped = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: shipped) }
        try FileManager.default.copyItem(atPath: built, toPath: shipped + "/libbeside.so")
        try FileManager.default.copyItem(atPath: png, toPath: shipped + "/quads.png")
        let builtResources = URL(fileURLWithPath: built).deletingLastPathComponent().path + "/beside_beside.resources"
        try FileManager.default.copyItem(atPath: builtResources, toPath: shipped + "/beside_beside.resources")
        let folder = URL(fileURLWithPath: shipped).resolvingSymlinksInPath().path
        #expect(try Self.besideLog(shipped + "/libbeside.so") == [
            "quads: \(width)x\(height)", "missing: nil", "bundle: " + folder, "resources: " + folder + "/beside_beside.resources",
            "resource: " + folder + "/beside_beside.resources/quads.png",
        ])

        let log = try Self.besideLog(built)
        #expect(log.first == "quads: nil", "\(log)")
        let buildFolder = URL(fileURLWithPath: built).deletingLastPathComponent().resolvingSymlinksInPath().path
        #expect(log.contains("bundle: " + buildFolder), "\(log)")
    }

    /// SwiftPM's `Bundle.module` on Linux looks beside the program (fxhost, whose
    /// folder has no `beside_beside.resources`) and then at the build's absolute
    /// path: in the build folder it is found there; shipped elsewhere with the
    /// build's folder gone, it stops the program ("could not load resource bundle"),
    /// which is why a port writes `Bundle.pluginResources(package:target:)`.
    @Test func bundleModuleFindsTheResourcesOnlyWhereTheyWereBuilt() throws {
        let built = try Self.builtBeside.get()
        let buildFolder = URL(fileURLWithPath: built).deletingLastPathComponent().path
        let resources = buildFolder + "/beside_beside.resources"
        let log = try Self.besideLog(built, ["--ask", "module"])
        #expect(log.contains { $0.hasPrefix("module: ") && $0.hasSuffix("/beside_beside.resources") }, "\(log)")

        let shipped = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: shipped) }
        try FileManager.default.copyItem(atPath: built, toPath: shipped + "/libbeside.so")
        try FileManager.default.copyItem(atPath: resources, toPath: shipped + "/beside_beside.resources")
        try FileManager.default.moveItem(atPath: resources, toPath: resources + ".away")
        defer { try? FileManager.default.moveItem(atPath: resources + ".away", toPath: resources) }
        let r = try Plugins.run(["--plugin", shipped + "/libbeside.so", "--end", "0.1", "--ask", "module"])
        let fxhostFolder = URL(fileURLWithPath: Plugins.fxhost).deletingLastPathComponent().resolvingSymlinksInPath().path
        #expect(r.status == 1 && r.stderr.contains("could not load resource bundle: from \(fxhostFolder)/beside_beside.resources or "),
                "\(r.status) \(r.stderr)")
    }
}
