// SPDX-License-Identifier: MIT
/// Bounds on what a plugin or a command line can make the host allocate.
/// Each has a clear error when exceeded; docs/ABI.md lists them.
public struct Limits: Sendable {
    public var maxLayers = 100_000
    public var maxAnimations = 100_000
    /// Animations added to layers in one run.
    public var maxAttachedAnimations = 1_000_000
    public var maxPaths = 10_000
    public var maxImages = 1_000
    /// Emitter cell templates alive at once.
    public var maxEmitterCells = 10_000
    /// Elements in one numbers or colors value (and keyframe values).
    public var maxArrayElements = 100_000
    /// Bytes in one string crossing the ABI (text layers, names, keys).
    public var maxStringBytes = 64 * 1024
    /// Pixels on either side of an image the plugin makes or loads.
    public var maxImageSide = 8192
    /// Bytes of a PNG file the host will read.
    public var maxImageFileBytes = 64 * 1024 * 1024
    /// Elements in one path.
    public var maxPathElements = 100_000
    /// Event handlers registered in one run (`event_on`).
    public var maxEventHandlers = 10_000
    /// Bytes of data copied from the plugin in one run, all together: every
    /// string kept, array value, path element and image pixel. Each is bounded
    /// on its own, but not their number: without this, 100,000 text layers
    /// of 64 KiB each (6.5 GB) would exhaust memory instead of failing.
    public var maxPluginDataBytes = 512 * 1024 * 1024
    /// Of those, bytes of the strings the host keeps (layer, cell and event
    /// names, animation keys, string values): the sinks print them again in
    /// every sample (a JSON line holds each text layer's text), so they have a
    /// tighter bound. Key paths, field names and messages are not kept.
    public var maxPluginStringBytes = 64 * 1024 * 1024
    public init() {}
}
