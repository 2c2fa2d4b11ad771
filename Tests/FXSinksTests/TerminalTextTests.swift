// SPDX-License-Identifier: MIT
import FXSinks
import Testing

/// The escaping rule, case by case, from the ECMA-48 and Unicode code charts.
@Suite struct TerminalTextTests {
    @Test func controlsAreShownAsHex() {
        #expect(TerminalText.escape("\u{1B}[2J") == "\\x1b[2J")
        #expect(TerminalText.escape("a\rb\nc\td\u{7}\u{0}\u{7F}") == "a\\x0db\\x0ac\\x09d\\x07\\x00\\x7f")
        #expect(TerminalText.escape("\u{9B}2K\u{85}") == "\\u{9b}2K\\u{85}")
        #expect(TerminalText.escape("ab\u{202E}cd\u{2066}\u{2028}") == "ab\\u{202e}cd\\u{2066}\\u{2028}")
    }

    @Test func ordinaryTextIsUnchanged() {
        for s in ["", "plain", "naïve café — 東京 🎉", "C:\\path\\x1b", "tab-free, 100%"] {
            #expect(TerminalText.escape(s) == s)
        }
    }
}
