// SPDX-License-Identifier: MIT
@_spi(Facade) import CoreGraphics
import Foundation

/// An NSAttributedString's foreground colours as a text layer's
/// `foregroundColorRuns` (fx.h 1.5): six numbers a run, its UTF-8 byte range
/// in the string and its straight-alpha colour. On iOS a CATextLayer given an
/// attributed string draws each range in its `foregroundColor` attribute
/// (UIKit's key, `NSColor`, or Core Text's, `CTForegroundColor`) and the rest
/// in the layer's `foregroundColor`; fxhost's renderer does the same from
/// these runs. Other attributes (fonts, kerning, underlines) are not kept:
/// the layer's font draws every run.
enum AttributedRuns {
    /// The attribute names a run's colour is read from: UIKit's `foregroundColor` and Core Text's.
    static let colorKeys = [NSAttributedString.Key("NSColor"), NSAttributedString.Key("CTForegroundColor")]

    /// The runs of `text`, adjacent runs of one colour merged; empty when no range has a colour.
    static func numbers(_ text: NSAttributedString) -> [Double] {
        let length = text.length
        guard length > 0 else { return [] }
        // UTF-16 offsets (NSRange's unit) to UTF-8 byte offsets (the host's), once over the string.
        var utf8At = [Int](repeating: 0, count: length + 1)
        var u16 = 0, u8 = 0
        for scalar in text.string.unicodeScalars {
            let width16 = scalar.utf16.count
            for k in 0..<width16 where u16 + k <= length { utf8At[u16 + k] = u8 }
            u16 += width16
            u8 += scalar.utf8.count
        }
        if u16 <= length { utf8At[u16] = u8 }
        var runs: [(start: Int, end: Int, color: CGColor)] = []
        for key in colorKeys {
            text.enumerateAttribute(key, in: NSRange(location: 0, length: length), options: []) { value, range, _ in
                guard let value, let color = AttributedRuns.color(value) else { return }
                runs.append((utf8At[range.location], utf8At[range.location + range.length], color))
            }
        }
        // Where both keys colour a byte, the run that starts first keeps it.
        runs.sort { $0.start < $1.start }
        var out: [Double] = []
        var lastEnd = 0
        var last: (end: Int, color: CGColor)?
        for run in runs where run.end > max(run.start, lastEnd) {
            let start = max(run.start, lastEnd)
            if let l = last, l.end == start, l.color == run.color {
                out[out.count - 5] = Double(run.end)
            } else {
                out += [Double(start), Double(run.end), Double(run.color.red), Double(run.color.green),
                        Double(run.color.blue), Double(run.color.alpha)]
            }
            last = (run.end, run.color)
            lastEnd = run.end
        }
        return out
    }

    /// A colour attribute's value as a CGColor: a CGColor, or an object that has one (UIColor).
    static func color(_ value: Any) -> CGColor? {
        if let c = value as? CGColor { return c }
        if let holder = value as? CATextLayerColor { return holder.cgColor }
        return nil
    }
}
