// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// A ported library as a third party would run it: its fixture compiled with cc against
/// fx.h, played by the real fxhost, read back from its JSON lines.
struct Corpus: Sendable {
    static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Fixtures/spinkit.c: SpinKit-ObjC's loaders, under the view's layer `spinkit`.
    static let spinKit = Corpus(fixture: "spinkit", container: "stage/spinkit/")
    /// Fixtures/dgactivity.c: DGActivityIndicatorView's loaders, under its `animationLayer`.
    static let dgActivity = Corpus(fixture: "dgactivity", container: "stage/animationLayer/")
    /// Fixtures/replicators.c: two published replicator indicators, straight on the stage.
    static let replicators = Corpus(fixture: "replicators", container: "stage/")

    let plugin: Result<String, CompileError>
    /// The path of the layer the library is handed, which every test path is relative to.
    let container: String

    /// Compiles the fixture once, when the corpus is first used.
    init(fixture: String, container: String) {
        self.container = container
        do {
            let dir = try TestSupport.temporaryFolder()
            let out = dir + "/\(fixture).so"
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/\(fixture).c").path
            let r = try runProcess("/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC",
                                                    "-I", Corpus.root + "/Sources/CFX/include", source, "-o", out])
            plugin = r.status == 0 ? .success(out) : .failure(CompileError(message: "cc \(fixture).c failed:\n\(r.stderr)"))
        } catch {
            plugin = .failure(CompileError(message: "cc \(fixture).c: \(error)"))
        }
    }

    struct CompileError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// One sample: its time and each layer's presented properties, by path.
    struct Sample {
        let t: Double
        let container: String
        let layers: [String: [String: Any]]

        func props(_ path: String) throws -> [String: Any] {
            guard let p = layers[container + path] else {
                throw CompileError(message: "no layer \(container)\(path) at t = \(t); layers: \(layers.keys.sorted())")
            }
            return p
        }

        /// The presented transform (identity when the JSON leaves it out, as it does for defaults).
        func transform(_ path: String) throws -> Matrix {
            Matrix(m: try props(path)["transform"] as? [Double] ?? Matrix.identity.m)
        }

        func number(_ path: String, _ key: String, default value: Double) throws -> Double {
            try props(path)[key] as? Double ?? value
        }

        func point(_ path: String, _ key: String) throws -> (x: Double, y: Double) {
            let p = try props(path)[key] as? [Double] ?? [0, 0]
            return (p[0], p[1])
        }
    }

    /// Runs one factory at `fps` from 0 to `end` seconds and returns every sample.
    func samples(_ factory: String, fps: Int = 20, end: Double = 3, extra: [String] = []) throws -> [Sample] {
        let so = try plugin.get()
        let r = try runProcess(TestSupport.binFolder + "/fxhost",
                               ["--plugin", so, "--factory", factory, "--sink", "jsonl", "--fps", "\(fps)", "--end", "\(end)"] + extra)
        guard r.status == 0 else { throw CompileError(message: "fxhost --factory \(factory) failed (\(r.status)):\n\(r.stderr)") }
        let lines = r.stdout.split(separator: "\n")
        return try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            var layers: [String: [String: Any]] = [:]
            for layer in object["layers"] as! [[String: Any]] {
                layers[layer["path"] as! String] = layer["props"] as? [String: Any] ?? [:]
            }
            return Sample(t: object["t"] as! Double, container: container, layers: layers)
        }
    }
}

/// Expects `actual` to be `expected(t)` within `tolerance`. A sample that falls exactly on a
/// cycle boundary, where a repeating animation jumps from its end value to its start value,
/// may show either side: the rule is also tried a nanosecond either way.
func expectValue(_ actual: Double, _ expected: (Double) -> Double, at t: Double, tolerance: Double = 1e-6,
                 _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let candidates = [expected(t), expected(t - 1e-9), expected(t + 1e-9)]
    let best = candidates.min { abs($0 - actual) < abs($1 - actual) }!
    #expect(abs(best - actual) <= tolerance, "\(what) at t = \(t): fxhost \(actual), Core Animation's rules \(candidates[0])",
            sourceLocation: sourceLocation)
}
