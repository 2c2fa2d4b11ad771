// SPDX-License-Identifier: MIT
import FXCore
import FXRender
import Foundation
import TestSupport
import Testing
@testable import FXImageSinks
import FXSinks

/// A Y4M writer's first frame comes whole from the converter: its planes are not zeroed first, so
/// a byte the conversion missed would show whatever the memory held before, such as an earlier
/// writer's picture. Two writers in one process, one after another, must each give the file
/// worked out here from the published rule, pixel by pixel, for a picture of known colours.
@Suite struct Y4MFirstFrameTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    typealias RGB = (r: Int, g: Int, b: Int)

    /// Two opaque rectangles on whole pixels covering the stage: columns before `split` `left`,
    /// the rest `right` (components 0 or 255, which every step keeps exactly).
    func stage(width: Int, height: Int, split: Int, left: RGB, right: RGB) throws -> Stage {
        let stage = Stage(size: Size(Double(width), Double(height)))
        for (x, w, c) in [(0, split, left), (split, width - split, right)] {
            let l = stage.makeLayer(.layer)
            try l.setFrame(Rect(Double(x), 0, Double(w), Double(height)))
            try l.set(.backgroundColor, .color(Color(red: Double(c.r) / 255, green: Double(c.g) / 255, blue: Double(c.b) / 255)))
            try stage.root.addSublayer(l)
        }
        return stage
    }

    /// The Y4M file of one frame of that picture: header, then the Y′, Cb and Cr planes, each
    /// sample from Microsoft's integer form of BT.601 (`YCbCrKernelTests.reference`).
    func expected(width: Int, height: Int, split: Int, left: RGB, right: RGB) -> Data {
        var planes = [[UInt8]](repeating: [], count: 3)
        for _ in 0..<height {
            for x in 0..<width {
                let c = x < split ? left : right
                let v = YCbCrKernelTests.reference(c.r, c.g, c.b)
                planes[0].append(v.y); planes[1].append(v.cb); planes[2].append(v.cr)
            }
        }
        return Data("YUV4MPEG2 W\(width) H\(height) F30:1 Ip A1:1 C444\nFRAME\n".utf8) + Data(planes.joined())
    }

    /// Renders the picture through a new writer (which reads the renderer's rows in place) and
    /// returns the file it wrote; the writer is gone when this returns.
    func written(_ name: String, width: Int, height: Int, split: Int, left: RGB, right: RGB) throws -> Data {
        let path = dir + "/" + name
        let s = try stage(width: width, height: height, split: split, left: left, right: right)
        let sink = Y4MWriter(renderer: Renderer(stageSize: s.size), output: try OutputFile(path: path, publication: .direct), fps: 30)
        #expect(sink.readsRows)
        try sink.consume(s.sample(at: 0))
        try sink.finish()
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test(arguments: [(64, 48), (7, 5), (1, 1), (320, 240)])
    func eachWritersFirstFrameIsItsOwnPicture(width: Int, height: Int) throws {
        let red: RGB = (255, 0, 0), green: RGB = (0, 255, 0), blue: RGB = (0, 0, 255), white: RGB = (255, 255, 255)
        let pictures: [(split: Int, left: RGB, right: RGB)] = [
            (width * 2 / 3, red, green), (width / 3, blue, white), (width / 2, white, red), (width, green, blue),
        ]
        for (k, p) in pictures.enumerated() {
            let got = try written("\(k).y4m", width: width, height: height, split: p.split, left: p.left, right: p.right)
            let want = expected(width: width, height: height, split: p.split, left: p.left, right: p.right)
            #expect(got == want, "\(width)×\(height), picture \(k)")
        }
    }
}
