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
        // `package: "fxhost"` below is the dependency's identity, the last
        // component of its path or URL: keep the checkout's folder named fxhost.
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
