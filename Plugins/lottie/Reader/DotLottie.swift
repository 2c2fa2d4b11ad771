// SPDX-License-Identifier: MIT
import FXToolbox

/// A dotLottie (`.lottie`) file: a ZIP archive holding `manifest.json` and
/// the animations it lists, as dotlottie.io's specifications lay it out —
/// version 1 keeps them in `animations/ID.json` and may name the one to play
/// first in `activeAnimationId`; version 2 keeps them in `a/ID.json` and
/// names it in `initial.animation`. Without a choice the first listed plays.
enum DotLottie {
    /// The animation's JSON text and its entry's name, for messages.
    static func animation(in archiveBytes: [UInt8], id chosen: String) throws(LottieError) -> (bytes: [UInt8], entry: String) {
        let archive = try ZipArchive(archiveBytes)
        guard let manifestEntry = archive.entry("manifest.json") else {
            throw LottieError(path: "the zip archive", message: "no manifest.json (a .lottie archive holds one at its root)")
        }
        let manifestBytes = try archive.read(manifestEntry)
        let manifest: Node
        do {
            manifest = Node(try JSONReader.parse(manifestBytes), path: "manifest.json $")
        } catch {
            throw LottieError(path: "manifest.json line \(error.line), column \(error.column)", message: error.message)
        }
        try manifest.requireObject()
        let listed = try manifest.require("animations").items()
        var ids: [String] = []
        for a in listed {
            try a.requireObject()
            guard let id = try a.string("id"), !id.isEmpty else { throw a.fail("an animation without an \"id\"") }
            ids.append(id)
        }
        guard !ids.isEmpty else { throw LottieError(path: "manifest.json $.animations", message: "lists no animation") }
        let id: String
        if !chosen.isEmpty {
            guard ids.contains(chosen) else {
                throw LottieError(path: "manifest.json $.animations",
                                  message: "no animation with the id '\(chosen)' (the archive has \(ids.map { "'\($0)'" }.joined(separator: ", ")))")
            }
            id = chosen
        } else if let initial = try manifest["initial"]?.string("animation"), ids.contains(initial) {
            id = initial
        } else if let active = try manifest.string("activeAnimationId"), ids.contains(active) {
            id = active
        } else {
            id = ids[0]
        }
        for name in ["a/\(id).json", "animations/\(id).json"] {
            if let e = archive.entry(name) { return (try archive.read(e), name) }
        }
        throw LottieError(path: "the zip archive", message: "the manifest lists '\(id)', but neither a/\(id).json nor animations/\(id).json is in the archive")
    }
}
