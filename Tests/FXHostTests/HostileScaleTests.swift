// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// A plugin that asks for a lot (Fixtures/scale.c): within the limits the
/// work finishes in time proportional to its size; past them the call that
/// crosses a limit gets FX_ERR_LIMIT (7) with one line, and the run goes on.
/// Each run is bounded by `timeout`, so a regression fails instead of hanging.
/// Timer runs use --no-isolate: what they measure is the timeline, and each
/// callback through the supervisor adds its own (constant) cost.
@Suite struct HostileScaleTests {
    let dir: String
    let plugin: String
    init() throws {
        dir = try Harness.temporaryFolder()
        plugin = try Harness.compilePlugin(Harness.fixture("scale.c"), into: dir)
    }

    func run(_ factory: String, _ count: Int, _ arguments: [String]) throws -> ProcessResult {
        try runProcess("/usr/bin/timeout", ["120", Harness.fxhost, "--plugin", plugin, "--factory", factory,
                                            "--count", "\(count)"] + arguments)
    }

    func lines(_ s: String) -> [String] { s.split(separator: "\n").map(String.init) }

    @Test func aDeepChainIsALimitNotAStackOverflow() throws {
        let out = dir + "/chain.png"
        let r = try run("chain", 5000, ["--time", "0", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        // The stage is level 1 and links 1…999 fill levels 2…1000; link 1000 would be level 1001.
        #expect(lines(r.stderr) == [
            "fxhost: scale: chain: 1000 -> 7",
            "fxhost: warning: plugin 'scale': the build of factory 'chain': layer_add_sublayer: cannot add layer 'link' under 'link': the tree would be 1001 layers deep; the limit is 1000",
        ], "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
        // The whole 1,000-level tree is sampled, as the trace shows.
        let trace = try run("chain", 5000, ["--time", "0", "--sink", "jsonl", "--out", "-"])
        let frame = try jsonObject(try #require(trace.stdout.split(separator: "\n").first))
        let layers = try #require(frame["layers"] as? [[String: Any]])
        #expect(layers.count == 1000 && layers.last?["depth"] as? Int == 999)
    }

    @Test func timersBeyondTheLimitAreRefusedAndThoseWithinItRun() throws {
        // 3,000,000 asked for, at distinct times in the first 1/30 s: the first 100,000 are taken.
        let r = try run("timers", 3_000_000, ["--end", "1.1", "--sink", "jsonl", "--out", dir + "/timers.jsonl", "--no-isolate"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r.stderr).first == "fxhost: scale: timers: 100000 -> 7", "\(r.stderr)")
        #expect(r.stderr.contains("timer_add: 100000 timers were added in this run; that is the limit"))
        // 1.1 s at 30 frames per second: frames at 0, 1/30, …, 33/30.
        #expect(lines(try String(contentsOfFile: dir + "/timers.jsonl", encoding: .utf8)).count == 34)
    }

    @Test func aTimerThatReAddsItselfStopsAtTheLimit() throws {
        // One timer added by the build, 99,999 by callbacks; callback 100,000 is refused.
        let r = try run("retimer", 0, ["--end", "1", "--sink", "jsonl", "--out", dir + "/retimer.jsonl", "--no-isolate"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r.stderr).first == "fxhost: scale: re-added timers: 100000 -> 7", "\(r.stderr)")
    }

    @Test func aHundredThousandAnimationsPlay() throws {
        // The sanitizer pass looks for memory errors, not speed: a tenth of the animations there.
        let count = TestSupport.isSanitizerPass ? 10_000 : 100_000
        let out = dir + "/animations.jsonl"
        // --timeout 60: the build makes 6 host calls per animation, slow in a debug or sanitizer build on a busy machine.
        let r = try run("animations", count, ["--end", "1.1", "--sink", "jsonl", "--out", out, "--timeout", "60"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "fxhost: scale: animations: \(count) -> 0\n")
        // At t = 0.5 (frame 15) animation count / 2 (begin 0.5, duration 0.001) is playing on its
        // field (10,000 animations a field); field 0's all ended before t = 0.1.
        let frame = try jsonObject(try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")[15])
        #expect((frame["t"] as? Double) == 0.5)
        let layers = try #require(frame["layers"] as? [[String: Any]])
        #expect(layers.count == 1 + count / 10_000)
        let playing = 1 + count / 2 / 10_000
        #expect((layers[playing]["animated"] as? [String]) == ["opacity"], "\(layers[playing])")
        if count > 10_000 { #expect((layers[1]["animated"] as? [String]) == [], "\(layers[1])") }
    }

    @Test func eventHandlersHaveALimit() throws {
        let r = try run("handlers", 3_000_000, ["--time", "0", "--sink", "jsonl", "--out", dir + "/handlers.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r.stderr) == [
            "fxhost: scale: handlers: 10000 -> 7",
            "fxhost: warning: plugin 'scale': the build of factory 'handlers': event_on: 10000 event handlers are registered; that is the limit",
        ], "\(r.stderr)")
    }

    @Test func textLayersStopAtTheStringLimitInsteadOfExhaustingMemory() throws {
        let r = try run("text", 100_000, ["--time", "0", "--sink", "text", "--out", dir + "/text.txt"])
        #expect(r.status == 0, "\(r.stderr)")
        // Each layer keeps its name "words" (5 bytes) and 65,535 bytes of text (the key path is not kept).
        let layers = 64 * 1024 * 1024 / (5 + 65_535)
        #expect(lines(r.stderr).first == "fxhost: scale: text layers: \(layers) -> 7", "\(r.stderr)")
        #expect(r.stderr.contains("layer_set: string value of 65535 bytes would take the strings kept from the plugin in this run past 64 MiB; that is the limit"))
    }
}
