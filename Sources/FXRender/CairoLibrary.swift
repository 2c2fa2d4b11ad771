// SPDX-License-Identifier: MIT
import CCairo
import FXCore
import FXToolbox

extension Renderer {
    /// Why nothing can be drawn, when cairo, loaded with dlopen at the first drawing
    /// (Sources/CCairo/include/fxcairo.h), cannot be loaded; nil when it is loaded. Asked before
    /// the first renderer of a run is made, so that a run fails in one line before any output.
    public static var libraryFailure: FXError? {
        guard let why = fx_cairo_failure().map({ String(cString: $0) }) else { return nil }
        return FXError("cannot draw: \(why) (\(hint(forLoadFailure: why)))")
    }

    /// What to do about a failed load. glibc's loader says "failed to map segment" or "Cannot
    /// allocate memory" when memory (or address space) ran out during the load: cairo loads on a
    /// thread beside the plugin's build, so a build that fills memory can reach the limit before
    /// it, and installing cairo again would not help.
    static func hint(forLoadFailure why: String) -> String {
        if why.containsText("failed to map segment") || why.containsText("Cannot allocate memory") {
            return "memory ran out before it was loaded; give --memory-limit BYTES below what the machine allows"
        }
        return "install Debian's libcairo2"
    }

    /// Starts loading cairo on a thread of its own (about a millisecond of dlopen), for a run that
    /// will draw, so that the load overlaps the plugin's build; `libraryFailure` and the first
    /// drawing wait for what is left of it.
    public static func prepareLibrary() { fx_cairo_prepare() }
}
