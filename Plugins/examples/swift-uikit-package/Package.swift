// swift-tools-version:6.0
// SPDX-License-Identifier: MIT-0
import PackageDescription

// An fxhost plugin written against Apple's names, UIKit and QuartzCore
// (docs/SWIFT.md), in a package of its own.
let package = Package(
    name: "card",
    products: [
        // A dynamic library: `swift build` makes libcard.so, which fxhost loads.
        .library(name: "card", type: .dynamic, targets: ["card"]),
    ],
    dependencies: [
        // fxhost by path, or by URL:
        //     .package(url: "https://github.com/OWNER/fxhost.git", branch: "main"),
        // `package: "fxhost"` below is the dependency's identity, the last
        // component of its path or URL: keep the checkout's folder named fxhost.
        .package(path: "../../.."),
    ],
    targets: [
        .target(name: "card", dependencies: [
            .product(name: "UIKit", package: "fxhost"),
            .product(name: "QuartzCore", package: "fxhost"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
