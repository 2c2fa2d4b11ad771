// SPDX-License-Identifier: MIT

// Names iOS code uses that this package does not have yet or cannot have,
// declared unavailable so that the compiler names them and says why (instead
// of "cannot find type in scope" or an unrelated overload's complaint).

/// Custom drawing into a context is not here yet: fxhost draws each layer from its properties.
@available(*, unavailable, message: "custom drawing (CGContext) is not supported: fxhost draws layers from their properties; draw with a CAShapeLayer's path, fill and stroke instead (docs/SWIFT.md)")
public final class CGContext {}

/// Selectors need the Objective-C runtime, which Swift on Linux does not have.
@available(*, unavailable, message: "selectors need the Objective-C runtime, which Swift on Linux lacks: pass a closure (docs/SWIFT-PORTING.md)")
public struct Selector {
    public init(_ name: String) {}
}
