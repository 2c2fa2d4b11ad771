// SPDX-License-Identifier: MIT
/// Text from a plugin made safe to print on a terminal.
///
/// A plugin's name, description, factory and parameter names and help, its
/// `fail()` and `log()` messages, the layer names and strings it sets, and
/// whatever of these the host echoes in a message all pass through
/// `escape` before they reach a terminal or stderr, so that a plugin can
/// neither send the terminal control sequences (clear the screen; `\r` and
/// ESC[2K to overwrite its own FAIL line with a fake PASS) nor break a
/// one-line message into several. Data written for programs (JSON lines)
/// keeps exact strings; they are JSON-escaped there instead.
///
/// What is escaped, and how (ECMA-48 and Unicode's own definitions):
/// - C0 controls U+0000–U+001F and DEL U+007F, which include ESC, CR, LF,
///   TAB and BEL: as `\x1b`, `\x0d`, `\x0a`, … (two lowercase hex digits);
/// - C1 controls U+0080–U+009F (CSI U+009B is a one-character ESC[), the
///   line and paragraph separators U+2028 and U+2029, and the bidirectional
///   embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069
///   (which can make text display in another order than it is read): as
///   `\u{9b}`, `\u{202e}`, ….
/// Everything else, backslashes included, is kept as it is, so ordinary
/// text, accents and emoji print unchanged.
public enum TerminalText {
    public static func escape(_ s: String) -> String {
        if isPlainASCII(s) { return s }
        guard s.unicodeScalars.contains(where: needsEscape) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        for u in s.unicodeScalars {
            if !needsEscape(u) {
                out.unicodeScalars.append(u)
            } else if u.value < 0x80 {
                out += "\\x" + (u.value < 0x10 ? "0" : "") + String(u.value, radix: 16)
            } else {
                out += "\\u{" + String(u.value, radix: 16) + "}"
            }
        }
        return out
    }

    /// Whether every byte of `s` is printable ASCII (U+0020–U+007E) and none is in `except`: text
    /// that `escape` (and, excepting quote and backslash, a quoted trace value) leaves as it is,
    /// found from its UTF-8 without decoding scalars, for strings of many kilobytes.
    public static func isPlainASCII(_ s: String, except: (UInt8, UInt8)? = nil) -> Bool {
        var text = s
        return text.withUTF8 { bytes in
            for b in bytes where b < 0x20 || b > 0x7E || b == except?.0 || b == except?.1 { return false }
            return true
        }
    }

    private static func needsEscape(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
