// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TestSupport

/// docs/isolation.md's limits tables against the code's constants, as `scripts/check-docs.sh` checks
/// them (`scripts/lib/doc_limits.py`): the committed tree passes, and a copy of it in which a
/// documented number, a constant, or a row is changed fails, naming each change.
@Suite struct DocLimitsCheckTests {
    static var checker: String { Plugins.root + "/scripts/lib/doc_limits.py" }

    func check(_ root: String) throws -> ProcessResult {
        try runProcess("/usr/bin/env", ["python3", Self.checker, root])
    }

    /// A copy of the page and of every Swift source under Sources/ and host/, where the checker looks.
    func copyOfTheTree() throws -> String {
        let dir = try TestSupport.temporaryFolder()
        let fm = FileManager.default
        for top in ["Sources", "host"] {
            guard let walk = fm.enumerator(atPath: Plugins.root + "/" + top) else { continue }
            for case let file as String in walk where file.hasSuffix(".swift") {
                let target = dir + "/" + top + "/" + file
                try fm.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try fm.copyItem(atPath: Plugins.root + "/" + top + "/" + file, toPath: target)
            }
        }
        try fm.createDirectory(atPath: dir + "/docs", withIntermediateDirectories: true)
        try fm.copyItem(atPath: Plugins.root + "/docs/isolation.md", toPath: dir + "/docs/isolation.md")
        return dir
    }

    func edit(_ path: String, _ old: String, _ new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(path) no longer holds '\(old)': update this test")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func theCommittedTablesGiveTheCodesConstants() throws {
        let r = try check(Plugins.root)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func aNumberChangedOnThePageIsNamed() throws {
        let dir = try copyOfTheTree()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let page = dir + "/docs/isolation.md"
        try edit(page, "| layers | 100,000 | `layer_create` |", "| layers | 100,001 | `layer_create` |")
        try edit(page, "| PNG file size | 64 MiB |", "| PNG file size | 64 KiB |")
        try edit(page, "and at least 2²⁶ (67,108,864) |", "and at least 2²⁵ (67,108,864) |")
        let r = try check(dir)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.stdout)")
        #expect(lines.contains { $0.contains("'layers' says 100,001, but Limits.maxLayers is 100,000") })
        #expect(lines.contains { $0.contains("'PNG file size' says 64 KiB, but Limits.maxImageFileBytes is 67,108,864") })
        #expect(lines.contains { $0.contains("'pixels drawn'") && $0.contains("PixelBudget.minimum is 67,108,864") })
    }

    @Test func aConstantChangedInTheCodeIsNamed() throws {
        let dir = try copyOfTheTree()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let limits = dir + "/Sources/FXIsolation/Limits.swift"
        try edit(limits, "public var maxImages = 1_000", "public var maxImages = 2_000")
        try edit(limits, "public var maxEventHandlers = 10_000", "public var maxEventHandlers = 10_000\n    public var maxWidgets = 3")
        let r = try check(dir)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(r.stdout)")
        #expect(lines.contains { $0.contains("'images' says 1,000, but Limits.maxImages is 2,000") })
        #expect(lines.contains { $0.contains("Limits.maxWidgets has no row") })
    }

    @Test func aRowWithoutItsConstantAndAMissingRowAreNamed() throws {
        let dir = try copyOfTheTree()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let page = dir + "/docs/isolation.md"
        try edit(page, "| event handlers | 10,000 | `event_on` |\n", "| widgets | 5 | `widget_add` |\n")
        let r = try check(dir)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(r.stdout)")
        #expect(lines.contains { $0.contains("the limit 'widgets' has no constant") })
        #expect(lines.contains { $0.contains("no row of the table under '## Limits' starts with 'event handlers'") })
    }
}
