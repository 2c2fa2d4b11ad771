// SPDX-License-Identifier: MIT
import FXCore
import FXRender
import FXSinks
import Glibc

/// Frames in the terminal: each character cell shows two pixels with the
/// upper-half block "▀" in 24-bit colour (foreground above, background
/// below), fitted to the terminal's width and animated in place on a tty.
/// With `NO_COLOR` set, a dumb terminal, or `ascii: true`, a ramp of plain
/// ASCII shades instead. Pacing on a tty follows the frame times; the frames
/// themselves are the same whatever the terminal.
public final class TerminalPreview: ImageSink {
    private let out: OutputFile
    private let columns: Int
    private let color: Bool
    private let animate: Bool
    private var lastLines = 0
    private var lastTime: Double?

    public init(renderer: Renderer, output: OutputFile, columns: Int? = nil, color: Bool? = nil) {
        out = output
        let terminal = output.publication.terminal
        let tty = terminal.isTerminal
        let width = terminal.columns ?? 80
        self.columns = max(8, min(columns ?? width, 400))
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        self.color = color ?? (!noColor && term != "dumb")
        animate = tty
        super.init(renderer: renderer)
    }

    static let shades = Array(" .:-=+*#%@")

    override func write(_ frame: Frame) throws {
        let cols = min(columns, frame.width)
        let rows = max(1, Int((Double(frame.height) / Double(frame.width) * Double(cols)).rounded()))
        // Half blocks: 2 pixels a cell vertically; ASCII cells are about twice as tall as wide.
        let cellRows = color ? (rows + 1) / 2 : max(1, rows / 2)
        func sample(_ cx: Int, _ py: Int) -> (Int, Int, Int) {
            let x = min(frame.width - 1, cx * frame.width / cols)
            let y = min(frame.height - 1, py * frame.height / rows)
            let p = frame.pixel(x, y)
            return (Int(p.r), Int(p.g), Int(p.b))  // premultiplied: over black
        }
        var text = ""
        if animate && lastLines > 0 { text += "\u{1B}[\(lastLines)A" }
        for r in 0..<cellRows {
            for c in 0..<cols {
                if color {
                    let top = sample(c, r * 2), bottom = sample(c, r * 2 + 1)
                    text += "\u{1B}[38;2;\(top.0);\(top.1);\(top.2)m\u{1B}[48;2;\(bottom.0);\(bottom.1);\(bottom.2)m▀"
                } else {
                    let p = sample(c, r * 2)
                    let luma = (p.0 * 299 + p.1 * 587 + p.2 * 114) / 1000
                    text.append(TerminalPreview.shades[min(9, luma * 10 / 256)])
                }
            }
            text += color ? "\u{1B}[0m\n" : "\n"
        }
        text += "t = \(ValueFormat.fixed(frame.time)) s\n"
        if !animate { text += "\n" }
        if animate, let last = lastTime, frame.time > last {
            var ts = timespec(tv_sec: Int(frame.time - last), tv_nsec: Int(((frame.time - last).truncatingRemainder(dividingBy: 1)) * 1e9))
            nanosleep(&ts, nil)
        }
        try out.write(text)
        try out.commitFlush()
        lastLines = cellRows + 1
        lastTime = frame.time
    }

    public override func finish() throws { try out.commit() }
}
