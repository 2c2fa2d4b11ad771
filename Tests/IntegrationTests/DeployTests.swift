// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import TestSupport
import Testing

/// The job-engine recipes in deploy/, run for real where this machine can:
/// a one-node Slurm cluster, GNU parallel, and the Kubernetes Job's own
/// command lines. Each ends in a join that must equal the unsharded render.
@Suite(.serialized) struct DeployTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    static var deploy: String { Plugins.root + "/deploy" }
    static let renderArgs = ["--plugin", "cube", "--text", "Oslo", "--size", "96x48", "--fps", "12"]

    /// The unsharded render the joins are compared with.
    func unsharded(_ name: String) throws -> Data? {
        let path = "\(dir)/\(name)"
        let r = try runProcess(Plugins.fxhost, DeployTests.renderArgs + ["--out", path])
        #expect(r.status == 0, "\(r.stderr)")
        return FileManager.default.contents(atPath: path)
    }

    /// Runs a shell script in the test's folder. Started with posix_spawn and
    /// reaped with waitpid, not Foundation's Process, which waits for every
    /// holder of its own descriptors — here the cluster's daemons, which live on.
    func shell(_ script: String, environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "FX_PLUGIN_PATH")
        env["PATH"] = "\(DeployTests.deploy):\(Plugins.binFolder):" + (env["PATH"] ?? "/usr/bin:/bin")
        env["FXHOST"] = Plugins.fxhost
        for (k, v) in environment { env[k] = v }
        let out = "\(dir)/.shell-\(UUID().uuidString)"
        defer { unlink(out + ".out"); unlink(out + ".err") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, out + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let words: [String] = ["/bin/sh", "-c", "cd '\(dir)' && \(script)"]
        let argv = words.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = { (name: String) in (try? String(contentsOfFile: name, encoding: .utf8)) ?? "" }
        return ((status >> 8) & 0xff, text(out + ".out"), text(out + ".err"))
    }

    @Test(.enabled(if: TestSupport.which("parallel") != nil && !TestSupport.isSanitizerPass))
    func gnuParallelRendersTheShards() throws {
        let args = DeployTests.renderArgs.map { "'\($0)'" }.joined(separator: " ")
        // Locally, and through --sshlogin with ':' (GNU parallel's name for this machine, no ssh needed).
        for (i, login) in ["", "--sshlogin :"].enumerated() {
            let r = try shell("parallel --halt now,fail=1 \(login) fxhost-shard.sh {} 3 parts\(i) \(args) ::: 0 1 2 && fxhost join p\(i).png parts\(i)/part-*.fxpart")
            #expect(r.status == 0, "\(r.stderr)")
            #expect(FileManager.default.contents(atPath: "\(dir)/p\(i).png") == (try unsharded("full\(i).png")))
        }
    }

    /// The Indexed Job's command, run here as each pod would run it (its
    /// index in JOB_COMPLETION_INDEX, the shared volume a temporary folder).
    @Test(.enabled(if: !TestSupport.isSanitizerPass))
    func kubernetesJobsRunTheShardScript() throws {
        let python = """
        import json, sys, yaml
        out = {}
        for name in ["render-job.yaml", "join-job.yaml", "parts-volume.yaml"]:
            for doc in yaml.safe_load_all(open(sys.argv[1] + "/" + name)):
                out[doc["metadata"]["name"]] = doc
        print(json.dumps(out))
        """
        let parsed = try runProcess("/usr/bin/env", ["python3", "-c", python, DeployTests.deploy + "/kubernetes"])
        #expect(parsed.status == 0, "the manifests do not parse: \(parsed.stderr)")
        let docs = try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as! [String: [String: Any]]
        let render = try #require(docs["fxhost-render"]), join = try #require(docs["fxhost-join"])
        let spec = render["spec"] as! [String: Any]
        #expect(render["kind"] as? String == "Job" && spec["completionMode"] as? String == "Indexed")
        let completions = spec["completions"] as! Int
        func command(_ job: [String: Any]) -> [String] {
            let template = (job["spec"] as! [String: Any])["template"] as! [String: Any]
            let containers = (template["spec"] as! [String: Any])["containers"] as! [[String: Any]]
            return containers[0]["command"] as! [String]
        }
        let shardCommand = command(render), joinCommand = command(join)
        #expect(shardCommand.count == 3 && shardCommand[2].contains("fxhost-shard.sh \"$JOB_COMPLETION_INDEX\" \(completions) /parts"))
        #expect((docs["fxhost-parts"]?["spec"] as? [String: Any])?["accessModes"] as? [String] == ["ReadWriteMany"])
        // Each pod's command, with the volume at a temporary folder.
        for i in 0..<completions {
            let r = try shell(shardCommand[2].replacingOccurrences(of: "/parts", with: "\(dir)/parts"),
                              environment: ["JOB_COMPLETION_INDEX": "\(i)"])
            #expect(r.status == 0, "pod \(i): \(r.stderr)")
        }
        let j = try shell(joinCommand[2].replacingOccurrences(of: "/parts", with: "\(dir)/parts"))
        #expect(j.status == 0, "\(j.stderr)")
        // The manifest's own arguments, rendered whole.
        let words = shardCommand[2].components(separatedBy: "/parts ").last!.split(separator: " ").map(String.init).map { $0.replacingOccurrences(of: "'", with: "") }
        #expect(try runProcess(Plugins.fxhost, words + ["--out", "\(dir)/whole.png"]).status == 0)
        #expect(FileManager.default.contents(atPath: "\(dir)/parts/cube.png") == FileManager.default.contents(atPath: "\(dir)/whole.png"))
    }

    @Test func theContainerRecipeBuildsAsTheReadmeDoes() throws {
        let recipe = try String(contentsOfFile: DeployTests.deploy + "/Containerfile", encoding: .utf8)
        let from = recipe.split(separator: "\n").first { $0.hasPrefix("FROM ") }
        #expect(from?.contains("bookworm") == true, "Debian 12, as the README's commands expect")
        for step in ["scripts/setup.sh", "swift build -c release", "deploy/fxhost-shard.sh"] {
            #expect(recipe.contains(step), "\(step)")
            let file = step.split(separator: " ").first.map(String.init)!
            if file.contains("/") { #expect(FileManager.default.isExecutableFile(atPath: Plugins.root + "/" + file), "\(file)") }
        }
    }

    /// A real job array on a one-node cluster started for this test: four
    /// shards and a dependent join, then a batch spread over two tasks.
    @Test(.enabled(if: !TestSupport.isSanitizerPass), .timeLimit(.minutes(4)))
    func slurmJobArraysRenderAndJoin() throws {
        let cluster = dir + "/cluster"
        let start = try shell("\(DeployTests.deploy)/slurm/local-cluster.sh start \(cluster)")
        defer { _ = try? shell("\(DeployTests.deploy)/slurm/local-cluster.sh stop \(cluster)") }
        guard start.status == 0 else {
            // Exit 3: this machine cannot run a cluster (no slurm-wlm/munge, or not root). Say so; never fake it.
            print("DeployTests: the Slurm test is skipped: \(start.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
            #expect(start.status == 3, "the cluster did not start: \(start.stderr)")
            return
        }
        let env = ["SLURM_CONF": cluster + "/slurm.conf"]
        let args = DeployTests.renderArgs.map { "'\($0)'" }.joined(separator: " ")
        let submitted = try shell("\(DeployTests.deploy)/slurm/submit.sh 4 \(dir)/slurm.png \(dir)/parts \(args)", environment: env)
        #expect(submitted.status == 0, "\(submitted.stderr)")
        let ids = submitted.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(ids.count == 2)

        let jobs = dir + "/jobs.jsonl"
        try (0..<4).map { #"{"plugin": "spinner", "options": {"size": "40x20", "end": 0.3, "fps": 10}, "parameters": {"width": \#(100 + $0)}, "out": "\#(dir)/b\#($0).png"}"# }
            .joined(separator: "\n").write(toFile: jobs, atomically: true, encoding: .utf8)
        let batch = try shell("sbatch --parsable --array=0-1 --export=ALL \(DeployTests.deploy)/slurm/batch.sbatch \(jobs)", environment: env)
        #expect(batch.status == 0, "\(batch.stderr)")

        // Wait for every job to leave the queue (bounded).
        let deadline = Date().addingTimeInterval(180)
        while Date() < deadline {
            let q = try shell("squeue -h -o %i", environment: env)
            if q.status == 0 && q.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { break }
            usleep(500_000)
        }
        let states = try shell("scontrol show job | grep -o 'JobState=[A-Z]*' | sort | uniq -c", environment: env)
        #expect(FileManager.default.contents(atPath: "\(dir)/slurm.png") == (try unsharded("full.png")), "\(states.stdout)")
        for k in 0..<4 { #expect(FileManager.default.fileExists(atPath: "\(dir)/b\(k).png"), "batch job \(k): \(states.stdout)") }
        for k in 0..<2 {
            let summary = (try? String(contentsOfFile: "\(jobs).summary-\(k).jsonl", encoding: .utf8)) ?? ""
            #expect(summary.split(separator: "\n").count == 2 && summary.contains("\"status\":\"done\""), "task \(k): \(summary)")
        }
    }
}
