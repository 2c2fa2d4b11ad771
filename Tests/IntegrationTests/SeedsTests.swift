// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// The `seeds` plugin compiles the seed tutorials' own Swift through the
/// QuartzCore and UIKit modules; each of its factories must draw exactly what
/// the hand-ported plugin of the same name draws. Both are rendered to an
/// animated PNG (every frame, lossless, one deterministic encoder) with the
/// same options, and the files must be equal byte for byte: the hand ports are
/// the independent implementation, written against fx.h without the facade.
@Suite struct SeedsTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    /// Renders `seeds`' factory and the hand port with `options`; returns both files' bytes.
    func render(_ factory: String, _ plugin: String, _ options: [String]) throws -> (Data, Data) {
        // Two cases may render the same factory at once: each render has names of its own.
        let tag = UUID().uuidString
        let a = dir + "/seeds-\(factory)-\(tag).png", b = dir + "/\(plugin)-\(tag).png"
        let r1 = try runProcess(Plugins.fxhost, ["--plugin", "seeds", "--factory", factory] + options + ["--out", a])
        #expect(r1.status == 0, "\(r1.stderr)")
        let r2 = try runProcess(Plugins.fxhost, ["--plugin", plugin] + options + ["--out", b])
        #expect(r2.status == 0, "\(r2.stderr)")
        return (try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
    }

    static let cases: [(factory: String, plugin: String, options: [String])] = [
        // Seed 002: shrink, spin, pause at 1 s, resume at 1.5 s, spread back at 2 s.
        ("spinner", "spinner", ["--pause-at", "1", "--resume-at", "1.5", "--fps", "10", "--end", "3"]),
        ("spinner", "spinner", ["--width", "200", "--height", "60", "--color", "#e74c3c", "--fps", "8", "--end", "2.5"]),
        // Seed 003: the gradient mask's locations sweeping, repeated.
        ("shimmer", "shimmer", ["--fps", "10", "--end", "1.2"]),
        ("shimmer", "shimmer", ["--effect-width", "80", "--dim", "#ff000080", "--backdrop", "#102030", "--fps", "20", "--end", "1"]),
        // Seed 004: the cube turn, both directions.
        ("cube", "cube", ["--fps", "20", "--end", "0.8"]),
        ("cube", "cube", ["--direction", "down", "--text", "Rome", "--from", "Oslo", "--color", "red", "--fps", "20", "--end", "0.8"]),
        // Seed 004: the crossfade with the snow view fading in.
        ("fade", "fade", ["--snow", "true", "--fps", "5", "--end", "4"]),
        // Three changes, at 0, 3 and 6 s, alternating the two flights (--changes, once --loop,
        // which fxhost's own --loop hid).
        ("fade", "fade", ["--snow", "--changes", "3", "--fps", "5", "--end", "7"]),
        // Seeds 000/001: the login screen, a focus at 1 s, a tap at 2 s, the messages and the reset.
        ("pulse", "pulse", ["--event", "1:focus", "--event", "2:tap", "--fps", "10", "--end", "14"]),
    ]

    @Test(arguments: 0..<cases.count) func theSeedsOwnCodeDrawsWhatTheHandPortDraws(_ i: Int) throws {
        if TestSupport.isSanitizerPass { return }
        let c = SeedsTests.cases[i]
        let (seeds, hand) = try render(c.factory, c.plugin, c.options)
        #expect(seeds.count > 1000)
        #expect(seeds == hand, "seeds' \(c.factory) and the \(c.plugin) plugin drew different frames with \(c.options)")
    }

    /// The seeds' `print` lines reach fxhost's log on stderr, prefixed with the plugin's name, and never stdout.
    @Test func printGoesToTheLogNotToStandardOutput() throws {
        let r = try runProcess(Plugins.fxhost, ["--plugin", "seeds", "--factory", "pulse", "--event", "1:focus",
                                                "--time", "1.5", "--sink", "jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("seeds: [\"infoappear\", \"fadein\"]"))
        #expect(!r.stdout.contains("infoappear"))
        let lines = try JSONLinesReader.read(r.stdout)
        #expect(lines.count == 1)
    }
}
