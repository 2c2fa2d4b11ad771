// SPDX-License-Identifier: MIT
import FXCore
import Glibc

// Benchmarks, not tests: figures to quote, printed side by side.
// Usage: fxbench [sampling [LAYERS [SAMPLES]] | particles [FRAMES] | startup | render [SCENE] | apng | memory | frame SCENE SECONDS FILE | composite SCENE FRAMES] (default: all)

/// Monotonic seconds, for measuring only (the engine never reads a clock).
func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A stage with `count` layers, each running a basic (easeInEaseOut), a keyframe and a spring animation.
func makeTree(_ count: Int) throws -> Stage {
    let stage = Stage(size: Size(1280, 720))
    let keyframes = Keyframes(values: [.number(0), .number(1), .number(0.5)], keyTimes: [0, 0.3, 1])
    for i in 0..<count {
        let l = stage.makeLayer(.layer, name: "l\(i)")
        try l.set(.bounds, .rect(Rect(0, 0, 10, 10)))
        try stage.root.addSublayer(l)
        var a = Animation.basic(KeyPath(.position, .x), from: .number(0), to: .number(Double(i % 1280)))
        a.timingFunction = .easeInEaseOut
        a.timing.duration = 2
        a.timing.repeatCount = .infinity
        try l.add(a, forKey: "move")
        var k = Animation.keyframe(KeyPath(.opacity), keyframes)
        k.timing.duration = 1.5
        k.timing.repeatCount = .infinity
        try l.add(k, forKey: "blink")
        var s = Animation.spring(KeyPath(.bounds, .sizeWidth), from: .number(10), to: .number(40),
                                 spring: Spring(duration: 1, dampingRatio: 0.4))
        s.timing.duration = 1
        s.timing.repeatCount = .infinity
        try l.add(s, forKey: "grow")
    }
    return stage
}

func benchSampling() throws {
    print("sampling: whole tree, 3 running animations per layer (basic easeInEaseOut, keyframe, spring), release build")
    print("  layers    animations   ms/sample   ns/animation   CPU ms/sample (both threads)")
    var perAnimation: [Double] = [], cpuPerAnimation: [Double] = []
    for count in (CommandLine.arguments.count > 2 ? [Int(CommandLine.arguments[2])!] : [1_000, 10_000, 100_000]) {
        let stage = try makeTree(count)
        var checksum = 0.0
        _ = Sampler.snapshot(of: stage, at: 0.01)  // warm up
        // At least 5 samples and about a second of them, or exactly as many as asked
        // (for counting instructions, which other programs' load does not change).
        let exactly = CommandLine.arguments.count > 3 ? Int(CommandLine.arguments[3]) : nil
        var samples = 0
        let start = seconds(), cpuStart = cpuSeconds()
        while exactly.map({ samples < $0 }) ?? (samples < 5 || seconds() - start < 1) {
            let snap = Sampler.snapshot(of: stage, at: 0.1 + Double(samples) / 60)
            checksum += snap.layers[count / 2].number(.opacity)
            samples += 1
        }
        let ms = (seconds() - start) / Double(samples) * 1000
        let cpu = (cpuSeconds() - cpuStart) / Double(samples) * 1000
        let ns = ms * 1e6 / Double(count * 3)
        perAnimation.append(ns)
        cpuPerAnimation.append(cpu * 1e6 / Double(count * 3))
        var row = pad("  \(count)", 12) + pad("\(count * 3)", 13)
        row += pad(format3(ms), 12) + pad(format3(ns), 15) + format3(cpu)
        print(row + (checksum.isNaN ? " (NaN!)" : ""))
    }
    if perAnimation.count == 3 {
        // 1,000 layers are sampled on one thread, 10,000 and more on two: the CPU time is the work's growth.
        print("  growth 1k → 100k: \(format3(perAnimation[2] / perAnimation[0]))× per animation in time, "
              + "\(format3(cpuPerAnimation[2] / cpuPerAnimation[0]))× in CPU time (1.0 = linear; 1k runs on one thread)")
    }
    print("  target: ≤ 3 ms per sample at 10,000 layers, growth linear to 100k; \(loadAverage())")
}

/// Seconds of CPU this process has used, all threads: on a loaded machine
/// it shows what the work costs when wall time also counts other programs.
func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The load average over the last minute, printed beside figures measured on a shared machine.
func loadAverage() -> String {
    var loads = [Double](repeating: 0, count: 3)
    return getloadavg(&loads, 3) > 0 ? "load \(format3(loads[0]))" : "load unknown"
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }

func format3(_ v: Double) -> String {
    let r = (v * 1000).rounded() / 1000
    return "\(r)"
}

/// Wall time of one run of `argv`, output discarded.
func timeRun(_ argv: [String]) -> Double {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let cargs = argv.map { strdup($0) } + [nil]
    defer { cargs.forEach { free($0) } }
    let start = seconds()
    guard posix_spawn(&pid, argv[0], &actions, nil, cargs, environ) == 0 else {
        print("fxbench: cannot run \(argv[0])")
        exit(1)
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let t = seconds() - start
    posix_spawn_file_actions_destroy(&actions)
    return t
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

func benchStartup() {
    let exe = CommandLine.arguments[0]
    let folder = exe.lastIndex(of: "/").map { String(exe[..<$0]) } ?? "."
    let host = [folder + "/fxhost", "--plugin", folder + "/libcube.so", "--time", "0", "--sink", "jsonl"]
    let trivial = [folder + "/fxbench-trivial"]
    for argv in [host, trivial] { _ = timeRun(argv) }  // warm the page cache
    var a: [Double] = [], b: [Double] = []
    for _ in 0..<30 {
        a.append(timeRun(host))
        b.append(timeRun(trivial))
    }
    let ha = median(a) * 1000, tb = median(b) * 1000
    print("startup: wall time, median of 30 runs, side by side")
    print("  fxhost --plugin cube.so --time 0 --sink jsonl   \(format3(ha)) ms")
    print("  a trivial Swift program                         \(format3(tb)) ms")
    print("  ratio \(format3(ha / tb))× (target ≤ 2.5×)")
}

let which = CommandLine.arguments.dropFirst().first ?? "all"
do {
    if which == "all" || which == "sampling" { try benchSampling() }
    if which == "all" || which == "particles" { try benchParticles() }
    if which == "all" || which == "startup" { benchStartup() }
    let exe = CommandLine.arguments[0]
    let folder = exe.lastIndex(of: "/").map { String(exe[..<$0]) } ?? "."
    if which == "all" || which == "render" { try benchRender(folder: folder) }
    if which == "all" || which == "apng" { try benchAPNG(folder: folder) }
    // Peak memory is per process: measured in a fresh one, so earlier benchmarks do not count.
    if which == "all" { print(capture([CommandLine.arguments[0], "memory"]), terminator: "") }
    if which == "memory" { try benchMemory() }
    if which == "composite" { try compositeFrames(Array(CommandLine.arguments.dropFirst(2))) }
    if which == "frame" { try writeFrame(Array(CommandLine.arguments.dropFirst(2))) }
} catch {
    print("fxbench: \(error)")
    exit(1)
}
