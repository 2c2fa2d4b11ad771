// SPDX-License-Identifier: MIT

/// What `fxhost studio` serves, settled by the command line before the server starts.
public struct StudioSettings: Sendable {
    /// The fxhost executable every run starts.
    public var executable: String
    /// The address to listen on (IPv4, as text) and the port (0: a free one).
    public var host: String
    public var port: UInt16
    /// `--plugin` as given.
    public var plugin: String
    /// fxhost options every run gets (`--size`, `--fps`, `--timeout`, …).
    public var fixedWords: [String]
    /// The view the command line asked for.
    public var view: StudioView
    /// The parameters the factories declare, by name; a request naming another is refused.
    public var parameterNames: Set<String>
    /// File parameters and the values they may take: the command line's and the declared
    /// defaults. The studio serves no other file.
    public var fileValues: [String: Set<String>]
    /// Files whose change reloads the page (the plugin, its input files).
    public var watched: [String]
    /// `--package DIR`: the Swift package the plugin is built from, and the command that builds it.
    public var package: (folder: String, build: [String])?
    /// `--golden DIR`: the snapshots of `fxhost check --golden` (DIR/PLUGIN/FACTORY/) the page may compare with.
    public var golden: String?
    /// Seconds one run may take before the studio stops it.
    public var runSeconds: Double
    /// Seconds an export (a whole run, every frame encoded) may take.
    public var exportSeconds: Double { max(runSeconds, 900) }

    public init(executable: String, host: String, port: UInt16, plugin: String, fixedWords: [String], view: StudioView,
                parameterNames: Set<String>, fileValues: [String: Set<String>], watched: [String], runSeconds: Double) {
        self.executable = executable; self.host = host; self.port = port; self.plugin = plugin
        self.fixedWords = fixedWords; self.view = view; self.parameterNames = parameterNames
        self.fileValues = fileValues; self.watched = watched; self.runSeconds = runSeconds
    }

    /// The words of a run of `view` (before what the run is for: `--time`, `--out`, …).
    public func runWords(_ view: StudioView) -> [String] { ["--plugin", plugin] + fixedWords + view.words }
}
