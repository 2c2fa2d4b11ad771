// SPDX-License-Identifier: MIT
import FXCore
import FXRender

// An emitter at particle scale (issue: ≥ 200 frames per second with 10,000 live
// particles, sampled and rendered at 1280×720, release build).

extension Scenes {
    /// Snow as the seed's snow view makes it, but dense: 1,000 flakes a second
    /// from a line above the top edge, each living exactly 10 s, so from 10 s
    /// on 10,000 (or 10,001) are alive at every instant, spread down the frame.
    static func blizzard() throws -> Stage {
        let stage = Stage(size: size)
        try stage.root.set(.backgroundColor, .color(Color(red: 0.45, green: 0.5, blue: 0.58)))
        let snow = stage.makeLayer(.emitter, name: "snow")
        try snow.setFrame(Rect(0, 0, size.width, size.height))
        try snow.set(.emitterShape, .string("line"))
        try snow.set(.emitterPosition, .point(Point(size.width / 2, -8)))
        try snow.set(.emitterSize, .size(Size(size.width * 1.2, 0)))
        try snow.set(.seed, .number(2024))
        var flake = EmitterCell(name: "flake")
        try flake.set("contents", .image(Image(width: 16, height: 16, pixels: disc(16), label: "flake")))
        flake[.birthRate] = 1000
        flake[.lifetime] = 10
        flake[.velocity] = 40
        flake[.velocityRange] = 20
        flake[.emissionLongitude] = Double.pi  // a line emitter: down the screen (docs/emitters.md)
        flake[.emissionRange] = Double.pi / 4
        flake[.yAcceleration] = 5
        flake[.xAcceleration] = 2
        flake[.scale] = 0.5
        flake[.scaleRange] = 0.3
        flake[.spinRange] = 1.5
        flake[.alphaRange] = 0.3
        try snow.addEmitterCell(flake)
        try stage.root.addSublayer(snow)
        return stage
    }

    /// A soft white disc (premultiplied, so white where opaque).
    static func disc(_ n: Int) -> [UInt8] {
        var px = [UInt8](repeating: 0, count: n * n * 4)
        let c = Double(n - 1) / 2
        for y in 0..<n {
            for x in 0..<n {
                let d = (((Double(x) - c) * (Double(x) - c) + (Double(y) - c) * (Double(y) - c)).squareRoot()) / (c + 0.5)
                let a = UInt8((max(0, min(1, (1 - d) * 2.5)) * 255).rounded())
                for k in 0..<4 { px[(y * n + x) * 4 + k] = a }
            }
        }
        return px
    }
}

/// FNV-1a over bytes, for telling whether two builds draw the same frames.
struct FNV1a {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for b in bytes { value = (value ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    }
    mutating func add(_ x: Double) { withUnsafeBytes(of: x.bitPattern.littleEndian) { add($0) } }
}

/// `particles FRAMES hash`: the benchmark's frames (frame 0 at 10 s, then
/// FRAMES more at 60 a second, as timed) and their particles, hashed, so that a
/// faster build can be shown to draw the same bytes as the one before it.
func hashParticleFrames(_ frames: Int) throws {
    let stage = try Scenes.blizzard()
    let renderer = Renderer(stageSize: Scenes.size)
    var pixels = FNV1a(), particles = FNV1a()
    for f in 0...frames {
        let snap = try stage.sample(at: 10 + Double(f) / 60)
        for p in snap.layer(named: "snow")?.particles?.particles ?? [] {
            for x in [p.x, p.y, p.z, p.scale, p.rotation, p.color.red, p.color.green, p.color.blue, p.color.alpha,
                      Double(p.cell), p.birth, p.speed] { particles.add(x) }
        }
        renderer.render(snap) { rows in
            for y in 0..<rows.height { pixels.add(UnsafeRawBufferPointer(start: rows.base + y * rows.stride, count: rows.width * 4)) }
        }
    }
    print("particles: \(frames + 1) frames from 10 s at 60 a second")
    print("  pixels    \(String(pixels.value, radix: 16))")
    print("  particles \(String(particles.value, radix: 16))")
}

func benchParticles() throws {
    if CommandLine.arguments.count > 3, CommandLine.arguments[3] == "hash", let n = Int(CommandLine.arguments[2]) {
        return try hashParticleFrames(n)
    }
    print("particles: an emitter with 10,000 live flakes, sampled and rendered each frame at 1280×720 (release build)")
    let stage = try Scenes.blizzard()
    let renderer = Renderer(stageSize: Scenes.size)
    let first = try stage.sample(at: 10)
    let live = first.layer(named: "snow")?.particles?.particles.count ?? 0
    renderer.composite(first)
    // At least 10 frames and about 2 s of them, or exactly as many as asked
    // (for counting instructions, which other programs' load does not change).
    let exactly = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) : nil
    var frames = 0, sampling = 0.0
    var each: [Double] = []
    let start = seconds(), cpuStart = cpuSeconds()
    while exactly.map({ frames < $0 }) ?? (frames < 10 || seconds() - start < 2) {
        let t0 = seconds()
        let snap = try stage.sample(at: 10 + Double(frames + 1) / 60)
        sampling += seconds() - t0
        renderer.composite(snap)
        each.append(seconds() - t0)
        frames += 1
    }
    let elapsed = seconds() - start, cpu = cpuSeconds() - cpuStart
    let fps = Double(frames) / elapsed
    print("  live particles \(live); \(format3(fps)) fps: \(format3(sampling / Double(frames) * 1000)) ms sampling + "
          + "\(format3((elapsed - sampling) / Double(frames) * 1000)) ms rendering a frame")
    print("  CPU time \(format3(cpu / Double(frames) * 1000)) ms a frame (\(format3(Double(frames) / cpu)) fps of CPU); \(loadAverage())")
    // Under other programs' load the mean moves most; the median and fastest frames less.
    each.sort()
    print("  median frame \(format3(each[each.count / 2] * 1000)) ms (\(format3(1 / each[each.count / 2])) fps), "
          + "fastest \(format3(each[0] * 1000)) ms")
    print("  target ≥ 200 fps: \(format3(fps / 200))× the target")
}
