// SPDX-License-Identifier: MIT
/// An image asset ("assets" entry with "p"): embedded as a data URI (a "p"
/// that starts with "data:"), or a file named by folder "u" and name "p" —
/// beside the Lottie file, or inside its .lottie archive. Bodymovin's "e": 1
/// says "embedded", but files with "e": 1 and a file name in "p" exist (the
/// image was to be supplied by the app), so, as lottie-web does, "p" decides.
struct ImageAsset {
    var id: String
    var width: Double
    var height: Double
    var folder: String
    var name: String
    var embedded: Bool
    /// The asset's JSON path, for messages.
    var path: String
}
