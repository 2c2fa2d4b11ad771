// SPDX-License-Identifier: MIT
import CCairo
import FXCore

extension Renderer {
    /// Why nothing can be drawn, when cairo, loaded with dlopen at the first drawing
    /// (Sources/CCairo/include/fxcairo.h), cannot be loaded; nil when it is loaded. Asked before
    /// the first renderer of a run is made, so that a run fails in one line before any output.
    public static var libraryFailure: FXError? {
        guard let why = fx_cairo_failure() else { return nil }
        return FXError("cannot draw: \(String(cString: why)) (install Debian's libcairo2)")
    }

    /// Starts loading cairo on a thread of its own (about a millisecond of dlopen), for a run that
    /// will draw, so that the load overlaps the plugin's build; `libraryFailure` and the first
    /// drawing wait for what is left of it.
    public static func prepareLibrary() { fx_cairo_prepare() }
}
