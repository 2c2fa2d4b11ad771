// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// Text from a plugin reaches a terminal escaped: control characters print
/// as `\x1b`, `\x0d`, … and every message stays on one line, so a plugin can
/// neither clear the screen nor overwrite its FAIL line with a fake PASS.
/// Data for programs (JSON lines) keeps the exact strings.
@Suite struct TerminalEscapeTests {
    let dir: String
    init() throws { dir = try Harness.temporaryFolder() }

    func plugin(_ kase: Int) throws -> String {
        try Harness.compilePlugin(Harness.fixture("terminal.c"), into: dir, name: "terminal\(kase).so", defines: ["CASE=\(kase)"])
    }

    /// Nothing a terminal would act on: no C0 control but the line ends, no DEL.
    func isInert(_ s: String) -> Bool {
        s.unicodeScalars.allSatisfy { $0 == "\n" || ($0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)) }
    }

    @Test func checkCannotBeFooledIntoAPass() throws {
        let r = try Harness.fxhost(["check", try plugin(1), try plugin(2)])
        #expect(r.status == 1)
        #expect(isInert(r.stdout), "\(r.stdout.debugDescription)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines[0].hasPrefix("FAIL  term\\x1b[2Jinal/bad\\x1b[2J  "), "\(lines[0])")
        #expect(lines[0].hasSuffix("failed: failed\\x0d\\x1b[2KPASS  terminal/fake                 drew 1 frame"), "\(lines[0])")
        #expect(lines[1].hasPrefix("PASS  term\\x1b[2Jinal/quiet  "))
        #expect(lines[2].hasPrefix("FAIL  terminal2.so") && lines[2].contains("parameter 'mode\\x1b[2J': names are"), "\(lines[2])")
        #expect(lines[3] == "1 passed, 2 failed")
    }

    @Test func helpShowsDescriptorTextVisibly() throws {
        let r = try Harness.fxhost(["--plugin", try plugin(1), "--help"])
        #expect(r.status == 0 && isInert(r.stdout), "\(r.stdout.debugDescription)")
        #expect(r.stdout.hasPrefix("term\\x1b[2Jinal 1\\x1b2 — prints \\x1b[2J escapes\n"))
        #expect(r.stdout.contains("factory bad\\x1b[2J (default): fails \\x1b[31mred\\x1b[0m\n"))
        #expect(r.stdout.contains("one of plain, \\x1b[31mred, default 'plain'"))
        #expect(r.stdout.contains("the \\x1b[31mmode\\x1b[0m\n"))
    }

    @Test func messagesAreEscapedAndStayOnOneLine() throws {
        let r = try Harness.fxhost(["--plugin", try plugin(1), "--time", "0", "--sink", "jsonl", "--out", dir + "/bad.jsonl"])
        #expect(r.status == 1 && isInert(r.stderr), "\(r.stderr.debugDescription)")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines == [
            "fxhost: term\\x1b[2Jinal: \\x1b[2Jthe screen is cleared\\x0asecond line",
            "fxhost: warning: plugin 'term\\x1b[2Jinal': the build of factory 'bad\\x1b[2J': timer_add: timer function is NULL",
            "fxhost: error: plugin 'term\\x1b[2Jinal': the build of factory 'bad\\x1b[2J' failed: failed\\x0d\\x1b[2KPASS  terminal/fake                 drew 1 frame",
        ], "\(lines)")
        let malformed = try Harness.fxhost(["--plugin", try plugin(2)])
        #expect(malformed.status != 0 && isInert(malformed.stderr) && malformed.stderr.contains("'mode\\x1b[2J'"))
    }

    @Test func theTraceEscapesAndJSONLinesKeepExactStrings() throws {
        let p = try plugin(1)
        let trace = try Harness.fxhost(["--plugin", p, "--factory", "quiet", "--time", "0", "--sink", "text", "--out", "-"])
        #expect(trace.status == 0 && isInert(trace.stdout), "\(trace.stdout.debugDescription)")
        #expect(trace.stdout == "t = 0.000\n  stage\n  stage/quiet\\x1b[2J\n")
        let json = try Harness.fxhost(["--plugin", p, "--factory", "quiet", "--time", "0", "--sink", "jsonl", "--out", "-"])
        #expect(json.status == 0)
        let frame = try jsonObject(try #require(json.stdout.split(separator: "\n").first))
        let layers = try #require(frame["layers"] as? [[String: Any]])
        #expect(layers.map { $0["path"] as? String } == ["stage", "stage/quiet\u{1B}[2J"])
    }
}
