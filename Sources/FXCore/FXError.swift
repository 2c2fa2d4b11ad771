/// An error FXCore reports: a one-line message that names what was wrong
/// (the key path, the value, the layer kind) and, where it can, what is expected.
public struct FXError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
