// swift-tools-version:6.0
// SPDX-License-Identifier: MIT-0
import PackageDescription

// An fxhost plugin in a package of its own (docs/PLUGINS.md, "In Swift").
let package = Package(
    name: "twinkle",
    products: [
        // A dynamic library: `swift build` makes libtwinkle.so, which fxhost loads.
        .library(name: "twinkle", type: .dynamic, targets: ["twinkle"]),
    ],
    dependencies: [
        // fxhost by path, or by URL:
        //     .package(url: "https://github.com/OWNER/fxhost.git", branch: "main"),
        // SwiftPM names a dependency after the last component of its path or
        // URL (its identity), and `package: "fxhost"` below must be that name:
        // the checkout must be a folder named fxhost. In a folder named
        // otherwise (say ../fxhost-main), write that name in both `package:`
        // lines, or the build stops with
        //     error: 'twinkle': unknown package 'fxhost' in dependencies of target 'twinkle'; valid packages are: 'fxhost-main' (at '…/fxhost-main')
        .package(path: "../../.."),
    ],
    targets: [
        .target(name: "twinkle", dependencies: [
            .product(name: "FXPluginKit", package: "fxhost"),
            .product(name: "CFX", package: "fxhost"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
