// SPDX-License-Identifier: MIT
/// An error FXCore reports: a one-line message that names what was wrong
/// (the key path, the value, the layer kind) and, where it can, what is expected.
public struct FXError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What sort of mistake it was; the C ABI maps these to status codes.
    public enum Kind: Sendable, Equatable {
        /// A key path that does not exist or does not apply to the layer kind.
        case keyPath
        /// A value of the wrong type.
        case type
        /// A value of the right type that is not acceptable.
        case value
        /// A request the tree cannot honour (a cycle, a mask that is a sublayer).
        case tree
        /// A limit reached (animations on one layer).
        case limit
    }
    public let kind: Kind
    public let message: String
    public init(_ message: String, kind: Kind = .value) { self.message = message; self.kind = kind }
    public var description: String { message }
}
