// SPDX-License-Identifier: MIT

/// What the memory budget (`MemoryBudget`) charges for each thing a frame holds: the one place
/// these sizes live. Each was measured on the release build (x86-64) with the fixture plugin
/// `Tests/FXHostTests/Fixtures/memory.c`: the peak resident memory (`ru_maxrss`, as
/// `/usr/bin/time -f %M` reports it) of one-frame runs that differ only in how many of the thing
/// the frame holds, the difference divided by the difference in count, then rounded up
/// (docs/isolation.md, "Memory budget", gives the runs).
public enum MemoryCost {
    /// One presented layer in a snapshot, replicated copies included, with its animated values
    /// and overrides: 571 bytes a layer between 99,900 and 998,001 copies, JSON lines.
    public static let presentedLayer = 600.0
    /// What drawing adds to each presented layer (the renderer's tree of the frame and the tree of
    /// the frame before, for its damage): 964 to 1,602 bytes a layer beyond `presentedLayer`
    /// between 99,900 and 998,001 copies drawn to a PNG.
    public static let drawnLayer = 1_100.0
    /// One live particle in a snapshot: 144 bytes a particle between 100,000 and 900,000.
    public static let particle = 150.0
    /// Surfaces as large as an output frame held at once besides offscreen groups: the frame
    /// being drawn and the one an image sink is still encoding.
    public static let framesHeld = 2
    /// Address space a run reserves without using it, counted only against an address-space
    /// limit: the stacks (8 MiB) and malloc arenas (64 MiB) of the threads that sample, draw and
    /// encode beside the main one.
    public static let addressSpaceReserve = 256.0 * 1024 * 1024
}
