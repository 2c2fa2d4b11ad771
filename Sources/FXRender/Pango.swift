// SPDX-License-Identifier: MIT
import CPango
import FXCore

/// pango, reached through the table `Sources/CPango` fills with dlopen at the
/// first text drawn: runs that draw no text never map pango, glib, harfbuzz
/// and the rest of their libraries (fxpango.h says what that saves).
public enum Pango {
    /// Loaded once, on first use, from whichever thread draws text first.
    nonisolated(unsafe) private static let table: UnsafePointer<fx_pango>? = fx_pango_load()

    /// The functions; nil when the library cannot be loaded, and then no text is
    /// drawn and `failure` says why.
    static var functions: fx_pango? { table?.pointee }

    /// Why text could not be drawn, once drawing some was tried and pango could
    /// not be loaded (the Debian package depends on it; `scripts/setup.sh` installs it).
    static var failure: FXError? {
        guard fx_pango_failed() != 0 else { return nil }
        return FXError("cannot draw text: \(String(cString: fx_pango_error())) (install Debian's libpangocairo-1.0-0)")
    }

    /// Starts loading pango and fontconfig's configuration on a thread of their own: a run
    /// that will draw text calls it as soon as it knows (a text layer was made while the plugin
    /// still builds), so that the load (about 6 ms of dlopen and configuration files) overlaps the
    /// build instead of stalling the first frame. Idempotent; drawing text without it loads
    /// the same way, only later.
    public static func prepare() { fx_pango_prepare() }

    /// Whether `prepare` was called in this process.
    public static var prepared: Bool { fx_pango_prepared() != 0 }

    /// Pango units in a point (`PANGO_SCALE`).
    static let scale: Int32 = 1024
}
