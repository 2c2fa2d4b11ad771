// SPDX-License-Identifier: MIT
import FXCore
import FXRender
import FXSinks

/// A sink that renders each snapshot and writes the frames.
public class ImageSink: Sink {
    public let renderer: Renderer
    /// Frames seen so far.
    public private(set) var frameCount = 0

    public init(renderer: Renderer) { self.renderer = renderer }

    public func consume(_ snapshot: Snapshot) throws {
        guard readsRows else { return try consume(frame: renderer.renderWithinBudget(snapshot)) }
        frameCount += 1
        try renderer.renderWithinBudget(snapshot) { try write(rows: $0) }
    }

    /// Writes a frame rendered elsewhere (`fxhost join` feeds the frames of a
    /// sharded render's parts): the same bytes as if it had been rendered here.
    public func consume(frame: Frame) throws {
        frameCount += 1
        try write(frame)
    }

    /// Writes one rendered frame (subclasses).
    func write(_ frame: Frame) throws { fatalError("subclass") }

    /// Whether `write(rows:)` takes the renderer's pixels in place (video:
    /// one copy less a frame); the bytes written are those `write(_:)` writes.
    var readsRows: Bool { false }

    /// Writes the renderer's own pixels, lent for the call (subclasses with `readsRows`).
    func write(rows: PixelRows) throws { try write(rows.frame()) }

    public func finish() throws { fatalError("subclass") }

    public var rendersFrames: Bool { true }

    /// False but for video (Y4M), which needs evenly spaced frames.
    public var wantsEvenFrames: Bool { false }
}

/// Frame delays as PNG and GIF store them: numerator/denominator seconds.
enum Delay {
    /// `seconds` as a 16-bit fraction, exact for the usual frame rates.
    static func fraction(_ seconds: Double) -> (UInt16, UInt16) {
        for den in [1, 2, 4, 5, 8, 10, 12, 15, 20, 24, 25, 30, 48, 50, 60, 100, 120, 1000, 10000] {
            let num = seconds * Double(den)
            if abs(num - num.rounded()) < 1e-9, num.rounded() <= 65535 { return (UInt16(num.rounded()), UInt16(den)) }
        }
        let den = seconds < 6 ? 10000.0 : (seconds < 65 ? 1000.0 : 100.0)
        return (UInt16(min(65535, (seconds * den).rounded())), UInt16(den))
    }
}
