// SPDX-License-Identifier: MIT
import FXSinks
import FXToolbox

/// The command line's JSON is the toolbox's (FXToolbox: one strict reader with limits, shared with
/// the plugins), named here so that the command line's files and clients need no second import.
public typealias JSON = FXToolbox.JSON

extension FXToolbox.JSON {
    /// Compact text, one line, keys in their order: render manifests, batch summaries, the studio's
    /// documents.
    public var text: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n):
            return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
        case .string(let s): return ValueFormat.quoted(s)
        case .array(let xs): return "[" + xs.map(\.text).joined(separator: ",") + "]"
        case .object(let ms): return "{" + ms.map { ValueFormat.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }
}
