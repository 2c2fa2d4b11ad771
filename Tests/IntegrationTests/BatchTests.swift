// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import TestSupport
import Testing

/// `fxhost batch` through the real binary: jobs run N at a time, a batch that
/// is stopped resumes with nothing rendered twice and nothing lost.
@Suite struct BatchTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    func jobLine(_ text: String, out: String) -> String {
        #"{"plugin": "cube", "parameters": {"text": "\#(text)"}, "options": {"size": "80x40", "end": 0.5, "fps": 10}, "out": "\#(out)"}"#
    }

    func writeJobs(_ names: [String]) throws -> String {
        let file = "\(dir)/jobs.jsonl"
        try (names.map { jobLine($0, out: "\(dir)/\($0).png") }.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func summary(_ file: String) throws -> [[String: Any]] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    @Test func jobsRunAndResumeBySkippingWhatIsDone() throws {
        let names = ["Paris", "Rome", "Oslo", "Lima", "Kyiv"]
        let jobs = try writeJobs(names)
        let r = try runProcess(Plugins.fxhost, ["batch", jobs, "-j", "2", "--summary", "\(dir)/s1.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("5 jobs: 5 done, 0 skipped, 0 failed"), "\(r.stderr)")
        // Each output is the file the same run gives on its own.
        let single = try runProcess(Plugins.fxhost, ["--plugin", "cube", "--text", "Rome", "--size", "80x40", "--end", "0.5", "--fps", "10",
                                                     "--out", "\(dir)/alone.png"])
        #expect(single.status == 0)
        #expect(FileManager.default.contents(atPath: "\(dir)/Rome.png") == FileManager.default.contents(atPath: "\(dir)/alone.png"))
        // Again: every job is skipped; change one job and only that one runs.
        let again = try runProcess(Plugins.fxhost, ["batch", jobs, "--summary", "\(dir)/s2.jsonl"])
        #expect(again.status == 0 && again.stderr.contains("0 done, 5 skipped"), "\(again.stderr)")
        var lines = try String(contentsOfFile: jobs, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "\"fps\": 10", with: "\"fps\": 12")
        try (lines.joined(separator: "\n") + "\n").write(toFile: jobs, atomically: true, encoding: .utf8)
        let third = try runProcess(Plugins.fxhost, ["batch", jobs, "--summary", "\(dir)/s3.jsonl"])
        #expect(third.status == 0 && third.stderr.contains("1 done, 4 skipped"), "\(third.stderr)")
        #expect(try summary("\(dir)/s3.jsonl").map { $0["status"] as! String } == ["skipped", "skipped", "done", "skipped", "skipped"])
    }

    @Test func failuresAreCountedWithTheirErrorAndTheExitIsOne() throws {
        let file = "\(dir)/jobs.jsonl"
        try [jobLine("Paris", out: "\(dir)/ok.png"),
             #"{"plugin": "no-such-plugin", "out": "\#(dir)/bad.png"}"#,
             #"{"plugin": "cube", "parameters": {"direction": "sideways"}, "out": "\#(dir)/bad2.png"}"#].joined(separator: "\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let r = try runProcess(Plugins.fxhost, ["batch", file, "--summary", "\(dir)/s.jsonl"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("3 jobs: 1 done, 0 skipped, 2 failed"))
        let s = try summary("\(dir)/s.jsonl")
        #expect(s.map { $0["status"] as! String } == ["done", "failed", "failed"])
        #expect((s[1]["error"] as! String).contains("no-such-plugin"))
        #expect((s[2]["error"] as! String).contains("sideways"))
    }

    @Test func badJobFilesNameTheLine() throws {
        for (line, expected) in [(#"{"out": "x.png"}"#, "\"plugin\" is missing"), (#"{"plugin": "cube"}"#, "\"out\" is missing"),
                                 (#"{"plugin": "cube", "out": "x.png", "options": {"plugin": "x"}}"#, "not an option a job can set"),
                                 ("not json", "not a JSON object")] {
            let file = "\(dir)/bad.jsonl"
            try ("\n" + line + "\n").write(toFile: file, atomically: true, encoding: .utf8)
            let r = try runProcess(Plugins.fxhost, ["batch", file])
            #expect(r.status == 2 && r.stderr.contains("bad.jsonl:2:") && r.stderr.contains(expected), "\(line): \(r.stderr)")
        }
    }

    /// `--shard I/N` on a batch takes every N-th job from the I-th: the shards together run each job once.
    @Test func batchShardsSplitTheJobs() throws {
        let names = ["A", "B", "C", "D", "E"]
        let jobs = try writeJobs(names)
        var statuses: [[String]] = []
        for i in 0..<2 {
            let r = try runProcess(Plugins.fxhost, ["batch", jobs, "--shard", "\(i)/2", "--summary", "\(dir)/s\(i).jsonl"])
            #expect(r.status == 0, "\(r.stderr)")
            statuses.append(try summary("\(dir)/s\(i).jsonl").map { URL(fileURLWithPath: $0["out"] as! String).lastPathComponent })
        }
        #expect(statuses == [["A.png", "C.png", "E.png"], ["B.png", "D.png"]])
    }

    /// Killed half-way (SIGKILL, no chance to clean up), then run again: what
    /// was finished is skipped untouched, and every output ends up complete.
    @Test func aBatchKilledHalfWayResumes() throws {
        let names = (0..<8).map { "job\($0)" }
        let jobs = try writeJobs(names)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Plugins.fxhost)
        p.arguments = ["batch", jobs, "-j", "1"]
        p.standardError = FileHandle.nullDevice
        try p.run()
        let manifests = names.map { "\(dir)/\($0).png.manifest.json" }
        let deadline = Date().addingTimeInterval(120)
        while manifests.filter({ FileManager.default.fileExists(atPath: $0) }).count < 3, Date() < deadline, p.isRunning {
            usleep(20_000)
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        usleep(500_000)  // the job in flight finishes on its own or dies; either way it publishes whole files only
        var before: [String: Date] = [:]
        for (n, m) in zip(names, manifests) where FileManager.default.fileExists(atPath: m) {
            before[n] = try FileManager.default.attributesOfItem(atPath: "\(dir)/\(n).png")[.modificationDate] as? Date
        }
        #expect(before.count >= 3 && before.count < names.count, "\(before.count) finished before the kill")
        let r = try runProcess(Plugins.fxhost, ["batch", jobs, "--summary", "\(dir)/s.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        let statuses = try summary("\(dir)/s.jsonl").map { $0["status"] as! String }
        #expect(statuses.filter { $0 == "skipped" }.count == before.count)
        for (i, n) in names.enumerated() {
            let png = "\(dir)/\(n).png"
            #expect(FileManager.default.fileExists(atPath: png))
            if let t = before[n] {
                #expect(statuses[i] == "skipped")
                #expect(try FileManager.default.attributesOfItem(atPath: png)[.modificationDate] as? Date == t, "\(n) was rendered twice")
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".fxhost-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
