// SPDX-License-Identifier: MIT
import FXCore
import Testing
@testable import FXRender

/// `maskMode`, fxhost's own layer key: the coverage a mask gives is its alpha
/// (Core Animation's mask), 1 − alpha, its luminance times alpha (Rec. 601
/// weights 0.299, 0.587, 0.114 on the un-premultiplied colour, the CSS
/// Masking specification's luminance mask with rlottie's weights), or
/// 1 − that. Each expected pixel is worked out by hand from that rule: over
/// an opaque white stage, a layer of colour c under coverage k shows
/// 255 − (255 − c)·k in each channel.
@Suite struct MaskModeTests {
    /// The masked layer's colour, (0.2, 0.4, 0.8) = (51, 102, 204).
    static let content = Color(red: 0.2, green: 0.4, blue: 0.8)

    /// A 40×20 white stage; a 40×20 layer of `content` whose mask is `maskColor` over the left half
    /// (0…20) and nothing over the right.
    func frame(_ mode: String?, maskColor: Color) throws -> Frame {
        let stage = try scene(40, 20) { s in
            try s.root.set(.backgroundColor, .color(.white))
            let l = try layer(s, frame: Rect(0, 0, 40, 20), [(.backgroundColor, .color(Self.content))])
            if let mode { try l.set(KeyPath(.maskMode), .string(mode)) }
            let m = s.makeLayer(.layer, name: "mask")
            try m.setFrame(Rect(0, 0, 20, 20))
            try m.set(.backgroundColor, .color(maskColor))
            try l.setMask(m)
        }
        return try render(stage)
    }

    /// 255 − (255 − c)·k for the content's channels, opaque.
    func expected(_ k: Double) -> [Int] {
        [51.0, 102, 204].map { Int((255 - (255 - $0) * k).rounded()) } + [255]
    }

    /// The mask (1, 0.5, 0) at alpha 0.6. Its luminance is 0.299 + 0.587 × 0.5 = 0.5925, times alpha
    /// 0.3555. Left half / right half coverage: alpha 0.6 / 0 (left pixel 132.6, 163.2, 224.4);
    /// alphaInverted 0.4 / 1; luminance 0.3555 / 0; luminanceInverted 0.6445 / 1.
    @Test func eachModeKeepsItsCoverage() throws {
        let orange = Color(red: 1, green: 0.5, blue: 0, alpha: 0.6)
        let cases: [(String?, Double, Double)] = [
            (nil, 0.6, 0), ("alpha", 0.6, 0), ("alphaInverted", 0.4, 1),
            ("luminance", 0.3555, 0), ("luminanceInverted", 0.6445, 1),
        ]
        #expect(expected(0.6) == [133, 163, 224, 255])
        for (mode, left, right) in cases {
            let f = try frame(mode, maskColor: orange)
            #expect(near(rgba(f, 10, 10), expected(left)), "\(mode ?? "default") left: \(rgba(f, 10, 10))")
            #expect(near(rgba(f, 30, 10), expected(right)), "\(mode ?? "default") right: \(rgba(f, 30, 10))")
        }
    }

    /// A mask that draws nothing (hidden, or of opacity 0) covers 0 everywhere, so an inverted mode
    /// keeps every pixel (1 − 0) and the layer shows whole, while alpha and luminance keep none. (The
    /// renderer skips the mask pass, and the group, for the inverted modes: a Lottie track matte whose
    /// matte layer is out of its time range arrives as such a mask.) The mask over the left half is
    /// opaque black, so where it is drawn an inverted mode keeps nothing there.
    @Test func aMaskThatDrawsNothingKeepsAllUnderAnInvertedMode() throws {
        func masked(_ mode: String, _ hide: (Layer) throws -> Void) throws -> Frame {
            let stage = try scene(40, 20) { s in
                try s.root.set(.backgroundColor, .color(.white))
                let l = try layer(s, frame: Rect(0, 0, 40, 20), [(.backgroundColor, .color(Self.content))])
                try l.set(KeyPath(.maskMode), .string(mode))
                let m = s.makeLayer(.layer, name: "mask")
                try m.setFrame(Rect(0, 0, 20, 20))
                try m.set(.backgroundColor, .color(.black))
                try hide(m)
                try l.setMask(m)
            }
            return try render(stage)
        }
        let hidings: [(String, (Layer) throws -> Void)] = [
            ("hidden", { try $0.set(.isHidden, .bool(true)) }), ("opacity 0", { try $0.set(.opacity, .number(0)) }),
        ]
        for (how, hide) in hidings {
            for mode in ["alphaInverted", "luminanceInverted"] {
                let f = try masked(mode, hide)
                #expect(rgba(f, 10, 10) == expected(1), "\(mode), mask \(how), left: \(rgba(f, 10, 10))")
                #expect(rgba(f, 30, 10) == expected(1), "\(mode), mask \(how), right: \(rgba(f, 30, 10))")
            }
            for mode in ["alpha", "luminance"] {
                let f = try masked(mode, hide)
                #expect(rgba(f, 10, 10) == expected(0) && rgba(f, 30, 10) == expected(0), "\(mode), mask \(how)")
            }
        }
        let shown = try masked("alphaInverted") { _ in }
        #expect(rgba(shown, 10, 10) == expected(0) && rgba(shown, 30, 10) == expected(1), "alphaInverted, mask shown")
    }

    /// The weights are Rec. 601's: opaque pure green has luminance 0.587 (Rec. 709's 0.7152 would
    /// give 0.7152, about 28 levels apart in the red channel: 255 − 204 × 0.587 = 135.3 against 109.1),
    /// and opaque white 1, black 0.
    @Test func luminanceUsesRec601Weights() throws {
        let green = try frame("luminance", maskColor: Color(red: 0, green: 1, blue: 0))
        #expect(near(rgba(green, 10, 10), expected(0.587)), "\(rgba(green, 10, 10))")
        let blue = try frame("luminanceInverted", maskColor: Color(red: 0, green: 0, blue: 1))
        #expect(near(rgba(blue, 10, 10), expected(1 - 0.114)), "\(rgba(blue, 10, 10))")
        let white = try frame("luminance", maskColor: .white)
        #expect(rgba(white, 10, 10) == expected(1))
        let black = try frame("luminance", maskColor: .black)
        #expect(rgba(black, 10, 10) == expected(0))
    }

    /// An inverted mask shows the layer outside the mask's box, so a change there must be redrawn:
    /// a small mask slides across a wide layer, and half-way the layer switches from alpha to
    /// alphaInverted; every incremental frame is the one a fresh renderer draws, and after the
    /// switch a pixel far from the mask shows the layer.
    @Test func invertedMasksDamageOutsideTheMasksBox() throws {
        let stage = Stage(size: Size(120, 60))
        try stage.root.set(.backgroundColor, .color(.white))
        let l = stage.makeLayer(.layer, name: "l")
        try l.setFrame(Rect(0, 0, 120, 60)); try l.set(.backgroundColor, .color(Self.content))
        try stage.root.addSublayer(l)
        let m = stage.makeLayer(.layer, name: "mask")
        try m.setFrame(Rect(0, 20, 20, 20)); try m.set(.backgroundColor, .color(.black))
        var slide = Animation.basic(KeyPath(.position, .x), from: .number(10), to: .number(60))
        slide.timing.duration = 1
        try m.add(slide, forKey: nil)
        try l.setMask(m)
        let incremental = Renderer(stageSize: stage.size)
        for i in 0..<12 {
            if i == 6 { try l.set(KeyPath(.maskMode), .string("alphaInverted")) }
            if i == 9 { try l.set(KeyPath(.maskMode), .string("luminanceInverted")) }
            let snap = try stage.sample(at: Double(i) / 12)
            let a = incremental.render(snap)
            let same = a.pixels == Renderer(stageSize: stage.size).render(snap).pixels
            #expect(same, "frame \(i)")
            let far = rgba(a, 110, 5)
            #expect(far == (i < 6 ? [255, 255, 255, 255] : expected(1)), "frame \(i): \(far)")
        }
    }
}
