// SPDX-License-Identifier: MIT
// This file imports UIKit and not Foundation by name, as iOS files do: that is
// where the facade's `Bundle(for:)` is the one a call names (docs/SWIFT-PORTING.md).
import FXCore
import Testing
import UIKit

/// The plugin's folder as `Bundle(for:)` and `UIImage(named:)` see it. In this
/// test binary the facade is linked into the test executable, so "the plugin's
/// folder" is the executable's (the real fxhost run is in IntegrationTests).
extension Facade {
    @Suite struct PluginBundleTests {
        final class Marker {}

        @Test func bundleForAClassIsTheFolderOfTheFileHoldingTheCode() throws {
            let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            let folder = URL(fileURLWithPath: exe).deletingLastPathComponent().resolvingSymlinksInPath().path
            #expect(Bundle(for: Marker.self).bundlePath == folder)
            #expect(Bundle.plugin.bundlePath == folder)
        }

        /// iOS's rule: a name without an extension means a PNG; the registry comes first; a name with
        /// no file is nil without asking fxhost to decode anything.
        @Test func namedImagesAreLookedUpInTheBundleFolderAfterTheRegistry() throws {
            let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bundle-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            for file in ["dot.png", "ring.png"] {
                #expect(FileManager.default.createFile(atPath: dir + "/" + file, contents: Data([0])))
            }
            let bundle = try #require(Bundle(path: dir))
            let k = try FacadeStage()
            var asked: [String] = []
            k.session.decodePNG = { path in
                asked.append(path)
                return FXCore.Image(width: 3, height: 2, pixels: [UInt8](repeating: 255, count: 24), label: path)
            }
            try k.call { _ in
                #expect(UIImage(named: "dot", in: bundle)?.size == CGSize(width: 3, height: 2))
                #expect(UIImage(named: "ring.png", in: bundle) != nil)
                #expect(UIImage(named: "absent", in: bundle) == nil)
                UIImage.register(try #require(UIImage.make(width: 1, height: 1, rgba: [0, 0, 0, 255])), named: "pluginBundleTestsDot")
                #expect(UIImage(named: "pluginBundleTestsDot", in: bundle)?.size == CGSize(width: 1, height: 1))
            }
            #expect(asked == [dir + "/dot.png", dir + "/ring.png"])
        }
    }
}
