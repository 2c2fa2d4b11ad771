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

    /// Long plain text is returned as it is, and one control anywhere in it, or a C1 control or a
    /// bidirectional override (bytes outside ASCII), still takes the escaping path.
    @Test func longTextIsEscapedWhereverTheControlIs() {
        let long = String(repeating: "x", count: 65_535)
        #expect(TerminalText.escape(long) == long)
        #expect(TerminalText.escape(long + "\u{1B}") == long + "\\x1b")
        #expect(TerminalText.escape("\u{7F}" + long) == "\\x7f" + long)
        #expect(TerminalText.escape(long + "\u{9B}" + long) == long + "\\u{9b}" + long)
        #expect(TerminalText.escape("é" + long + "\u{202E}") == "é" + long + "\\u{202e}")
        #expect(TerminalText.escape("~ !") == "~ !")
    }

    /// The trace's quoted strings (JSON's rules: RFC 8259 section 7): quote, backslash and C0
    /// controls escaped, plain text as it is, long or short.
    @Test func quotedStringsEscapeQuotesBackslashesAndControls() {
        let long = String(repeating: "y", count: 65_535)
        #expect(ValueFormat.quoted("") == "\"\"")
        #expect(ValueFormat.quoted(long) == "\"" + long + "\"")
        #expect(ValueFormat.quoted(long + "\"") == "\"" + long + "\\\"\"")
        #expect(ValueFormat.quoted("a\\b") == "\"a\\\\b\"")
        #expect(ValueFormat.quoted("1\n2\t3\u{1}") == "\"1\\n2\\t3\\u0001\"")
        #expect(ValueFormat.quoted("café ~") == "\"café ~\"")
    }
}
