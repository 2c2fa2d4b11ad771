// SPDX-License-Identifier: MIT
import FXCore

/// One generated face of the property catalog: a file, or a marked block
/// inside a hand-written file, and how to make it from the catalog.
struct Face: Sendable {
    /// From the repository root.
    let path: String
    /// The file's wanted text, given its current text (nil when there is none).
    let make: @Sendable (String?) throws -> String

    static let all: [Face] = [
        Face(path: "Sources/FXPluginKit/LayerKeys.swift") { _ in LayerKeysFace.text() },
        Face(path: "Sources/QuartzCore/Private/Catalog.swift") { _ in QuartzCoreFace.text() },
        Face(path: "docs/KEYPATHS.md") { current in
            try Block.replace(in: current ?? "", name: "properties", with: KeyPathsFace.propertyTable())
        },
    ]

    /// The first lines of every generated Swift file.
    static let swiftHeader = """
        // SPDX-License-Identifier: MIT
        // Generated from FXCore's property catalog (Sources/FXCore/Property.swift) by scripts/generate.sh:
        // do not edit; change the catalog and run the script.

        """

    /// A generated file's import lines (built, so that scripts/check-imports.sh does not read them as fxcatalog's).
    static func imports(_ modules: [String]) -> String { modules.map { "import \($0)\n" }.joined() }

    /// Every property a plugin can set: all but `emitterCells`, which stands for cell key paths.
    static var properties: [Property] { Property.allCases.filter { $0 != .emitterCells } }
}

/// A generated block inside a hand-written file, between
/// `<!-- generated: NAME -->` and `<!-- end generated: NAME -->`.
enum Block {
    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "no '<!-- generated: \(name) -->' … '<!-- end generated: \(name) -->' block" }
    }

    static func replace(in text: String, name: String, with body: String) throws -> String {
        let open = "<!-- generated: \(name) -->\n", close = "<!-- end generated: \(name) -->"
        guard let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) else {
            throw Missing(name: name)
        }
        return String(text[..<start.upperBound]) + body + String(text[end.lowerBound...])
    }
}
