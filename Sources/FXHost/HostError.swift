// SPDX-License-Identifier: MIT
/// A failure the host reports: one line, and the exit status it maps to.
public struct HostError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// The user's input was wrong (exit 2): arguments, files, parameter values.
        case usage
        /// The plugin failed or misbehaved (exit 1).
        case plugin
    }
    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }
    public static func usage(_ m: String) -> HostError { HostError(.usage, m) }
    public static func plugin(_ m: String) -> HostError { HostError(.plugin, m) }

    public var description: String { message }
    public var exitCode: Int32 { kind == .usage ? 2 : 1 }
}
