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
        // SwiftPM names a dependency after the last component of its path or
        // URL (its identity), and `package: "fxhost"` below must be that name:
        // the checkout must be a folder named fxhost. In a folder named
        // otherwise (say ../fxhost-main), write that name in both `package:`
        // lines, or the build stops with
        //     error: 'card': unknown package 'fxhost' in dependencies of target 'card'; valid packages are: 'fxhost-main' (at '…/fxhost-main')
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
