// swift-tools-version:6.0
// SPDX-License-Identifier: MIT
import PackageDescription

// The parts of fxhost, one folder each; see docs/ARCHITECTURE.md for the
// arrows between them. Plugins are dynamic library products that depend on the
// C ABI (CFX) only, never on the engine.
/// Swift targets whose work is pixel loops, optimized in debug builds too (the reason is beside CPixels below).
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "fxhost",
    products: [
        .executable(name: "fxhost", targets: ["fxhost"]),
        .executable(name: "fxbench", targets: ["fxbench"]),
        .executable(name: "fxbench-trivial", targets: ["fxbench-trivial"]),
        .executable(name: "fxbench-e2e", targets: ["fxbench-e2e"]),
        .library(name: "FXCore", targets: ["FXCore"]),
        // For the fuzzing harnesses in Fuzz/ (a package of its own that depends on this one).
        .library(name: "FXHost", targets: ["FXHost"]),
        .library(name: "FXRender", targets: ["FXRender"]),
        .library(name: "FXPNG", targets: ["FXPNG"]),
        // For the fuzzing harnesses of the part reader and the manifest reader (`fxhost join`).
        .library(name: "FXImageSinks", targets: ["FXImageSinks"]),
        .library(name: "FXCommandLine", targets: ["FXCommandLine"]),
        // The effect plugins: one dynamic library each (libcube.so, …).
        .library(name: "cube", type: .dynamic, targets: ["cube"]),
        .library(name: "shimmer", type: .dynamic, targets: ["shimmer"]),
        .library(name: "spinner", type: .dynamic, targets: ["spinner"]),
        .library(name: "fade", type: .dynamic, targets: ["fade"]),
        .library(name: "pulse", type: .dynamic, targets: ["pulse"]),
        .library(name: "lottie", type: .dynamic, targets: ["lottie"]),
        // The seeds' own Swift, compiled through QuartzCore and UIKit.
        .library(name: "seeds", type: .dynamic, targets: ["seeds"]),
        // For plugins in packages of their own (docs/PLUGINS.md): the C ABI and its Swift face.
        .library(name: "FXPluginKit", targets: ["FXPluginKit"]),
        .library(name: "FXToolbox", targets: ["FXToolbox"]),
        .library(name: "CFX", targets: ["CFX"]),
        // iOS animation code as written (docs/SWIFT.md): Apple's names over FXPluginKit.
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "UIKit", targets: ["UIKit"]),
    ],
    targets: [
        // The stable C ABI: the one header a plugin author needs.
        .target(name: "CFX", path: "Sources/CFX"),
        .systemLibrary(
            name: "CFFI", path: "Sources/CFFI", pkgConfig: "libffi",
            providers: [.apt(["libffi-dev"])]),

        // cairo (libcairo2-dev's header), loaded with dlopen at the first cairo call (Sources/CCairo/include/fxcairo.h):
        // runs that draw nothing never map it.
        .target(name: "CCairo", path: "Sources/CCairo", linkerSettings: [.linkedLibrary("dl")]),
        // pango, loaded with dlopen at the first text drawn (Sources/CPango/include/fxpango.h): no pango header or
        // library is needed to build, and runs that draw no text never map it.
        .target(name: "CPango", dependencies: ["CCairo"], path: "Sources/CPango", linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // The encoders of the field, for the video, WebP, PNG and GIF outputs (docs/OUTPUTS.md).
        // libavformat/libavcodec/libavutil's headers (libavformat-dev, libavcodec-dev, libavutil-dev); the
        // libraries themselves are loaded with dlopen when a video is written (Sources/CAVFormat/include/fxav.h).
        .target(name: "CAVFormat", path: "Sources/CAVFormat", linkerSettings: [.linkedLibrary("dl")]),
        // libwebp and libwebpmux's headers (libwebp-dev), libimagequant's (libimagequant-dev); the libraries are loaded
        // with dlopen when a WebP or GIF output is made (Sources/CWebP/include/fxwebp.h, Sources/CImageQuant/include/fximagequant.h).
        .target(name: "CWebP", path: "Sources/CWebP", linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .target(name: "CImageQuant", path: "Sources/CImageQuant", linkerSettings: [.linkedLibrary("dl")]),
        // libmicrohttpd's header (libmicrohttpd-dev); the library is loaded with dlopen when a studio starts
        // (Sources/CMicroHTTPD/include/fxhttp.h).
        .target(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", linkerSettings: [.linkedLibrary("dl")]),
        // `fxhost studio`: the page, its HTTP server and the fxhost runs that draw it (docs/STUDIO.md).
        .target(name: "FXStudio", dependencies: ["CMicroHTTPD", "FXToolbox"], path: "Sources/FXStudio", exclude: ["Page"]),

        // The toolbox the host and plugins share (one strict JSON reader with limits, the escaping of
        // plugin text for a terminal); it depends on nothing, and a Swift plugin links it statically.
        .target(name: "FXToolbox", path: "Sources/FXToolbox", swiftSettings: optimizedInDebug),
        // One piece of work on a second thread (the engine's fork and join; image sinks also encode on threads of their own), under everything.
        .target(name: "FXParallel", path: "Sources/FXParallel"),
        .target(name: "FXCore", dependencies: ["FXParallel"], path: "Sources/FXCore"),
        // Pixel kernels run on every frame or image, in C: SSE2 where the CPU has it, portable C giving the
        // same bytes elsewhere (RGB to Y′CbCr for the encoders, rows composited and particles drawn for the
        // renderer, PNG rows unfiltered).
        // These kernels, the encoders (FXImageSinks), the PNG reader and FXToolbox (the hash of the plugin in every
        // manifest, the Lottie plugin's JSON reader) are optimized in debug builds too: every test
        // that renders encodes its frames, and unoptimized they ran 5-15 times slower (a 15-frame GIF took 7 CPU
        // seconds, 36 under AddressSanitizer, against 0.5 optimized), which was most of the test suite's time.
        // Swift's -O keeps the overflow and bounds checks; only the debugger's view of these modules is poorer.
        .target(name: "CPixels", path: "Sources/CPixels", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        .target(name: "FXRender", dependencies: ["FXCore", "FXParallel", "CCairo", "CPango", "CPixels", "FXToolbox"], path: "Sources/FXRender"),
        // PNG input (for image_load_png): libdeflate for plain files, libpng for the rest; no renderer.
        .target(name: "FXPNG", dependencies: ["FXCore", "CPNG", "CDeflate", "CPixels"], path: "Sources/FXPNG", swiftSettings: optimizedInDebug),
        // The Swift face of fx.h for plugin authors; linked into each Swift plugin.
        .target(name: "FXPluginKit", dependencies: ["CFX"], path: "Sources/FXPluginKit"),
        // Core Animation's and UIKit's names for Swift plugins ported from iOS, over FXPluginKit only.
        .target(name: "CoreGraphics", dependencies: ["FXPluginKit"], path: "Sources/CoreGraphics"),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "FXPluginKit", "CFX"], path: "Sources/QuartzCore"),
        .systemLibrary(name: "UIKitCore", path: "Sources/UIKitCore"),
        .target(name: "UIKit", dependencies: ["QuartzCore", "CoreGraphics", "FXPluginKit", "UIKitCore"], path: "Sources/UIKit"),
        .target(name: "FXSinks", dependencies: ["FXCore", "FXToolbox"], path: "Sources/FXSinks"),
        .target(
            name: "FXImageSinks",
            dependencies: ["FXCore", "FXParallel", "FXRender", "FXSinks", "CAVFormat", "CPixels", "CWebP", "CDeflate", "CImageQuant"], path: "Sources/FXImageSinks",
            swiftSettings: optimizedInDebug),
        // Process control for the supervisor (prctl, seccomp, signal handlers), which Swift cannot call.
        .target(name: "CSupervisor", path: "Sources/CSupervisor"),
        // Plugin code in a supervised child: the supervisor, the relay and ring that carry the child's outputs to it,
        // the server that writes them, and the limits; it gives the sinks a `Publication` value (docs/isolation.md).
        .target(name: "FXIsolation", dependencies: ["CSupervisor", "FXSinks"], path: "Sources/FXIsolation"),
        .target(name: "FXHost", dependencies: ["FXCore", "CFX", "CFFI", "FXIsolation", "FXPNG", "FXToolbox"], path: "Sources/FXHost"),
        // The command line: options, the run, its outputs (the image sinks), `check` and `join`.
        .target(
            name: "FXCommandLine",
            dependencies: ["FXHost", "FXIsolation", "FXImageSinks", "FXSinks", "FXRender", "FXPNG", "FXCore", "FXStudio", "FXToolbox"],
            path: "host/Common"),
        // One executable, renderer linked: a second one for pixels cost every image run a second process start.
        .executableTarget(name: "fxhost", dependencies: ["FXCommandLine"], path: "host/fxhost"),
        // Writes the faces of FXCore's property catalog kept outside the engine (scripts/generate.sh).
        .executableTarget(name: "fxcatalog", dependencies: ["FXCore"], path: "host/fxcatalog"),
        .target(name: "cube", dependencies: ["FXPluginKit", "CFX"], path: "Plugins/cube"),
        .target(name: "shimmer", dependencies: ["FXPluginKit", "CFX"], path: "Plugins/shimmer"),
        .target(name: "spinner", dependencies: ["FXPluginKit", "CFX"], path: "Plugins/spinner"),
        .target(name: "fade", dependencies: ["FXPluginKit", "CFX", "Scenery"], path: "Plugins/fade", exclude: ["Scenery"]),
        // The generated pictures of the fade effect, shared by fade and seeds.
        .target(name: "Scenery", path: "Plugins/fade/Scenery"),
        .target(name: "pulse", dependencies: ["FXPluginKit", "CFX"], path: "Plugins/pulse"),
        .target(name: "lottie", dependencies: ["FXPluginKit", "CFX", "CDeflate", "FXToolbox"], path: "Plugins/lottie"),
        .target(name: "seeds", dependencies: ["UIKit", "QuartzCore", "Scenery"], path: "Plugins/seeds"),
        .executableTarget(
            name: "fxbench", dependencies: ["FXCore", "FXRender", "FXSinks", "FXImageSinks"], path: "Benchmarks/fxbench",
            exclude: ["../cairo-baseline"]),
        .executableTarget(name: "fxbench-trivial", path: "Benchmarks/trivial"),
        // The Y4M part of `scripts/bench.sh e2e` (whole runs: scripts/bench-e2e.sh).
        .executableTarget(
            name: "fxbench-e2e", dependencies: ["FXCore", "FXRender", "FXSinks", "FXImageSinks"], path: "Benchmarks/e2e"),

        .testTarget(name: "FXCoreTests", dependencies: ["FXCore", "FXParallel"], path: "Tests/FXCoreTests"),
        .testTarget(name: "FXToolboxTests", dependencies: ["FXToolbox", "TestSupport"], path: "Tests/FXToolboxTests"),
        // The command line's own tables (the output formats' registry) and the studio's frame deltas, in process.
        .testTarget(name: "FXCommandLineTests", dependencies: ["FXCommandLine", "FXHost", "FXStudio", "FXCore", "FXRender"], path: "Tests/FXCommandLineTests"),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "FXSinksTests", dependencies: ["FXImageSinks", "FXSinks", "FXRender", "FXCore", "FXPNG", "CDeflate", "CPixels", "TestSupport"],
            path: "Tests/FXSinksTests"),
        .testTarget(name: "FXRenderTests", dependencies: ["FXRender", "FXCore", "CCairo", "CPango", "CPixels"], path: "Tests/FXRenderTests"),
        // Every plugin, loaded in turn through the real fxhost.
        .testTarget(
            name: "IntegrationTests", dependencies: ["TestSupport", "fxhost", "fxcatalog"],
            path: "Tests/IntegrationTests"),
        // Integration tests: the real fxhost binary on plugins compiled at test time.
        .testTarget(
            name: "FXHostTests", dependencies: ["FXHost", "FXIsolation", "FXCore", "FXSinks", "CFX", "TestSupport", "fxhost"],
            path: "Tests/FXHostTests", exclude: ["Fixtures"]),
        // The supervisor's parts in one process: the ring's records, the output relay's protocol.
        .testTarget(name: "FXIsolationTests", dependencies: ["FXIsolation", "CSupervisor", "FXSinks", "TestSupport"], path: "Tests/FXIsolationTests"),
        // The conformance corpus: public Core Animation code ported to C, checked against CA's rules.
        .testTarget(
            name: "Conformance", dependencies: ["TestSupport", "fxhost"],
            path: "Tests/Conformance", exclude: ["Fixtures"]),
        // fxhost against headless Chromium drawing the same scenes from HTML/CSS/SVG (docs/RENDERING.md).
        .testTarget(
            name: "IndependentRendererTests", dependencies: ["FXCore", "FXPNG", "TestSupport", "fxhost"],
            path: "Tests/IndependentRendererTests", exclude: ["Fixtures"]),
        // The lottie plugin through fxhost, against rlottie (a C program compiled at test time) and hand-computed values.
        .testTarget(
            name: "LottieTests", dependencies: ["FXPNG", "FXCore", "TestSupport", "fxhost"],
            path: "Tests/LottieTests", exclude: ["Fixtures"]),
        // FXPluginKit driven against the real host function table, in process.
        .testTarget(
            name: "FXPluginKitTests", dependencies: ["FXPluginKit", "FXHost", "FXCore", "CFX"], path: "Tests/FXPluginKitTests"),
        // The Swift facade (CoreGraphics, QuartzCore, UIKit) driven against the real host function table, in process.
        .testTarget(
            name: "SwiftFacadeTests", dependencies: ["UIKit", "QuartzCore", "CoreGraphics", "FXPluginKit", "FXHost", "FXCore", "FXPNG", "CFX"],
            path: "Tests/SwiftFacadeTests",
            // Swift Testing declares a cross-import overlay with Apple's CoreGraphics (_Testing_CoreGraphics),
            // which Linux toolchains do not ship; importing our CoreGraphics module beside Testing would load it.
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]),
    ],
    swiftLanguageModes: [.v6]
)

// fxhost and the plugins it ships (all but seeds, whose iOS code runs through UIKit) use neither Swift's
// concurrency library nor its string processing, and a Swift module imports both implicitly: each adds
// libraries (libswift_Concurrency, libdispatch, libBlocksRuntime, libswift_StringProcessing,
// libswift_RegexParser) that every run loads and relocates at start, and that every later dlopen (cairo,
// pango) searches. A plugin that needs them gets them from fxhost's runtime folder (PluginRuntime.swift).
// Test targets keep them (Swift Testing is async). SwiftLibraryTests reads every shipped plugin but seeds:
// a plugin target missing from this set fails there.
let withoutImplicitLibraries: Set<String> = [
    "FXToolbox", "FXParallel", "FXCore", "FXRender", "FXPNG", "FXPluginKit", "FXSinks", "FXImageSinks", "FXIsolation",
    "FXHost", "FXCommandLine", "FXStudio", "fxhost", "lottie", "cube", "shimmer", "spinner", "fade", "pulse", "Scenery",
]
for target in package.targets where withoutImplicitLibraries.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags([
        "-Xfrontend", "-disable-implicit-string-processing-module-import",
        "-Xfrontend", "-disable-implicit-concurrency-module-import",
    ])]
}
