// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// What fxhost does on a terminal, through a pseudo-terminal made by `script` (util-linux).
@Suite struct TerminalTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    /// NO_COLOR is cleared (an empty value counts as unset) unless a test sets it.
    func onTerminal(_ args: [String], environment: [String: String] = ["TERM": "xterm-256color", "NO_COLOR": ""]) throws -> String {
        let command = ([Plugins.fxhost] + args).map { "'\($0)'" }.joined(separator: " ")
        let r = try runProcess("/usr/bin/script", ["-qec", command, "/dev/null"], environment: environment)
        #expect(r.status == 0, "\(r.stdout)")
        return r.stdout
    }

    /// The preview draws each frame over the last: the cursor goes back up by the frame's height.
    @Test func previewAnimatesInPlace() throws {
        let out = try onTerminal(["--plugin", "cube", "--sink", "preview", "--fps", "4", "--end", "0.5"])
        #expect(out.contains("▀") && out.contains("\u{1B}[38;2;"), "\(out.prefix(300).debugDescription)")
        #expect(out.range(of: "\u{1B}\\[[0-9]+A", options: .regularExpression) != nil)
        // NO_COLOR: plain ASCII shades, still in place.
        let plain = try onTerminal(["--plugin", "cube", "--sink", "preview", "--fps", "4", "--end", "0.5"],
                                   environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(!plain.contains("▀") && !plain.contains("\u{1B}[38;2;") && plain.contains("@"))
    }

    /// A render longer than a second shows a progress bar on the terminal, and nothing without one.
    @Test func progressBarOnlyOnATerminal() throws {
        let gif = dir + "/p.gif"
        let out = try onTerminal(["--plugin", "spinner", "--end", "5", "--fps", "60", "--out", gif])
        #expect(out.contains("100%"), "\(out.suffix(200))")
        let plain = try Plugins.run(["--plugin", "spinner", "--end", "2", "--fps", "30", "--out", dir + "/q.gif"])
        #expect(plain.status == 0 && plain.stderr.isEmpty)
        // A preview on the terminal (paced: 1.5 s of wall time) keeps its own status line; no bar draws over it.
        let preview = try onTerminal(["--plugin", "spinner", "--sink", "preview", "--fps", "10", "--end", "1.5"])
        #expect(preview.contains("t = 1.500 s") && !preview.contains("%  t = "), "\(preview.suffix(300).debugDescription)")
    }
}
