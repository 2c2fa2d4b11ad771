// SPDX-License-Identifier: MIT
import FXPNG
import Foundation
import TestSupport
import XCTest

/// `--format lottie` through the real fxhost on the project's own effects: each
/// exported file drawn by rlottie (an independent player) and by fxhost's lottie
/// plugin must agree with fxhost's own frames of the effect, at most 1 % of the
/// pixels differing by more than 64 levels in some channel, at every compared
/// frame; exporting the lottie plugin's playback of an export again draws the
/// same frames; the spinner's second is small; a file over --max-size is refused.
final class ExportTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try TestSupport.temporaryFolder() }

    static let threshold = 64
    static let allowedShare = 0.01

    static var fxhost: String { TestSupport.binFolder + "/fxhost" }
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// An effect as the command line runs it.
    struct Effect {
        let name: String
        let args: [String]
        var end = 2.0
        var fps = 10.0
    }

    /// The C conformance ports, compiled as their suite compiles them.
    static func conformancePorts(into dir: String) throws -> [Effect] {
        var effects: [Effect] = []
        for fixture in ["spinkit", "dgactivity", "replicators"] {
            let so = try compile(fixture, into: dir)
            let text = try String(contentsOfFile: root + "/Tests/Conformance/Fixtures/\(fixture).c", encoding: .utf8)
            // `{ sizeof(fx_factory), "name", …`: the factories as the plugin declares them.
            for line in text.split(separator: "\n") where line.contains("sizeof(fx_factory), \"") {
                let name = line.split(separator: "\"")[1]
                // At the sizes of their contact sheets (scripts/gallery-conformance.sh).
                let size = ["bars": "120x40", "ring": "128x128"][String(name)] ?? "64x64"
                effects.append(Effect(name: "\(fixture) \(name)", args: ["--plugin", so, "--factory", String(name), "--size", size]))
            }
        }
        return effects
    }

    /// A conformance fixture compiled with cc against fx.h, as its suite compiles it.
    static func compile(_ fixture: String, into dir: String) throws -> String {
        let so = dir + "/\(fixture).so"
        let cc = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-shared", "-fPIC", "-I", root + "/Sources/CFX/include",
                                                 root + "/Tests/Conformance/Fixtures/\(fixture).c", "-o", so])
        guard cc.status == 0 else { throw Lottie.Failure("cc \(fixture).c: \(cc.stderr)") }
        return so
    }

    static let seeds: [Effect] = ["spinner", "pulse", "fade", "cube", "shimmer"].map {
        Effect(name: "seeds \($0)", args: ["--plugin", "seeds", "--factory", $0])
    }

    /// The hand-written ports of the seeds, and the fade with its snow (emitter particles).
    static let handPorts: [Effect] = ["spinner", "pulse", "fade", "cube", "shimmer"].map { Effect(name: $0, args: ["--plugin", $0]) }
        + [Effect(name: "fade with snow", args: ["--plugin", "fade", "--snow"])]

    /// The C example, tapped twice: each tap counts up under a push transition (events and transitions).
    static func badge(into dir: String) throws -> Effect {
        let so = dir + "/badge.so"
        let cc = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-shared", "-fPIC", "-I", root + "/Sources/CFX/include",
                                                 root + "/Plugins/examples/badge.c", "-o", so])
        guard cc.status == 0 else { throw Lottie.Failure("cc badge.c: \(cc.stderr)") }
        return Effect(name: "badge tapped", args: ["--plugin", so, "--count", "7", "--event", "1.2:tap", "--event", "2:tap"], end: 3)
    }

    static func run(_ args: [String]) throws -> ProcessResult { try runProcess(Self.fxhost, args) }

    /// fxhost's own frames over white: every sample from 0 to `end`, decoded only at `only` (nil elsewhere).
    static func directFrames(_ e: Effect, only: Set<Int>? = nil) throws -> [Lottie.Picture?] {
        let out = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try Self.run(e.args + ["--end", "\(e.end)", "--fps", "\(e.fps)", "--background", "white", "--out", out + "/"])
        guard r.status == 0 else { throw Lottie.Failure("fxhost \(e.name): \(r.stderr)") }
        return try Lottie.frames(in: out, only: only)
    }

    /// The effect exported; its standard error (the warnings).
    static func export(_ e: Effect, to path: String, extra: [String] = []) throws -> String {
        let r = try Self.run(e.args + ["--end", "\(e.end)", "--fps", "\(e.fps)", "--format", "lottie", "--out", path] + extra)
        guard r.status == 0 else { throw Lottie.Failure("fxhost \(e.name) --format lottie: \(r.stderr)") }
        return r.stderr
    }

    /// The share of pixels that differ by more than `threshold` in some channel, as text, or nil when within the bound.
    static func disagreement(_ a: Lottie.Picture, _ b: Lottie.Picture) -> String? {
        guard a.width == b.width, a.height == b.height else { return "\(a.width)×\(a.height) against \(b.width)×\(b.height)" }
        var differing = 0
        for i in 0..<(a.width * a.height) {
            for c in 0..<3 where abs(Int(a.rgb[i * 3 + c]) - Int(b.rgb[i * 3 + c])) > threshold { differing += 1; break }
        }
        let share = Double(differing) / Double(a.width * a.height)
        return share <= allowedShare ? nil : String(format: "%.2f %% of pixels differ by more than %d", share * 100, threshold)
    }

    /// One effect exported and compared at four frames: what disagrees, and its name when it was compared
    /// (nil when the export warned that Lottie cannot hold some of it, or wrote a drop shadow effect,
    /// which neither rlottie nor the lottie plugin draws).
    static func compare(_ e: Effect, in dir: String) throws -> (failures: [String], compared: String?) {
        let file = dir + "/\(e.name.replacingOccurrences(of: " ", with: "-")).json"
        let warnings = try Self.export(e, to: file)
        guard !warnings.contains("Lottie cannot hold"), !warnings.contains("drop shadow effect") else { return ([], nil) }
        let count = Int((e.end * e.fps).rounded())
        let frames = e.name == "badge tapped" ? [0, 13, 21, 29] : [0, count / 3, 2 * count / 3, count - 1]
        let mine = try Self.directFrames(e, only: Set(frames))
        guard let first = mine.first ?? nil else { return (["\(e.name): fxhost drew no frame"], nil) }
        // rlottie 0.1 draws no text: for a file with text the lottie plugin's comparison stands alone.
        let text = try String(contentsOfFile: file, encoding: .utf8).contains("\"ty\":5,")
        let rlottie = text ? [] : try Lottie.rlottieFrames(file, width: first.width, height: first.height, frames: frames)
        let plugin = try Lottie.fxhostFrames(file, fps: e.fps, only: Set(frames))
        var failures: [String] = []
        for (k, f) in frames.enumerated() {
            guard f < mine.count, let direct = mine[f] else { failures.append("\(e.name): fxhost drew \(mine.count) frames, no frame \(f)"); continue }
            if !text, let why = Self.disagreement(direct, rlottie[k]) { failures.append("\(e.name) frame \(f), rlottie: \(why)") }
            guard f < plugin.count, let played = plugin[f] else {
                failures.append("\(e.name): the lottie plugin drew \(plugin.count) frames, no frame \(f)")
                continue
            }
            if let why = Self.disagreement(direct, played) { failures.append("\(e.name) frame \(f), lottie plugin: \(why)") }
        }
        return (failures, e.name + (text ? " (text: the lottie plugin alone)" : ""))
    }

    /// The comparisons' results by effect, filled from two threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [(failures: [String], compared: String?)]
        init(count: Int) { slots = Array(repeating: ([], nil), count: count) }
        func set(_ i: Int, _ r: (failures: [String], compared: String?)) { lock.withLock { slots[i] = r } }
        var all: [(failures: [String], compared: String?)] { lock.withLock { slots } }
    }

    /// Every effect the Lottie format holds whole (the export warned of nothing) agrees with its
    /// export, as rlottie and as fxhost's lottie plugin draw it, at four frames.
    func testEveryEffectLottieHoldsPlaysAsFxhostDrawsIt() throws {
        try XCTSkipIf(TestSupport.isSanitizerPass, "the players' agreement is checked in the ordinary pass")
        let effects = Self.seeds + Self.handPorts + [try Self.badge(into: dir)] + (try Self.conformancePorts(into: dir))
        // Each effect is a handful of fxhost and rlottie processes: two effects at a time keep both cores busy.
        let results = Results(count: effects.count), dir = dir
        _ = try Lottie.rlottieRenderer()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for i in stride(from: worker, to: effects.count, by: 2) {
                do {
                    results.set(i, try Self.compare(effects[i], in: dir))
                } catch {
                    results.set(i, (["\(effects[i].name): \(error)"], nil))
                }
            }
        }
        let failures = results.all.flatMap(\.failures), compared = results.all.compactMap(\.compared)
        print("compared: \(compared.joined(separator: ", "))")
        XCTAssert(compared.contains { $0.hasPrefix("seeds spinner") }, "the spinner must be exported whole: compared only \(compared)")
        XCTAssert(compared.contains { $0.hasPrefix("badge tapped") }, "the badge's transitions must be exported: compared only \(compared)")
        XCTAssert(compared.contains("fade with snow"), "the snow's particles must be exported: compared only \(compared)")
        XCTAssertGreaterThanOrEqual(compared.count, 25, "compared only \(compared)")
        XCTAssert(failures.isEmpty, failures.joined(separator: "\n"))
    }

    /// The Swift corpus (docs/SWIFT-CORPUS.md): public iOS animation code compiled unchanged against the
    /// facade. Its third-party sources are not in the repository, so the libraries come from
    /// `scripts/swift-corpus.sh DIR`, which builds them in `DIR/.package` (`libcorpus_NAME.so`); the
    /// environment's `FXHOST_SWIFT_CORPUS` names that folder of libraries. Every source the corpus
    /// compiles (no `unsupported` line in its SOURCE), every factory its entry declares, at the
    /// corpus's stage size (400×300).
    static func swiftCorpus(in libraries: String) throws -> [Effect] {
        let corpus = root + "/Tests/SwiftCorpus"
        var effects: [Effect] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus).sorted() {
            guard let source = try? String(contentsOfFile: corpus + "/\(name)/SOURCE", encoding: .utf8),
                  !source.split(separator: "\n").contains(where: { $0.hasPrefix("unsupported ") }) else { continue }
            let library = libraries + "/libcorpus_\(name.replacingOccurrences(of: "-", with: "_")).so"
            guard FileManager.default.fileExists(atPath: library) else {
                throw Lottie.Failure("FXHOST_SWIFT_CORPUS has no \(library): build the corpus with scripts/swift-corpus.sh first")
            }
            let entry = try String(contentsOfFile: corpus + "/\(name)/Entry.swift", encoding: .utf8)
            // `FXFactory("name", …`: the factories as the entry declares them.
            for part in entry.components(separatedBy: "FXFactory(\"").dropFirst() {
                let factory = String(part.prefix { $0 != "\"" })
                effects.append(Effect(name: "\(name) \(factory)", args: ["--plugin", library, "--factory", factory]))
            }
        }
        return effects
    }

    /// Every Swift corpus effect the Lottie format holds whole agrees with its export, as rlottie and
    /// the lottie plugin draw it, at four frames (skipped unless `FXHOST_SWIFT_CORPUS` names the built corpus).
    func testEverySwiftCorpusEffectLottieHoldsPlaysAsFxhostDrawsIt() throws {
        try XCTSkipIf(TestSupport.isSanitizerPass, "the players' agreement is checked in the ordinary pass")
        guard let libraries = ProcessInfo.processInfo.environment["FXHOST_SWIFT_CORPUS"], !libraries.isEmpty else {
            throw XCTSkip("FXHOST_SWIFT_CORPUS is not set: build the corpus (scripts/swift-corpus.sh --fetch DIR) and set it to DIR/.package/.build/debug")
        }
        let effects = try Self.swiftCorpus(in: libraries)
        XCTAssertGreaterThanOrEqual(effects.count, 20, "the corpus's ten compiled sources declare 22 factories: found \(effects.map(\.name))")
        let results = Results(count: effects.count), dir = dir
        _ = try Lottie.rlottieRenderer()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for i in stride(from: worker, to: effects.count, by: 2) {
                do {
                    results.set(i, try Self.compare(effects[i], in: dir))
                } catch {
                    results.set(i, (["\(effects[i].name): \(error)"], nil))
                }
            }
        }
        let failures = results.all.flatMap(\.failures), compared = results.all.compactMap(\.compared)
        print("compared: \(compared.joined(separator: ", "))")
        XCTAssertGreaterThanOrEqual(compared.count, 15, "compared only \(compared)")
        XCTAssert(failures.isEmpty, failures.joined(separator: "\n"))
    }

    /// Export → the lottie plugin (over the same run: --end 2 at 10 fps) → export again: the second
    /// file draws the first's frames.
    func testARoundTripDrawsTheSameFrames() throws {
        let first = dir + "/first.json", second = dir + "/second.json"
        _ = try Self.export(Self.seeds[0], to: first)
        let again = try Self.run(["--plugin", "lottie", "--file", first, "--end", "2", "--fps", "10", "--format", "lottie", "--out", second])
        XCTAssertEqual(again.status, 0, again.stderr)
        let a = try Lottie.fxhostFrames(first, fps: 10, extra: ["--end", "2"]), b = try Lottie.fxhostFrames(second, fps: 10, extra: ["--end", "2"])
        XCTAssertEqual(a.count, 21)
        XCTAssertEqual(a.count, b.count)
        for (k, (x, y)) in zip(a, b).enumerated() {
            XCTAssertNil(Self.disagreement(x, y), "frame \(k)")
        }
    }

    /// A second of the spinner at 30 frames a second is at most 20 KB; the same run gives the same bytes.
    func testASecondOfTheSpinnerIsSmallAndTheSameEveryTime() throws {
        let spinner = Effect(name: "spinner", args: ["--plugin", "seeds", "--factory", "spinner"], end: 1, fps: 30)
        let a = dir + "/a.json", b = dir + "/b.json"
        _ = try Self.export(spinner, to: a)
        _ = try Self.export(spinner, to: b)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: a))
        print("a second of the spinner: \(bytes.count) bytes")
        XCTAssertLessThanOrEqual(bytes.count, 20_000)
        XCTAssertEqual(bytes, try Data(contentsOf: URL(fileURLWithPath: b)))
        let json = try JSONSerialization.jsonObject(with: bytes) as! [String: Any]
        XCTAssertEqual(json["fr"] as? Double, 30)
        XCTAssertEqual(json["ip"] as? Double, 0)
        XCTAssertEqual(json["op"] as? Double, 31, "the samples at 0, 1/30, … 30/30 s: frames 0…30")
        XCTAssertEqual(json["w"] as? Double, 400)
        XCTAssertEqual(json["h"] as? Double, 300)
    }

    /// `--max-size` below the file's size: refused in one line, exit 2, and no file (nor a temporary one)
    /// left; whether found while the document is written (1000 bytes, four layers) or while the run
    /// samples (500 bytes: more layers than that many bytes can hold), and for a .lottie archive too.
    func testAFileOverTheSizeLimitIsRefusedWhole() throws {
        for (limit, name) in [("1000", "x.json"), ("500", "x.json"), ("1000", "x.lottie")] {
            let out = try TestSupport.temporaryFolder()
            let r = try Self.run(Self.seeds[0].args + ["--end", "1", "--format", "lottie", "--max-size", limit, "--out", out + "/" + name])
            XCTAssertEqual(r.status, 2, "\(limit) \(name)")
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
            XCTAssert(r.stderr.contains("--max-size \(limit)"), r.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [], "\(limit) \(name)")
        }
    }

    /// What Lottie cannot hold (SpinKit's plane: a perspective flip) is warned once; `--strict` refuses in one line.
    func testWhatLottieCannotHoldIsWarnedOrRefused() throws {
        let cube = Effect(name: "plane", args: ["--plugin", try Self.compile("spinkit", into: dir), "--factory", "plane"], end: 1, fps: 10)
        let warnings = try Self.export(cube, to: dir + "/cube.json")
        XCTAssertEqual(warnings.components(separatedBy: "Lottie cannot hold").count, 2, warnings)
        XCTAssert(warnings.contains("3D perspective"), warnings)
        let strict = try Self.run(cube.args + ["--end", "1", "--format", "lottie", "--strict", "--out", dir + "/strict.json"])
        XCTAssertEqual(strict.status, 2)
        XCTAssertEqual(strict.stderr.split(separator: "\n").count, 1, strict.stderr)
        XCTAssert(strict.stderr.contains("--strict"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/strict.json"))
        // --strict and --max-size are Lottie's: elsewhere they are a mistake.
        let misplaced = try Self.run(cube.args + ["--end", "1", "--max-size", "10", "--out", dir + "/x.jsonl"])
        XCTAssertEqual(misplaced.status, 2, misplaced.stderr)
    }

    /// A plain `.json` output is still JSON lines; `.lottie` is a dotLottie archive the lottie plugin plays.
    func testDotLottieArchive() throws {
        let plain = try Self.run(Self.seeds[0].args + ["--time", "0.5", "--out", dir + "/lines.json"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let line = try String(contentsOfFile: dir + "/lines.json", encoding: .utf8)
        XCTAssert(line.hasPrefix("{\"t\""), "a .json output is JSON lines, as before: \(line.prefix(40))")

        let archive = dir + "/spin.lottie", json = dir + "/spin.json"
        let r = try Self.run(Self.seeds[0].args + ["--end", "1", "--fps", "10", "--out", archive])
        XCTAssertEqual(r.status, 0, r.stderr)
        _ = try Self.export(Effect(name: "spinner", args: Self.seeds[0].args, end: 1, fps: 10), to: json)
        // Python's zipfile, an independent reader, checks every entry's CRC and finds the manifest and the animation.
        let py = try runProcess("/usr/bin/env", ["python3", "-c", """
            import json, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            m = json.loads(z.read('manifest.json'))
            print(m['animations'][0]['id'], sorted(z.namelist()))
            sys.stdout.buffer.write(z.read('animations/spin.json'))
            """, archive])
        XCTAssertEqual(py.status, 0, py.stderr)
        XCTAssert(py.stdout.hasPrefix("spin ['animations/spin.json', 'manifest.json']"), py.stdout)
        let inner = py.stdout.split(separator: "\n", maxSplits: 1)[1]
        XCTAssertEqual(String(inner), try String(contentsOfFile: json, encoding: .utf8), "the archive holds the same document")
        let played = try Lottie.fxhostFrames(archive, fps: 10), direct = try Lottie.fxhostFrames(json, fps: 10)
        XCTAssertEqual(played.count, direct.count)
        for (x, y) in zip(played, direct) { XCTAssert(x.rgb == y.rgb) }
    }
}
