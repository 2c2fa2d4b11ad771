// SPDX-License-Identifier: MIT
/// Features met in the file that the plugin does not play: each is reported
/// once per layer as a warning naming the layer and the feature, and the rest
/// of the file still plays.
enum Warnings {
    nonisolated(unsafe) static var seen: [String] = []
    /// The layer being read, named in the warnings.
    nonisolated(unsafe) static var layer = "the composition"

    static func note(_ feature: String, at path: String) {
        let line = "layer '\(layer)': \(feature) not supported (\(path)); the rest plays"
        if !seen.contains(line) { seen.append(line) }
    }

    static func take() -> [String] {
        defer { seen = [] }
        return seen
    }
}
