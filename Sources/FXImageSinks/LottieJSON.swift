// SPDX-License-Identifier: MIT
import FXSinks

/// The JSON text of a Lottie file, written by hand so that the same run gives
/// the same bytes: numbers rounded to a fixed number of decimals and written
/// without trailing zeros, strings escaped as RFC 8259 requires.
enum LottieJSON {
    /// `v` rounded to `decimals` places: "12", "0.5", "-3.125"; non-finite values as 0 (JSON has none).
    static func number(_ v: Double, _ decimals: Int = 3) -> String {
        guard v.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (v * scale).rounded()
        // Beyond what the decimals can count exactly: Swift's shortest form ("1e+300"), also JSON.
        guard abs(scaled) < 9e15 else { return String(v) }
        var units = Int64(scaled)
        if units == 0 { return "0" }
        let negative = units < 0
        units = abs(units)
        let divisor = Int64(scale)
        let whole = units / divisor
        var frac = units % divisor
        var text = (negative ? "-" : "") + String(whole)
        guard frac != 0 else { return text }
        var digits = decimals
        while frac % 10 == 0 { frac /= 10; digits -= 1 }
        var fracText = String(frac)
        while fracText.count < digits { fracText = "0" + fracText }
        text += "." + fracText
        return text
    }

    static func array(_ values: [Double], _ decimals: Int = 3) -> String {
        "[" + values.map { number($0, decimals) }.joined(separator: ",") + "]"
    }

    /// A JSON string literal: the JSON-lines sink's quoting (RFC 8259's escapes, control characters as \u).
    static func string(_ s: String) -> String { ValueFormat.quoted(s) }

    /// Standard base64 (RFC 4648), for images embedded as data URIs.
    static func base64(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [table[Int(n >> 18)], table[Int((n >> 12) & 63)], table[Int((n >> 6) & 63)], table[Int(n & 63)]]
            i += 3
        }
        let left = bytes.count - i
        if left == 1 {
            let n = UInt32(bytes[i]) << 16
            out += [table[Int(n >> 18)], table[Int((n >> 12) & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if left == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out += [table[Int(n >> 18)], table[Int((n >> 12) & 63)], table[Int((n >> 6) & 63)], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
