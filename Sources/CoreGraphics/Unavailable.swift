// SPDX-License-Identifier: MIT

// Names iOS code uses that this package does not have yet or cannot have,
// declared unavailable so that the compiler names them and says why (instead
// of "cannot find type in scope" or an unrelated overload's complaint).


/// Selectors need the Objective-C runtime, which Swift on Linux does not have.
@available(*, unavailable, message: "selectors need the Objective-C runtime, which Swift on Linux lacks: pass a closure (docs/SWIFT-PORTING.md)")
public struct Selector {
    public init(_ name: String) {}
}
