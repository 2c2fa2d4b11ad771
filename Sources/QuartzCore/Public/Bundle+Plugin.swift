// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// The plugin's own folder as a bundle. On iOS, `Bundle(for:)` is the framework
/// or app holding a class, and a library's resources sit inside it. Here the
/// program is fxhost, so Foundation's `Bundle(for:)` and `Bundle.main` are
/// fxhost's folder; the facade is linked into each plugin's `.so`, so the image
/// holding this code (`#dsohandle`, found in `/proc/self/maps`) is the plugin, and
/// its folder is where the plugin's resources travel with it (docs/SWIFT-PORTING.md).
extension Bundle {
    /// The folder holding the plugin file (symbolic links followed): where
    /// `UIImage(named:)` looks after the images the plugin registered, and
    /// where a library's `<Name>.bundle` or SwiftPM's `<Package>_<Target>.resources`
    /// folder goes beside the plugin.
    public static let plugin: Bundle = Bundle(path: PluginFolder.path) ?? .main

    /// `Bundle(for:)` as iOS code means it: the plugin's folder (`Bundle.plugin`),
    /// since every class a plugin defines lives in the plugin's file. It takes
    /// the place of Foundation's in files that import UIKit or QuartzCore and not
    /// Foundation by name; a file that also says `import Foundation` gets
    /// Foundation's (fxhost's folder) without a word from the compiler, so a port
    /// writes `Bundle.plugin` there (docs/SWIFT-PORTING.md).
    public convenience init(for aClass: AnyClass) {
        self.init(path: Bundle.plugin.bundlePath)!
    }

    /// SwiftPM's resource folder for `target` of `package` beside the plugin
    /// (`<package>_<target>.resources`, what `Bundle.module` looks for next to
    /// the program); nil when the folder is not there.
    public static func pluginResources(package: String, target: String) -> Bundle? {
        Bundle(path: PluginFolder.path + "/" + package + "_" + target + ".resources")
    }
}

/// Where the image holding this code (`#dsohandle`) was loaded from: the
/// mapping of `/proc/self/maps` that holds that address names the file
/// (glibc's `dladdr` is not visible to Swift without `_GNU_SOURCE`).
enum PluginFolder {
    static let path: String = {
        let here = UInt(bitPattern: #dsohandle)
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return Bundle.main.bundlePath }
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let file = fields[5].trimmingCharacters(in: .whitespaces)
            guard file.hasPrefix("/") else { continue }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                  start <= here, here < end else { continue }
            guard let real = realpath(file, nil) else { break }
            defer { free(real) }
            return (String(cString: real) as NSString).deletingLastPathComponent
        }
        return Bundle.main.bundlePath
    }()
}
