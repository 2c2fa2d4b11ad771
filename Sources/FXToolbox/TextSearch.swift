// SPDX-License-Identifier: MIT

extension StringProtocol {
    /// Where `other` first occurs, compared byte for byte in UTF-8; nil when it does not. fxhost's
    /// modules do not import Swift's string-processing library (Package.swift says why), whose
    /// `firstRange(of:)` and `contains(_:)` for text these two stand in for.
    public func firstRange(ofText other: some StringProtocol) -> Range<String.Index>? {
        let needle = other.utf8
        var at = utf8.startIndex
        while true {
            if utf8[at...].starts(with: needle) { return at..<utf8.index(at, offsetBy: needle.count) }
            if at == utf8.endIndex { return nil }
            utf8.formIndex(after: &at)
        }
    }

    /// Whether `other` occurs in this text (`firstRange(ofText:)`).
    public func containsText(_ other: some StringProtocol) -> Bool { firstRange(ofText: other) != nil }
}
