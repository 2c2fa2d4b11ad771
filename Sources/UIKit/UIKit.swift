// SPDX-License-Identifier: MIT
// UIKit's animation subset for fxhost plugins (docs/SWIFT.md): views as
// layer-backed objects, UIView's animation blocks, colours, fonts, images and
// Bézier paths, with Apple's names. Importing it imports QuartzCore,
// CoreGraphics and Foundation, as on iOS. Auto Layout, view controllers and
// touch handling are not here; events come from `fxhost --event T:NAME`
// (`SimulatedClock.main.on(event:)`).
@_exported import QuartzCore
