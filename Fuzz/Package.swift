// swift-tools-version:6.0
// SPDX-License-Identifier: MIT
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, whatever the checkout is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// libFuzzer harnesses (docs/isolation.md, "Fuzzing"). Built by scripts/fuzz.sh with
// -sanitize=fuzzer,address; not part of the ordinary build.
let package = Package(
    name: "fxhost-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(name: "fuzz-keypath", dependencies: [.product(name: "FXCore", package: root)]),
        .executableTarget(name: "fuzz-arguments", dependencies: [.product(name: "FXHost", package: root)]),
        .executableTarget(name: "fuzz-png", dependencies: [.product(name: "FXPNG", package: root)]),
        .executableTarget(name: "fuzz-lottie", dependencies: [.product(name: "FXHost", package: root), .product(name: "lottie", package: root)]),
        .executableTarget(name: "fuzz-batch", dependencies: [.product(name: "FXCommandLine", package: root)]),
        .executableTarget(name: "fuzz-golden", dependencies: [.product(name: "FXCommandLine", package: root)]),
        .executableTarget(name: "fuzz-part", dependencies: [.product(name: "FXImageSinks", package: root)]),
        .executableTarget(name: "fuzz-manifest", dependencies: [.product(name: "FXCommandLine", package: root)]),
    ],
    swiftLanguageModes: [.v6]
)
