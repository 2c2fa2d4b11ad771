// SPDX-License-Identifier: MIT
// corpus-check EXPECT.json PLUGIN.so FXHOST
//
// Runs fxhost once per (factory, arguments, time) that EXPECT.json names and
// compares each listed value with the one fxhost presents. Expected values are
// written as expressions of Apple's rules (Expression.swift: `ease(0.5)` is
// kCAMediaTimingFunctionEaseInEaseOut's cubic Bézier, solved here by
// bisection), never copied from fxhost. Prints "CHECKED AGREED" on standard
// output and one line per disagreement on standard error; exits 1 on a
// disagreement or a run that fails, 2 on a malformed EXPECT.json.
import Foundation

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("corpus-check: \(message)\n".utf8))
    exit(status)
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else { fail("usage: corpus-check EXPECT.json PLUGIN.so FXHOST") }
let expectURL = URL(fileURLWithPath: arguments[1])
guard let expectData = try? Data(contentsOf: expectURL),
      let expectation = try? JSONSerialization.jsonObject(with: expectData) as? [String: Any],
      let checks = expectation["checks"] as? [[String: Any]] else {
    fail("\(arguments[1]) is not a JSON object with a \"checks\" array (Tests/SwiftCorpus/README in docs/SWIFT-CORPUS.md)")
}
let defaultSize = expectation["size"] as? String ?? "400x300"

/// One fxhost run, remembered so that checks at the same instant share it.
var samples: [String: [String: [String: Any]]] = [:]

@MainActor func sample(factory: String, extra: [String], time: Double) -> [String: [String: Any]]? {
    let runArguments = ["--plugin", arguments[2], "--factory", factory, "--size", defaultSize]
        + extra + ["--sink", "jsonl", "--time", String(time)]
    let key = runArguments.joined(separator: "\u{1}")
    if let known = samples[key] { return known }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[3])
    process.arguments = runArguments
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do { try process.run() } catch { fail("cannot run \(arguments[3]): \(error)", status: 1) }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
          let line = String(data: data, encoding: .utf8)?.split(separator: "\n").first,
          let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          let layers = object["layers"] as? [[String: Any]] else {
        FileHandle.standardError.write(Data("fxhost \(runArguments.joined(separator: " ")) failed: \(errorText)".utf8))
        return nil
    }
    var byPath: [String: [String: Any]] = [:]
    var defined: [Int: Any] = [:]
    // Sibling layers can share a path (two unnamed layers of one class): the
    // second is PATH@2, the third PATH@3, in the sink's depth-first order.
    var seen: [String: Int] = [:]
    for layer in layers {
        guard let path = layer["path"] as? String else { continue }
        let resolved = resolve(layer, &defined) as? [String: Any]
        seen[path, default: 0] += 1
        byPath[seen[path]! == 1 ? path : "\(path)@\(seen[path]!)"] = resolved
    }
    samples[key] = byPath
    return byPath
}

/// Replaces the jsonl sink's `{"$def":N,"value":V}` and `{"$ref":N}` by V (docs/jsonl.md).
func resolve(_ value: Any, _ defined: inout [Int: Any]) -> Any {
    if let list = value as? [Any] { return list.map { resolve($0, &defined) } }
    guard let object = value as? [String: Any] else { return value }
    if let reference = object["$ref"] as? Int { return defined[reference] ?? NSNull() }
    if let definition = object["$def"] as? Int, let inner = object["value"] {
        let resolved = resolve(inner, &defined)
        defined[definition] = resolved
        return resolved
    }
    return object.mapValues { resolve($0, &defined) }
}

var checked = 0, agreed = 0, runFailed = false
for (index, check) in checks.enumerated() {
    let label = "check \(index + 1)"
    let time: Double?
    if let text = check["time"] as? String, text.hasPrefix("=") {
        time = try? Expression.evaluate(String(text.dropFirst()))
    } else {
        time = (check["time"] as? NSNumber)?.doubleValue
    }
    guard let factory = check["factory"] as? String, let time,
          let layerPath = check["layer"] as? String, let key = check["key"] as? String, let expected = check["expect"] else {
        fail("\(label) needs factory, time, layer, key and expect")
    }
    let tolerance = (check["tolerance"] as? NSNumber)?.doubleValue ?? 1e-6
    let extra = check["args"] as? [String] ?? []
    checked += 1
    guard let layers = sample(factory: factory, extra: extra, time: time) else { runFailed = true; continue }
    let where_ = "\(label) \(factory) t=\(time) \(layerPath) \(key)"
    guard let layer = layers[layerPath] else {
        let known = layers.keys.sorted().joined(separator: ", ")
        FileHandle.standardError.write(Data("DISAGREE \(where_): no such layer (layers: \(known))\n".utf8))
        continue
    }
    var actual = LayerValue.read(key, of: layer)
    // "prefix": the expected list is the start of the presented one.
    if check["prefix"] as? Bool == true, let list = actual as? [Any], let wanted = expected as? [Any], list.count >= wanted.count {
        actual = Array(list.prefix(wanted.count))
    }
    let verdict: Comparison
    do {
        verdict = try Comparison(actual: actual, expected: expected, tolerance: tolerance, angle: LayerValue.isAngle(key))
    } catch {
        fail("\(label): \(error)")
    }
    if verdict.agrees {
        agreed += 1
    } else {
        FileHandle.standardError.write(Data("DISAGREE \(where_): expected \(verdict.expectedText), fxhost gave \(verdict.actualText)\n".utf8))
    }
}
print(checked, agreed)
exit(runFailed || agreed != checked ? 1 : 0)
