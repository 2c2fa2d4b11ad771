import FXCore
import FXRender
import FXSinks

/// A contact sheet: up to `maxCells` frames, evenly spread over the run and
/// always including the first and the last, in a grid, each labelled with
/// its time. Written as one PNG when the run ends.
public final class ContactSheet: ImageSink {
    private let out: OutputFile
    private let maxCells: Int
    private let thumbWidth: Int
    private var kept: [(index: Int, frame: Frame)] = []
    private var last: (index: Int, frame: Frame)?
    private var keepEvery = 1

    public init(renderer: Renderer, output: OutputFile, maxCells: Int = 12, thumbnailWidth: Int = 240) {
        out = output
        self.maxCells = max(2, maxCells)
        thumbWidth = max(16, thumbnailWidth)
        super.init(renderer: renderer)
    }

    override func write(_ frame: Frame) throws {
        let index = frameCount - 1
        let thumb = SheetComposer.thumbnail(frame, width: thumbWidth)
        last = (index, thumb)
        guard index % keepEvery == 0 else { return }
        kept.append((index, thumb))
        // Keep memory bounded however long the run: halve the kept frames, double the stride.
        if kept.count > 2 * maxCells {
            kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            keepEvery *= 2
        }
    }

    public override func finish() throws {
        guard let last else { throw OutputError("no frames for the contact sheet") }
        var frames = kept
        if frames.last?.index != last.index { frames.append(last) }
        if frames.count > maxCells {
            let picks = (0..<maxCells).map { Int((Double($0) * Double(frames.count - 1) / Double(maxCells - 1)).rounded()) }
            frames = picks.map { frames[$0] }
        }
        let sheet = SheetComposer.grid(frames.map { ($0.frame, "t = \(ValueFormat.fixed($0.frame.time)) s   #\($0.index)") },
                                       columns: 4)
        try out.write(PNGEncoder.png(sheet.pixels, width: sheet.width, height: sheet.height))
        try out.commit()
    }
}
