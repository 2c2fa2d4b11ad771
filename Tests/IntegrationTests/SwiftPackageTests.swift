// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// The Swift templates built as a third party builds them: Plugins/examples/swift-package
/// (the FXPluginKit product) and Plugins/examples/swift-uikit-package (the UIKit and
/// QuartzCore products), each a package of its own that depends on fxhost by path,
/// built with one scratch folder of their own (never this package's .build), then run
/// by the real fxhost. Skipped in the AddressSanitizer pass: the work is a nested
/// `swift build`. The UIKit template's build comes second and reuses the first's
/// FXPluginKit and CFX: measured on the 2-core machine, 8.6 s then 10.3 s (21 s
/// then 29 s while others were building).
@Suite(.serialized, .disabled(if: TestSupport.isSanitizerPass, "a nested swift build; it ran in the ordinary pass"))
struct SwiftPackageTests {
    /// A folder with a link named `fxhost` to this checkout, the identity the
    /// examples' `package: "fxhost"` names (a checkout cloned under its own name),
    /// and the scratch folder both builds share.
    static let workspace: Result<String, Error> = Result {
        let dir = try TestSupport.temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: dir + "/fxhost", withDestinationPath: Plugins.root)
        return dir
    }

    /// Builds the example in `Plugins/examples/<folder>` as package `name`, its
    /// dependency line pointing at the link; the plugin's path.
    static func build(_ folder: String, _ name: String) throws -> String {
        guard let swift = TestSupport.which("swift") else { throw Failure("swift is not on PATH") }
        let dir = try workspace.get()
        try FileManager.default.copyItem(atPath: Plugins.root + "/Plugins/examples/" + folder, toPath: dir + "/" + name)
        let manifest = dir + "/" + name + "/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        let line = #".package(path: "../../..")"#
        guard text.contains(line) else { throw Failure("\(folder)/Package.swift no longer says \(line)") }
        try text.replacingOccurrences(of: line, with: ".package(path: \"\(dir)/fxhost\")")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let r = try runProcess(swift, ["build", "--package-path", dir + "/" + name, "--scratch-path", dir + "/scratch"])
        guard r.status == 0 else { throw Failure("swift build of \(folder) failed:\n\(r.stdout)\n\(r.stderr)") }
        let plugin = dir + "/scratch/debug/lib\(name).so"
        guard FileManager.default.fileExists(atPath: plugin) else { throw Failure("no \(plugin) after the build") }
        return plugin
    }

    /// The FXPluginKit example, built once for the suite.
    static let built: Result<String, Error> = Result { try build("swift-package", "twinkle") }
    /// The UIKit example, built once for the suite.
    static let builtUIKit: Result<String, Error> = Result { try build("swift-uikit-package", "card") }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// docs/PLUGINS.md shows the example's two files whole; what the suite
    /// builds is what the page tells an author to write (the path aside).
    @Test func thePluginsPageShowsTheExampleAsBuilt() throws {
        let page = try String(contentsOfFile: Plugins.root + "/docs/PLUGINS.md", encoding: .utf8)
        for file in ["Package.swift", "Sources/twinkle/Twinkle.swift"] {
            let marker = try #require(page.range(of: "<!-- file: \(file) "), "no block for \(file) in PLUGINS.md")
            let open = try #require(page.range(of: "```swift\n", range: marker.upperBound..<page.endIndex))
            let close = try #require(page.range(of: "```\n", range: open.upperBound..<page.endIndex))
            let shown = String(page[open.upperBound..<close.lowerBound])
            let example = try String(contentsOfFile: Plugins.root + "/Plugins/examples/swift-package/" + file, encoding: .utf8)
            #expect(shown == example.replacingOccurrences(of: #".package(path: "../../..")"#, with: #".package(path: "../fxhost")"#),
                    "PLUGINS.md's \(file) differs from the example's")
        }
    }

    /// docs/SWIFT.md shows the UIKit template's two files whole, as PLUGINS.md does the other's.
    @Test func theSwiftPageShowsTheUIKitTemplateAsBuilt() throws {
        let page = try String(contentsOfFile: Plugins.root + "/docs/SWIFT.md", encoding: .utf8)
        for file in ["Package.swift", "Sources/card/Card.swift"] {
            let marker = try #require(page.range(of: "<!-- file: \(file) "), "no block for \(file) in SWIFT.md")
            let open = try #require(page.range(of: "```swift\n", range: marker.upperBound..<page.endIndex))
            let close = try #require(page.range(of: "```\n", range: open.upperBound..<page.endIndex))
            let shown = String(page[open.upperBound..<close.lowerBound])
            let example = try String(contentsOfFile: Plugins.root + "/Plugins/examples/swift-uikit-package/" + file, encoding: .utf8)
            #expect(shown == example.replacingOccurrences(of: #".package(path: "../../..")"#, with: #".package(path: "../fxhost")"#),
                    "SWIFT.md's \(file) differs from the template's")
        }
    }

    /// SwiftPM names a path dependency after its folder (docs/PLUGINS.md, "The folder's
    /// name matters"): beside a checkout in a folder named `fxhost-main`, the example stops
    /// with the error the page and the template quote; writing that name in `package:` resolves.
    @Test func aCheckoutFolderNamedOtherwiseIsTheErrorTheDocsQuote() throws {
        guard let swift = TestSupport.which("swift") else { throw Failure("swift is not on PATH") }
        let dir = try TestSupport.temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: dir + "/fxhost-main", withDestinationPath: Plugins.root)
        try FileManager.default.copyItem(atPath: Plugins.root + "/Plugins/examples/swift-package", toPath: dir + "/twinkle")
        let manifest = dir + "/twinkle/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
            .replacingOccurrences(of: #".package(path: "../../..")"#, with: #".package(path: "../fxhost-main")"#)
        try text.write(toFile: manifest, atomically: true, encoding: .utf8)
        let describe = ["package", "--package-path", dir + "/twinkle", "--scratch-path", dir + "/scratch", "describe"]
        let refused = try runProcess(swift, describe)
        #expect(refused.status != 0)
        let quoted = "error: 'twinkle': unknown package 'fxhost' in dependencies of target 'twinkle'; valid packages are: 'fxhost-main' (at '"
        let said = try #require((refused.stderr + refused.stdout).split(separator: "\n").first { $0.hasPrefix(quoted) },
                                "\(refused.stderr)\(refused.stdout)")
        #expect(said.hasSuffix("/fxhost-main')"), "\(said)")
        let page = try String(contentsOfFile: Plugins.root + "/docs/PLUGINS.md", encoding: .utf8)
        #expect(page.contains("    " + quoted + "/home/you/src/fxhost-main')\n"))
        #expect(text.contains("//     " + quoted + "…/fxhost-main')\n"))
        try text.replacingOccurrences(of: #"package: "fxhost")"#, with: #"package: "fxhost-main")"#)
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let resolved = try runProcess(swift, describe)
        #expect(resolved.status == 0, "\(resolved.stderr)")
    }

    @Test func theMainPackageDoesNotBuildTheExample() {
        // The example is a package of its own: no target of this one covers its folder.
        #expect(!FileManager.default.fileExists(atPath: Plugins.binFolder + "/libtwinkle.so"))
        #expect(!FileManager.default.fileExists(atPath: Plugins.binFolder + "/libcard.so"))
    }

    @Test func itBuildsAndPassesCheck() throws {
        let plugin = try Self.built.get()
        let r = try Plugins.run(["check", plugin])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("PASS  twinkle/twinkle") && r.stdout.hasSuffix("1 passed, 0 failed\n"), "\(r.stdout)")
        let help = try Plugins.run(["--plugin", plugin, "--help"])
        // `minimum:` alone bounds one side only.
        #expect(help.stdout.contains("--star-size"), "\(help.stdout)")
        #expect(help.stdout.contains("--star-size  a number of at least 8, default '120'"), "\(help.stdout)")
    }

    /// The twinkle's first segment uses the custom curve (0.5, 0, 1, 0.6):
    /// 0.15 of the way into a 0.6 s cycle that starts at 0.8 s is half way
    /// through the segment (key time 0.3), so the scale is 1 − 0.3 × curve(0.5).
    @Test func theCustomSegmentCurveShapesTheScale() throws {
        let plugin = try Self.built.get()
        let s = try Plugins.samples(["--plugin", plugin, "--time", "0.89"])
        let t = try #require(s.first?.layer("stage/star")).transform
        let expected = 1 - 0.3 * cubicBezier(0.5, 0, 1, 0.6, at: 0.5)
        #expect(abs(t[0] - expected) < 1e-6 && abs(t[5] - expected) < 1e-6, "\(t[0]) vs \(expected)")
    }

    /// A tap at 1 s spins the star by 2π/5 over 0.4 s, ease-in-ease-out: half
    /// way (1.2 s) the symmetric curve is at 0.5, so the angle is π/5.
    @Test func aTapSpinsTheStar() throws {
        let plugin = try Self.built.get()
        let s = try Plugins.samples(["--plugin", plugin, "--event", "1:tap", "--time", "1.2"])
        let t = try #require(s.first?.layer("stage/star")).transform
        #expect(abs(atan2(t[1], t[0]) - Double.pi / 5) < 1e-9, "\(t)")
        let still = try Plugins.samples(["--plugin", plugin, "--time", "1.2"])
        #expect(try #require(still.first?.layer("stage/star")).transform[1] == 0)
    }

    @Test func theUIKitTemplateBuildsAndPassesCheck() throws {
        let plugin = try Self.builtUIKit.get()
        let r = try Plugins.run(["check", plugin])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("PASS  card/card") && r.stdout.hasSuffix("1 passed, 0 failed\n"), "\(r.stdout)")
    }

    /// `import UIKit.UIKitCore` (Apple's submodule, which public iOS code imports) in a package that
    /// depends on fxhost, as the template does: the Clang module map fxhost's UIKit product carries
    /// (Sources/UIKitCore) declares the submodule, and what the file uses is the Swift module UIKit's
    /// and QuartzCore's, which it re-exports. A misspelt submodule is still the compiler's plain error.
    @Test func theUIKitCoreSubmoduleImports() throws {
        _ = try Self.builtUIKit.get()
        guard let swift = TestSupport.which("swift") else { throw Failure("swift is not on PATH") }
        let dir = try Self.workspace.get()
        let package = dir + "/submodule"
        try FileManager.default.copyItem(atPath: Plugins.root + "/Plugins/examples/swift-uikit-package", toPath: package)
        let manifest = package + "/Package.swift"
        try String(contentsOfFile: manifest, encoding: .utf8)
            .replacingOccurrences(of: #".package(path: "../../..")"#, with: ".package(path: \"\(dir)/fxhost\")")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let file = package + "/Sources/card/Submodule.swift"
        func build(_ source: String) throws -> ProcessResult {
            try source.write(toFile: file, atomically: true, encoding: .utf8)
            return try runProcess(swift, ["build", "--package-path", package, "--scratch-path", dir + "/scratch"])
        }
        let good = try build("import UIKit.UIKitCore\nfunc submoduleColour() -> CGColor { UIColor.systemPink.cgColor }\n"
                             + "func submoduleCurve() -> CAMediaTimingFunction { CAMediaTimingFunction(controlPoints: 0.19, 1, 0.22, 1) }\n")
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        let bad = try build("import UIKit.UIKitKore\n")
        #expect(bad.status != 0)
        #expect((bad.stdout + bad.stderr).contains("no such module 'UIKit.UIKitKore'"), "\(bad.stdout)\(bad.stderr)")
        try FileManager.default.removeItem(atPath: file)
    }

    /// The card rises 40 points and fades in over 0.6 s after a 0.2 s delay on
    /// UIKit's ease-out curve (0, 0, 0.58, 1): at 0.5 s it is half way through in
    /// time, so its opacity is easeOut(0.5) and its offset 40 × (1 − easeOut(0.5)).
    /// The completion block's `print` reaches fxhost's log with finished = true.
    @Test func theCardRisesOnTheEaseOutCurveAndItsCompletionPrints() throws {
        let plugin = try Self.builtUIKit.get()
        let s = try Plugins.samples(["--plugin", plugin, "--time", "0.5"])
        let card = try #require(s.first?.layer("stage/CALayer"))
        let progress = cubicBezier(0, 0, 0.58, 1, at: 0.5)
        #expect(abs((card.props["opacity"] as? Double ?? -1) - progress) < 1e-6, "\(card.props)")
        #expect(abs(card.transform[13] - 40 * (1 - progress)) < 1e-6, "\(card.transform)")
        let run = try Plugins.run(["--plugin", plugin, "--end", "1"])
        #expect(run.status == 0 && run.stderr.contains("card: card shown, finished: true"), "\(run.stderr)")
    }

    /// A tap at 1.5 s sets the scale to 0.8 outside a block (a view's layer:
    /// no implicit animation, so 0.8 is shown at once) and springs it back to 1
    /// with damping ratio 0.4 (under-damped: it overshoots 1 on the way).
    @Test func aTapBouncesTheCard() throws {
        let plugin = try Self.builtUIKit.get()
        let samples = try Plugins.samples(["--plugin", plugin, "--event", "1.5:tap", "--end", "2.2", "--fps", "20"])
        let scales = try samples.filter { ($0["t"] as? Double ?? 0) >= 1.5 }.map { try #require($0.layer("stage/CALayer")).transform[0] }
        #expect(scales.first == 0.8, "\(scales)")
        #expect(scales.max()! > 1 + 1e-3, "\(scales)")
        #expect(abs(scales.last! - 1) < 1e-9, "\(scales)")
    }
}

/// y of the cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1),
/// (x2, y2) where its x is `x`, found by bisection on the curve parameter.
func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if coordinate(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return coordinate(y1, y2, (lo + hi) / 2)
}
