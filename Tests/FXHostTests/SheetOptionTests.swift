// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// --sheet-frames and --sheet-grid, read back with ffmpeg. The fixture's red 40×30 box at
/// (10, 10) fades linearly from opacity 1 to 0.2 over 1 s; sampled at 30 fps from 0 to 1 s
/// that is 31 frames. On the 400×300 stage each thumbnail is 240×180 (scale 0.6); a sheet of
/// C columns and R rows is C·240 + (C+1)·8 pixels wide and R·(180 + 20) + (R+1)·8 high
/// (8 px gaps, 20 px labels).
@Suite struct SheetOptionTests {
    let dir: String
    let plugin: String

    init() throws {
        dir = try Harness.temporaryFolder()
        plugin = try Harness.compilePlugin(Harness.fixture("golden.c"), into: dir)
    }

    func sheet(_ extra: [String]) throws -> (result: ProcessResult, width: Int, height: Int, file: String) {
        let file = dir + "/sheet-\(UUID().uuidString).png"
        let r = try Harness.fxhost(["--plugin", plugin, "--sheet", file, "--sink", "jsonl"] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        let p = try FFmpeg.probe(file)
        return (r, p.width, p.height, file)
    }

    static func size(columns c: Int, rows r: Int) -> (Int, Int) { (c * 240 + (c + 1) * 8, r * 200 + (r + 1) * 8) }

    @Test func theDefaultKeepsTwelveAndSaysSo() throws {
        let s = try sheet([])
        #expect((s.width, s.height) == Self.size(columns: 4, rows: 3))
        #expect(s.result.stderr.contains("fxhost: contact sheet: 12 of 31 frames, spread evenly"), "\(s.result.stderr)")
    }

    /// At 10 fps the run has 11 frames.
    @Test func aCountAndAGrid() throws {
        let all = try sheet(["--fps", "10", "--sheet-frames", "40"])
        #expect((all.width, all.height) == Self.size(columns: 4, rows: 3))  // 11 frames in 4 columns
        #expect(!all.result.stderr.contains("contact sheet"), "\(all.result.stderr)")
        let grid = try sheet(["--fps", "10", "--sheet-grid", "3x2"])
        #expect((grid.width, grid.height) == Self.size(columns: 3, rows: 2))
        #expect(grid.result.stderr.contains("6 of 11 frames"))
        let wide = try sheet(["--fps", "10", "--sheet-frames", "5", "--sheet-grid", "5x1"])
        #expect((wide.width, wide.height) == Self.size(columns: 5, rows: 1))
    }

    /// Chosen times: each cell shows the frame nearest to its time. The box in a cell, at
    /// thumbnail pixel (12, 12), lies over the checkerboard's darker squares (grey 0.3 of 255),
    /// so its red is 255·α + 76.5·(1 − α) and its green 76.5·(1 − α), with α = 1 − 0.8·t.
    @Test func chosenTimes() throws {
        let s = try sheet(["--sheet-frames", "0,0.5,0.51,1"])
        #expect((s.width, s.height) == Self.size(columns: 3, rows: 1))
        #expect(s.result.stderr.contains("1 of the 4 times (0.51 s) fell on a frame already shown"), "\(s.result.stderr)")
        let pixels = try FFmpeg.rgbaFrames(s.file, width: s.width, height: s.height)[0]
        for (cell, t) in [0.0, 0.5, 1.0].enumerated() {
            let alpha = 1 - 0.8 * t
            let x = 8 + cell * 248 + 12, y = 8 + 12
            let i = (y * s.width + x) * 4
            #expect(abs(Double(pixels[i]) - (255 * alpha + 76.5 * (1 - alpha))) <= 2, "cell \(cell): \(pixels[i])")
            #expect(abs(Double(pixels[i + 1]) - 76.5 * (1 - alpha)) <= 2, "cell \(cell): \(pixels[i + 1])")
        }
    }

    /// Cells narrower than their labels: on a 40×30 stage each cell is 40 pixels wide, and a label
    /// such as "t = 0.300 s   #3" is about twice that. Each label ends in an ellipsis within its
    /// cell: in the label rows (the 20 below each frame) and the padding under them, every pixel
    /// outside the cells' columns is the sheet's ground (as its corner pixel), and each cell's label
    /// still has ink.
    @Test func labelsWiderThanTheirCellsStayInIt() throws {
        let s = try sheet(["--size", "40x30", "--fps", "10", "--sheet-frames", "4"])
        #expect((s.width, s.height) == (4 * 40 + 5 * 8, 30 + 20 + 2 * 8))
        let pixels = try FFmpeg.rgbaFrames(s.file, width: s.width, height: s.height)[0]
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * s.width + x) * 4 ..< (y * s.width + x) * 4 + 4]) }
        let ground = pixel(0, 0)
        let cells = (0..<4).map { 8 + $0 * 48 ..< 8 + $0 * 48 + 40 }
        var strays: [(Int, Int)] = []
        for y in 8 + 30 ..< s.height {
            for x in 0..<s.width where !cells.contains(where: { $0.contains(x) }) && pixel(x, y) != ground { strays.append((x, y)) }
        }
        #expect(strays.isEmpty, "label pixels outside their cells at \(strays.prefix(8))")
        for (c, columns) in cells.enumerated() {
            var ink: [[UInt8]] = []
            for y in 8 + 30 ..< 8 + 50 { for x in columns where pixel(x, y) != ground { ink.append(pixel(x, y)) } }
            #expect(ink.count >= 20, "cell \(c)'s label has \(ink.count) pixels of ink")
        }
    }

    @Test func badSheetOptions() throws {
        for (args, fragment) in [(["--sheet-grid", "3x2"], "go with --sheet FILE.png"),
                                 (["--sheet", "s.png", "--sheet-grid", "0x2"], "is not COLUMNSxROWS"),
                                 (["--sheet", "s.png", "--sheet-frames", "0"], "is not a number of frames"),
                                 (["--sheet", "s.png", "--sheet-frames", "1,0.5"], "not a list of increasing times"),
                                 (["--sheet", "s.png", "--sheet-frames", "7", "--sheet-grid", "3x2"], "7 frames do not fit")] {
            let r = try Harness.fxhost(["--plugin", plugin] + args, cwd: dir)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains(fragment), "\(args): \(r.stderr)")
        }
    }
}
