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
            FXFactory("beside", help: "prints what it finds beside the plugin") { (view: UIView, _) in
                let image = UIImage(named: "quads")
                print("quads: " + (image.map { "\\(Int($0.size.width))x\\(Int($0.size.height))" } ?? "nil"))
                print("missing: " + (UIImage(named: "no-such-image") == nil ? "nil" : "found"))
                print("bundle: " + Bundle(for: Marker.self).bundlePath)
                print("resources: " + (Bundle.pluginResources(package: "beside", target: "beside")?.bundlePath ?? "nil"))
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
            .write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        try besideSource.write(toFile: package + "/Sources/beside/Beside.swift", atomically: true, encoding: .utf8)
        let r = try runProcess(swift, ["build", "--package-path", package, "--scratch-path", dir + "/scratch"])
        guard r.status == 0 else { throw Failure("swift build of beside failed:\n\(r.stdout)\n\(r.stderr)") }
        return dir + "/scratch/debug/libbeside.so"
    }

    /// The plugin's `beside: …` lines from a one-frame run of `plugin`.
    static func besideLog(_ plugin: String) throws -> [String] {
        let r = try Plugins.run(["--plugin", plugin, "--end", "0.1"])
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
        let png = Plugins.root + "/Tests/LottieTests/Fixtures/images/quads.png"
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 12 && height == 12)

        let shipped = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: shipped) }
        try FileManager.default.copyItem(atPath: built, toPath: shipped + "/libbeside.so")
        try FileManager.default.copyItem(atPath: png, toPath: shipped + "/quads.png")
        try FileManager.default.createDirectory(atPath: shipped + "/beside_beside.resources", withIntermediateDirectories: false)
        let folder = URL(fileURLWithPath: shipped).resolvingSymlinksInPath().path
        #expect(try Self.besideLog(shipped + "/libbeside.so") == [
            "quads: \(width)x\(height)", "missing: nil", "bundle: " + folder, "resources: " + folder + "/beside_beside.resources",
        ])

        let log = try Self.besideLog(built)
        #expect(log.first == "quads: nil", "\(log)")
        let buildFolder = URL(fileURLWithPath: built).deletingLastPathComponent().resolvingSymlinksInPath().path
        #expect(log.contains("bundle: " + buildFolder), "\(log)")
    }
}
