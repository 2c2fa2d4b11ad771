// SPDX-License-Identifier: MIT
import FXPluginKit
import Glibc

/// `print` as iOS code calls it, sent to fxhost's log (standard error,
/// prefixed with the plugin's name and escaped for the terminal), never to
/// standard output, where fxhost writes the samples. It shadows the standard
/// library's `print` in code that imports QuartzCore or UIKit.
public func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let line = items.map { "\($0)" }.joined(separator: separator)
    if Host.has(\.log) {
        Host.log(line)
    } else {
        Swift.print(line, separator: "", terminator: terminator, to: &StandardError.stream)
    }
}

/// Standard error as a text stream, for `print` outside a plugin call.
struct StandardError: TextOutputStream {
    nonisolated(unsafe) static var stream = StandardError()
    mutating func write(_ string: String) {
        var s = string
        s.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
