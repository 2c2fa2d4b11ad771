// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// The text trace names each layer's content when it first has some and whenever it changes.
@Suite struct TraceContentTests {
    /// The README's first command, exactly as it is written there.
    @Test func theReadmesCommandMentionsItsText() throws {
        let readme = try String(contentsOfFile: Plugins.root + "/README.md", encoding: .utf8)
        let command = "fxhost --plugin cube --text \"Paris\""
        #expect(readme.contains("    " + command + "\n"))
        let r = try Plugins.run(["--plugin", "cube", "--text", "Paris"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"Paris\""))
    }

    /// The cube shows "London" on its label and "Paris" on the copy rolling in; when the roll
    /// ends (did-stop at 0.5 s, the default duration) the label's text becomes "Paris" and the
    /// copy goes. So: London once and Paris on the copy at t = 0, Paris on the label once at the
    /// swap, and nothing repeated in the samples between.
    @Test func contentShowsFirstAndWhenItChanges() throws {
        let r = try Plugins.run(["--plugin", "cube", "--text", "Paris"])
        #expect(r.status == 0, "\(r.stderr)")
        let samples = r.stdout.components(separatedBy: "\n\n")
        #expect(samples[0].contains("stage/label") && samples[0].contains("string     \"London\""), "\(samples[0])")
        #expect(samples[0].contains("string     \"Paris\""))
        #expect(r.stdout.components(separatedBy: "\"London\"").count - 1 == 1)
        #expect(r.stdout.components(separatedBy: "\"Paris\"").count - 1 == 2)
        let swap = try #require(samples.firstIndex { $0.contains("stage/label  string  \"Paris\"") })
        #expect(samples[swap].hasPrefix("t = 0.500"), "\(samples[swap])")
        #expect(!samples[swap].contains("stage/aux"))
        for between in samples[1..<swap] { #expect(!between.contains("string")) }
    }
}
