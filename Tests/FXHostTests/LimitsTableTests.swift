// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXIsolation
import Foundation
import Testing

/// docs/isolation.md's table of limits against the code: every bound of `Limits` (and the stage's
/// own) has its row, and the row says the value the code holds. A limit added to `Limits` without
/// a row here fails, as does a value changed in one place only.
@Suite struct LimitsTableTests {
    /// The row of the table (its first column) for each of `Limits`' properties.
    static let rows: [String: String] = [
        "maxLayers": "layers",
        "maxAnimations": "animation templates alive",
        "maxAttachedAnimations": "animations added in a run",
        "maxPaths": "paths alive at once",
        "maxImages": "images",
        "maxEmitterCells": "emitter cell templates alive",
        "maxArrayElements": "elements in an array value, keyframe values",
        "maxStringBytes": "string length",
        "maxImageSide": "image side",
        "maxImageFileBytes": "PNG file size",
        "maxPathElements": "elements in a path",
        "maxEventHandlers": "event handlers",
        "maxPluginDataBytes": "data copied from the plugin in a run",
        "maxPluginStringBytes": "strings kept from the plugin in a run",
    ]

    /// The table's rows: first column → second column.
    static func table() throws -> [String: String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/isolation.md"), encoding: .utf8)
        guard let start = text.range(of: "\n## Limits\n") else { return [:] }
        var rows: [String: String] = [:]
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 5 else { continue }
            // "what (a note)" is named by what comes before its note.
            let what = cells[1].components(separatedBy: " (").first!
            rows[what] = cells[2]
        }
        return rows
    }

    /// A value as the table writes it: bytes in whole KiB or MiB, counts with thousands separators.
    static func written(_ name: String, _ n: Int) -> String {
        if name.hasSuffix("Bytes") {
            return n % (1 << 20) == 0 ? "\(n >> 20) MiB" : "\(n >> 10) KiB"
        }
        return SceneBudget.count(Double(n))
    }

    @Test func everyLimitHasItsRowWithItsValue() throws {
        let table = try Self.table()
        #expect(!table.isEmpty, "no table of limits in docs/isolation.md")
        for child in Mirror(reflecting: Limits()).children {
            let name = child.label ?? "?"
            guard let row = Self.rows[name] else {
                Issue.record("Limits.\(name) has no row in docs/isolation.md's table of limits (add it there and to LimitsTableTests.rows)")
                continue
            }
            guard let n = child.value as? Int else { Issue.record("Limits.\(name) is not an Int"); continue }
            let cell = table[row]
            #expect(cell?.hasPrefix(Self.written(name, n)) == true, "Limits.\(name) = \(n): the row '\(row)' says '\(cell ?? "nothing")'")
        }
    }

    @Test func theStagesBoundsHaveTheirRows() throws {
        let table = try Self.table()
        let stage = Stage(size: Size(10, 10))
        for (row, n) in [("layers in a frame, replicated copies included", stage.maxPresentedLayers),
                         ("live particles in a frame, all emitters and their copies", stage.maxLiveParticles),
                         ("timers added in a run", stage.maxTimersPerRun)] {
            #expect(table[row]?.hasPrefix(SceneBudget.count(Double(n))) == true, "\(row): \(n), the table says '\(table[row] ?? "nothing")'")
        }
    }
}
