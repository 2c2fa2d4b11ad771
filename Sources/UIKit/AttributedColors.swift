// SPDX-License-Identifier: MIT
import QuartzCore

/// A UIColor holds a CGColor: a text layer's attributed string may colour its runs with one.
extension UIColor: CATextLayerColor {}

extension NSAttributedString {
    /// A copy with `color` as the foreground colour of the whole string (none when nil).
    func colored(_ color: UIColor?) -> NSAttributedString {
        let copy = NSMutableAttributedString(attributedString: self)
        let all = NSRange(location: 0, length: copy.length)
        copy.removeAttribute(.foregroundColor, range: all)
        if let color { copy.addAttribute(.foregroundColor, value: color, range: all) }
        return copy
    }
}
