// SPDX-License-Identifier: MIT
import FXPluginKit

extension Layer {
    /// A plain layer covering (0, 0, w, h) whose transform applies about its top left corner:
    /// the holder of a Lottie layer's content, its masks and their coverage.
    static func plain(_ name: String, _ size: (Double, Double)) throws(PluginError) -> Layer {
        let l = try Layer(.plain, name: name)
        try l.set("anchorPoint", Point(0, 0))
        try l.set("bounds", Rect(0, 0, size.0, size.1))
        try l.set("position", Point(0, 0))
        return l
    }
}
