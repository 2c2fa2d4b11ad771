// SPDX-License-Identifier: MIT
import FXCore
import FXPNG
import Foundation
import TestSupport
import XCTest

/// The lottie plugin through the real fxhost, and rlottie (Debian's
/// librlottie, installed by scripts/setup.sh) drawing the same files.
enum Lottie {
    static var fxhost: String { TestSupport.binFolder + "/fxhost" }
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func fixture(_ name: String) -> String { fixtures + "/" + name }

    static func run(_ args: [String]) throws -> ProcessResult { try runProcess(fxhost, ["--plugin", "lottie"] + args) }

    /// rlottie-render, compiled once per test process from the fixture's C source.
    nonisolated(unsafe) private static var renderer: String?
    static func rlottieRenderer() throws -> String {
        if let renderer { return renderer }
        let dir = try TestSupport.temporaryFolder()
        let flags = try runProcess("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "rlottie"])
        guard flags.status == 0 else { throw Failure("pkg-config rlottie failed (is librlottie-dev installed? scripts/setup.sh --test does): \(flags.stderr)") }
        let out = dir + "/rlottie-render"
        let cc = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", fixture("rlottie-render.c"), "-o", out]
                                + flags.stdout.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty })
        guard cc.status == 0 else { throw Failure("cc rlottie-render.c: \(cc.stderr)") }
        renderer = out
        return out
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// An opaque RGB picture.
    struct Picture {
        let width: Int, height: Int
        let rgb: [UInt8]
        subscript(x x: Int, y y: Int) -> [Int] { (0..<3).map { Int(rgb[(y * width + x) * 3 + $0]) } }

        init(width: Int, height: Int, rgb: [UInt8]) {
            self.width = width
            self.height = height
            self.rgb = rgb
        }

        /// The PNG at `path`, its alpha dropped (the frames are drawn over white).
        init(png path: String) throws {
            let im = try PNGDecoder.decode(path: path)
            let count = im.width * im.height
            let rgb = [UInt8](unsafeUninitializedCapacity: count * 3) { out, filled in
                im.pixels.withUnsafeBufferPointer { rgba in
                    for i in 0..<count {
                        out[i * 3] = rgba[i * 4]
                        out[i * 3 + 1] = rgba[i * 4 + 1]
                        out[i * 3 + 2] = rgba[i * 4 + 2]
                    }
                }
                filled = count * 3
            }
            self.init(width: im.width, height: im.height, rgb: rgb)
        }
    }

    /// The PNG frames an fxhost run wrote into `folder`, in order; only those at `only` (indices
    /// into the sorted frames) are decoded, the others are nil.
    static func frames(in folder: String, only: Set<Int>? = nil) throws -> [Picture?] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
        return try names.enumerated().map { i, name in
            (only?.contains(i) ?? true) ? try Picture(png: folder + "/" + name) : nil
        }
    }

    /// fxhost's frames of `file` over white, at the file's own size and frame rate (frame j is file frame j).
    static func fxhostFrames(_ file: String, fps: Double, extra: [String] = []) throws -> [Picture] {
        try fxhostFrames(file, fps: fps, extra: extra, only: nil).map { $0! }
    }

    /// fxhost's frames of `file`, decoded only at `only` (nil elsewhere; every frame when nil).
    static func fxhostFrames(_ file: String, fps: Double, extra: [String] = [], only: Set<Int>?) throws -> [Picture?] {
        let dir = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try run(["--file", file, "--background", "white", "--fps", "\(fps)", "--out", dir + "/"] + extra)
        guard r.status == 0 else { throw Failure("fxhost \(file): \(r.stderr)") }
        return try frames(in: dir, only: only)
    }

    /// rlottie's frames of `file` over white.
    /// Each fixture (file, width, height, frames a second, frames) drawn by fxhost and by rlottie at
    /// those frames: a line for every frame that does not agree (`LottieAgreement`), or that has
    /// another size than the fixture's.
    static func disagreementsWithRlottie(_ cases: [(String, Int, Int, Double, [Int])]) throws -> [String] {
        var failures: [String] = []
        for (file, w, h, fps, frames) in cases {
            let path = fixture(file)
            let mine = try fxhostFrames(path, fps: fps)
            let theirs = try rlottieFrames(path, width: w, height: h, frames: frames)
            for (k, f) in frames.enumerated() {
                guard f < mine.count else { failures.append("\(file): fxhost wrote \(mine.count) frames, no frame \(f)"); continue }
                guard mine[f].width == w, mine[f].height == h else {
                    failures.append("\(file) frame \(f): \(mine[f].width)×\(mine[f].height), not \(w)×\(h)"); continue
                }
                let agreement = LottieAgreement(mine[f], theirs[k])
                print("\(file) frame \(f): \(agreement)")
                if !agreement.agrees { failures.append("\(file) frame \(f): \(agreement)") }
            }
        }
        return failures
    }

    static func rlottieFrames(_ file: String, width: Int, height: Int, frames: [Int]) throws -> [Picture] {
        let dir = try TestSupport.temporaryFolder()
        let r = try runProcess(try rlottieRenderer(), [file, "\(width)", "\(height)", dir + "/rl"] + frames.map(String.init))
        guard r.status == 0 else { throw Failure("rlottie-render \(file): \(r.stderr)") }
        return try frames.map { f in
            let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/rl-\(f).ppm")))
            // "P6\nW H\n255\n" then the pixels.
            var newlines = 0, start = 0
            for (i, b) in data.enumerated() where b == 0x0A {
                newlines += 1
                if newlines == 3 { start = i + 1; break }
            }
            return Picture(width: width, height: height, rgb: Array(data[start...]))
        }
    }
}

/// The agreement measure of the Lottie suite: a pixel differs when any of
/// its channels differs by more than `threshold` levels of 255 (anti-aliasing
/// of edges by two rasterisers stays well under it on most edge pixels); a
/// frame agrees when at most `allowedShare` of its pixels differ.
struct LottieAgreement: CustomStringConvertible {
    static let threshold = 48
    static let allowedShare = 0.005

    let differing: Int
    let pixels: Int
    let largest: Int

    init(_ a: Lottie.Picture, _ b: Lottie.Picture) {
        var differing = 0, largest = 0
        for i in 0..<(a.width * a.height) {
            var d = 0
            for c in 0..<3 { d = max(d, abs(Int(a.rgb[i * 3 + c]) - Int(b.rgb[i * 3 + c]))) }
            largest = max(largest, d)
            if d > Self.threshold { differing += 1 }
        }
        self.differing = differing
        pixels = a.width * a.height
        self.largest = largest
    }

    var share: Double { Double(differing) / Double(pixels) }
    var agrees: Bool { share <= Self.allowedShare }
    var description: String { String(format: "%.2f %% of pixels differ by more than %d (largest %d)", share * 100, Self.threshold, largest) }
}

extension XCTestCase {
    /// Each fixture agrees with rlottie at its frames (`Lottie.disagreementsWithRlottie`); skipped in the
    /// sanitizer pass, which checks fxhost alone.
    func assertAgreesWithRlottie(_ cases: [(String, Int, Int, Double, [Int])], file: StaticString = #filePath, line: UInt = #line) throws {
        try XCTSkipIf(TestSupport.isSanitizerPass, "rlottie's agreement is checked in the ordinary pass")
        let failures = try Lottie.disagreementsWithRlottie(cases)
        XCTAssert(failures.isEmpty, failures.joined(separator: "\n"), file: file, line: line)
    }

    /// `c` is `expected` (RGB over white) within 2 levels a channel.
    func assertColor(_ c: [Int], _ expected: [Int], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for k in 0..<3 { XCTAssertEqual(c[k], expected[k], accuracy: 2, "\(what): \(c) against \(expected)", file: file, line: line) }
    }
}
