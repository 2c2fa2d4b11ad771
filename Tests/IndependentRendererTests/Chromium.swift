// SPDX-License-Identifier: MIT
import Foundation
import TestSupport

/// Headless Chromium as an independent renderer: an HTML page in, a PNG
/// screenshot out, with the flags that make its pixels the same on every run
/// and machine (software rendering, one device pixel per CSS pixel, sRGB, no
/// font hinting, no LCD text, no scrollbars, a private profile).
enum Chromium {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Debian's `chromium` (scripts/setup.sh --test installs it), or another build on the PATH.
    static var executable: String? {
        ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap { TestSupport.which($0) }.first
    }

    /// New headless mode reserves part of the window for browser chrome it
    /// never draws, so the window is this much taller than the page, and the
    /// screenshot is cropped to the page.
    static let windowSlack = 200

    /// Renders `page` at `width` × `height` CSS pixels and returns the path of the screenshot
    /// (`width` × `height + windowSlack` pixels; the page is its top rows).
    static func screenshot(of page: String, width: Int, height: Int, in folder: String) throws -> String {
        guard let chromium = executable else {
            throw Failure(description: "chromium is not installed: run scripts/setup.sh --test (the README's test command does)")
        }
        let out = folder + "/chromium.png"
        let profile = folder + "/chromium-profile"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        let flags = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--force-device-scale-factor=1",
            "--hide-scrollbars", "--force-color-profile=srgb", "--font-render-hinting=none", "--disable-lcd-text",
            "--disable-features=Translate,MediaRouter,OptimizationHints", "--no-first-run", "--no-default-browser-check",
            "--user-data-dir=" + profile, "--window-size=\(width),\(height + windowSlack)", "--screenshot=" + out,
            URL(fileURLWithPath: page).absoluteString,
        ]
        // Bounded: a browser that hangs fails the test instead of the CI job.
        let r = try runProcess("/usr/bin/timeout", ["60", chromium] + flags, environment: ["HOME": folder])
        guard r.status == 0, FileManager.default.fileExists(atPath: out) else {
            throw Failure(description: "chromium exited with \(r.status) and no screenshot:\n\(r.stderr.suffix(2000))")
        }
        return out
    }
}
