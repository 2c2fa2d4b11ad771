// SPDX-License-Identifier: MIT
// QuartzCore for fxhost plugins: Core Animation's classes with Apple's names
// and documented semantics, over FXPluginKit and fx.h (docs/SWIFT-COVERAGE.md
// has the coverage, class by class). Importing it imports CoreGraphics and
// Foundation, as on iOS.
@_exported import CoreGraphics
