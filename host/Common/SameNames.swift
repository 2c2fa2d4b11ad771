// SPDX-License-Identifier: MIT
import FXHost
import FXSinks
import Glibc

/// Warns, on stderr, about plugin files that share a name: files hidden by
/// one of the same file name in an earlier folder, and plugins that declare
/// the same name (`declared`: each file's declared name, in the order found).
/// Hidden files are told of only when `hidden` (a listing of every plugin found).
public func warnAboutSameNames(_ locator: PluginLocator, declared: [(name: String, file: String)], hidden: Bool = true) {
    for h in hidden ? locator.hidden() : [] {
        stderrLine("fxhost: warning: \(h.hidden) is hidden by \(h.by), found first under the same file name (rename or remove one)")
    }
    for w in PluginLocator.sameNameWarnings(declared) { stderrLine("fxhost: warning: " + w) }
}
