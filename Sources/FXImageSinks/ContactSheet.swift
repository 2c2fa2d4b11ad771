// SPDX-License-Identifier: MIT
import FXCore
import FXRender
import FXSinks

/// A contact sheet: frames of the run in a grid, each labelled with its
/// time, written as one PNG when the run ends. Which frames: a number of
/// them evenly spread over the run, always including the first and the last
/// (default 12), or the frames nearest to chosen times. When the run has
/// more frames than the sheet shows, or two chosen times fall on one frame,
/// the sheet says so once, through `note`.
public final class ContactSheet: ImageSink {
    /// Which frames a sheet shows.
    public enum Frames: Sendable {
        /// This many, evenly spread over the run.
        case count(Int)
        /// The frame nearest to each time (seconds, increasing); the earlier one on a tie.
        case nearest([Double])
    }

    private let out: OutputFile
    private let frames: Frames
    private let columns: Int
    private let thumbWidth: Int
    private let note: (String) -> Void
    private var kept: [(index: Int, frame: Frame)] = []
    private var last: (index: Int, frame: Frame)?
    private var keepEvery = 1
    /// For `.nearest`: the best frame so far for each time.
    private var nearest: [(index: Int, frame: Frame)?] = []

    /// Throws, before any frame is drawn, when the labels cannot be (pango cannot be loaded),
    /// as the GIF and WebP writers do for their libraries.
    public init(renderer: Renderer, output: OutputFile, frames: Frames = .count(12), columns: Int = 4,
                thumbnailWidth: Int = 240, note: @escaping (String) -> Void = { _ in }) throws {
        try SheetComposer.requireLabels()
        out = output
        if case .count(let n) = frames { self.frames = .count(max(1, n)) } else { self.frames = frames }
        self.columns = max(1, columns)
        thumbWidth = max(16, thumbnailWidth)
        self.note = note
        if case .nearest(let times) = frames { nearest = Array(repeating: nil, count: times.count) }
        super.init(renderer: renderer)
    }

    /// Up to `maxCells` frames, evenly spread, four columns wide.
    public convenience init(renderer: Renderer, output: OutputFile, maxCells: Int, thumbnailWidth: Int = 240) throws {
        try self.init(renderer: renderer, output: output, frames: .count(maxCells), thumbnailWidth: thumbnailWidth)
    }

    /// How many frames a sheet keeps per cell while the run goes on: every frame of a run up to
    /// that many times the cells, so the picks are exactly even; beyond it, every second, fourth, …
    static let keptPerCell = 8

    /// The frame indices a sheet of `cells` cells shows from `frameCount` frames: index
    /// round(i·(N − 1)/(M − 1)) for i = 0 … M − 1, so the gaps differ by at most one frame.
    public static func evenPicks(frameCount n: Int, cells m: Int) -> [Int] {
        guard n > m else { return Array(0..<n) }
        guard m > 1 else { return [0] }
        let last = Double(n - 1), gaps = Double(m - 1)
        return (0..<m).map { (i: Int) -> Int in Int((Double(i) * last / gaps).rounded()) }
    }

    /// The indices of the frames the sheet showed (after `finish`).
    public private(set) var shownIndices: [Int] = []

    override func write(_ frame: Frame) throws {
        let index = frameCount - 1
        switch frames {
        case .nearest(let times):
            last = (index, frame)
            var thumb: Frame?
            for (j, t) in times.enumerated() where nearest[j].map({ abs(frame.time - t) < abs($0.frame.time - t) }) ?? true {
                if thumb == nil { thumb = SheetComposer.thumbnail(frame, width: thumbWidth) }
                nearest[j] = (index, thumb!)
            }
        case .count(let maxCells):
            let thumb = SheetComposer.thumbnail(frame, width: thumbWidth)
            last = (index, thumb)
            guard index % keepEvery == 0 else { return }
            kept.append((index, thumb))
            // Keep memory bounded however long the run: halve the kept frames, double the stride.
            if kept.count > ContactSheet.keptPerCell * maxCells {
                kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                keepEvery *= 2
            }
        }
    }

    public override func finish() throws {
        guard frameCount > 0 else { throw OutputError("no frames for the contact sheet") }
        var shown: [(index: Int, frame: Frame)] = []
        switch frames {
        case .count(let maxCells):
            var candidates = kept
            if let last, candidates.last?.index != last.index { candidates.append(last) }
            if frameCount > maxCells {
                // The kept frame nearest to each evenly spread frame index (the earlier on a tie).
                for target in ContactSheet.evenPicks(frameCount: frameCount, cells: maxCells) {
                    let best = candidates.min { abs($0.index - target) < abs($1.index - target) }!
                    if shown.last?.index != best.index { shown.append(best) }
                }
            } else {
                shown = candidates
            }
            if shown.count < frameCount {
                note("contact sheet: \(shown.count) of \(frameCount) frames, spread evenly (--sheet-frames N or --sheet-grid CxR shows more)")
            }
        case .nearest(let times):
            var merged: [String] = []
            for (j, pick) in nearest.enumerated() {
                guard let pick else { continue }
                if shown.last?.index == pick.index {
                    merged.append("\(SheetComposer.seconds(times[j])) s")
                    continue
                }
                shown.append(pick)
            }
            if !merged.isEmpty, let end = last?.frame.time ?? shown.last?.frame.time {
                note("contact sheet: \(merged.count) of the \(times.count) times (\(merged.joined(separator: ", "))) fell on a frame already shown, so it shows \(shown.count) (the run's frames end at \(SheetComposer.seconds(end)) s; a higher --fps has closer ones)")
            }
        }
        shownIndices = shown.map(\.index)
        let sheet = try SheetComposer.grid(shown.map { ($0.frame, "t = \(ValueFormat.fixed($0.frame.time)) s   #\($0.index)") },
                                       columns: columns)
        try out.write(PNGEncoder.png(sheet.pixels, width: sheet.width, height: sheet.height))
        try out.commit()
    }
}
