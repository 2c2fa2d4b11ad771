// swift-tools-version:6.0
import PackageDescription

// An fxhost plugin in a package of its own, as a third party writes one
// (docs/PLUGINS.md, "In Swift"). It depends on fxhost by path: here the
// repository this example sits in; elsewhere the folder of a checkout, or by URL,
//     .package(url: "https://github.com/OWNER/fxhost.git", branch: "main"),
// The `package:` of a product is the dependency's identity, the last
// component of its path or URL: "fxhost" for a checkout cloned under its
// own name.
let package = Package(
    name: "twinkle",
    products: [
        // A dynamic library: `swift build` makes libtwinkle.so, which fxhost loads.
        .library(name: "twinkle", type: .dynamic, targets: ["twinkle"]),
    ],
    dependencies: [.package(path: "../../..")],
    targets: [
        .target(name: "twinkle", dependencies: [
            .product(name: "FXPluginKit", package: "fxhost"),
            .product(name: "CFX", package: "fxhost"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
