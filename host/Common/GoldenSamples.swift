// SPDX-License-Identifier: MIT
import FXHost

/// A golden snapshot's `samples.jsonl` read back: one JSON object a line,
/// each with its instant `t` — seconds from 0 to fxhost's longest run,
/// increasing, as `--at` takes them — so that a damaged or hand-edited
/// file is refused in one line that says to record it again, before any
/// sampling is tried.
enum GoldenSamples {
    static func read(_ text: String, file: String) throws -> [JSON] {
        var samples: [JSON] = []
        var last = -Double.infinity
        for (n, line) in text.split(separator: "\n").enumerated() {
            guard let v = JSON.parsed(String(line)), let t = v["t"]?.number else {
                throw HostError.plugin("\(file) is not JSON lines as fxhost records them (line \(n + 1)); record it again with --update")
            }
            guard t >= 0, t <= Options.maxEnd, t > last else {
                throw HostError.plugin("\(file) line \(n + 1): the instant t = \(t) is not a time from 0 to \(Int(Options.maxEnd)) s after the line before's; record it again with --update")
            }
            last = t
            samples.append(v)
        }
        // An empty snapshot would compare no instant and pass whatever the plugin does now.
        guard !samples.isEmpty else {
            throw HostError.plugin("\(file) holds no samples; record it again with --update")
        }
        return samples
    }
}
