// SPDX-License-Identifier: MIT
import FXCore
import FXRender
import FXImageSinks
import FXSinks
import Glibc

// Rendering benchmarks at 1280×720 (issue: ≥ 1.5× a plain cairo program, never below 1×),
// APNG writing against cairo_surface_write_to_png, and memory over a long 1080p render.

enum Scenes {
    static let size = Size(1280, 720)

    /// Text masked by a gradient whose locations sweep across (seed 003).
    static func shimmer() throws -> Stage {
        let stage = Stage(size: size)
        try stage.root.set(.backgroundColor, .color(.black))
        let label = stage.makeLayer(.text, name: "label")
        try label.setFrame(Rect(20, 320, 1240, 84))
        try label.set(.string, .string("slide to unlock"))
        try label.set(.fontSize, .number(56))
        try label.set(.alignmentMode, .string("center"))
        try stage.root.addSublayer(label)
        let g = 50.0 / 1240
        let mask = stage.makeLayer(.gradient, name: "mask")
        try mask.setFrame(Rect(0, 0, 1240, 84))
        try mask.set(.colors, .colors([Color(white: 1, alpha: 0.3), .white, Color(white: 1, alpha: 0.3)]))
        try mask.set(.startPoint, .point(Point(-g, 0.5)))
        try mask.set(.endPoint, .point(Point(1 + g, 0.5)))
        try label.setMask(mask)
        let a = Animation.basic(KeyPath(.locations), from: .numbers([0, g / 2, g]), to: .numbers([1 - g, 1 - g / 2, 1])).looping(0.5)
        try mask.add(a, forKey: "shimmer")
        return stage
    }

    /// A circle with a quarter arc turning by π/2 every 0.25 s (seed 002).
    static func spinner() throws -> Stage {
        let stage = Stage(size: size)
        try stage.root.set(.backgroundColor, .color(Color(red: 0.16, green: 0.5, blue: 0.73)))
        let button = stage.makeLayer(.layer, name: "button")
        try button.setFrame(Rect(595, 315, 90, 90))
        try button.set(.cornerRadius, .number(45))
        try button.set(.backgroundColor, .color(Color(red: 0.18, green: 0.8, blue: 0.44)))
        try stage.root.addSublayer(button)
        let arc = stage.makeLayer(.shape, name: "arc")
        var p = Path()
        p.arc(center: .zero, radius: 39, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        try arc.set(.path, .path(p))
        try arc.set(.position, .point(Point(45, 45)))
        try arc.set(.fillColor, .color(.clear))
        try arc.set(.strokeColor, .color(.white))
        try arc.set(.lineWidth, .number(3))
        try button.addSublayer(arc)
        var spin = Animation.basic(KeyPath(.transform), to: .transform(.rotation(.pi / 2, 0, 0, 1))).looping(0.25)
        spin.isCumulative = true
        try arc.add(spin, forKey: "spin")
        return stage
    }

    /// Two full-frame images, the top one fading in over and over (seed 004).
    static func crossfade() throws -> Stage {
        let stage = Stage(size: size)
        func sky(_ top: (Double, Double, Double), _ bottom: (Double, Double, Double)) -> Image {
            var px = [UInt8](repeating: 255, count: 1280 * 720 * 4)
            for y in 0..<720 {
                let v = Double(y) / 719
                for x in 0..<1280 {
                    let i = (y * 1280 + x) * 4
                    px[i] = UInt8(((top.0 + (bottom.0 - top.0) * v) * 255).rounded())
                    px[i + 1] = UInt8(((top.1 + (bottom.1 - top.1) * v) * 255).rounded())
                    px[i + 2] = UInt8(((top.2 + (bottom.2 - top.2) * v) * 255).rounded())
                }
            }
            return Image(width: 1280, height: 720, pixels: px, label: "sky")
        }
        for (name, image) in [("old", sky((0.25, 0.55, 0.9), (0.65, 0.85, 1))), ("new", sky((0.45, 0.5, 0.58), (0.85, 0.87, 0.9)))] {
            let l = stage.makeLayer(.layer, name: name)
            try l.setFrame(Rect(0, 0, 1280, 720))
            try l.set(.contents, .image(image))
            try stage.root.addSublayer(l)
            if name == "new" {
                let fade = Animation.basic(KeyPath(.opacity), from: .number(0), to: .number(1)).looping(0.33)
                try l.add(fade, forKey: "fade")
            }
        }
        return stage
    }
}

extension Scenes {
    /// A label turning from one text to another as on two faces of a cube, over and over (seed 004's
    /// cubeTransition, as the cube plugin builds it with its defaults): the old text squashes to
    /// (1, 0.1) and moves up by half its height while the new one opens from below, 0.5 s, ease-out.
    static func cube() throws -> Stage {
        let stage = Stage(size: size)
        try stage.root.set(.backgroundColor, .color(.black))
        let squashed = Transform3D.scale(1, 0.1).concatenating(.translation(0, 25))
        let away = Transform3D.scale(1, 0.1).concatenating(.translation(0, -25))
        for (name, text, from, to) in [("label", "London", Transform3D.identity, away), ("aux", "Paris", squashed, .identity)] {
            let label = stage.makeLayer(.text, name: name)
            try label.setFrame(Rect(0, 335, 1280, 50))
            try label.set(.string, .string(text))
            try label.set(.fontSize, .number(36))
            try label.set(.alignmentMode, .string("center"))
            try stage.root.addSublayer(label)
            var turn = Animation.basic(KeyPath(.transform), from: .transform(from), to: .transform(to)).looping(0.5)
            turn.timingFunction = .easeOut
            try label.add(turn, forKey: "cube")
        }
        return stage
    }

    /// The BahamaAir login screen (seeds 000 and 001, as the pulse plugin lays it out on a 320 × 568
    /// screen scaled to the stage's height): the sky, the title and two fields flying in and pulsing
    /// when they land, four clouds fading in and drifting, the login button rising and fading in, the
    /// info label sliding in. Every motion is a piecewise-linear track (`LoginScene.tracks`) looping
    /// every 2 s, so that the cairo program can draw the very same frames.
    static func login() throws -> Stage {
        let stage = Stage(size: size)
        try stage.root.set(.backgroundColor, .color(.black))
        let w = LoginScene.width, h = LoginScene.height, s = LoginScene.scale
        let view = stage.makeLayer(.layer, name: "view")
        try view.set(.bounds, .rect(Rect(0, 0, w, h)))
        try view.set(.position, .point(Point(640, 360)))
        try view.set(.transform, .transform(.scale(s, s)))
        try view.set(.masksToBounds, .bool(true))
        try stage.root.addSublayer(view)
        let sky = stage.makeLayer(.gradient, name: "background")
        try sky.setFrame(Rect(0, 0, w, h))
        try sky.set(.colors, .colors([LoginScene.skyTop, LoginScene.skyBottom]))
        try view.addSublayer(sky)
        func text(_ name: String, _ string: String, _ frame: Rect, _ size: Double, _ color: Color, _ align: String) throws -> Layer {
            let l = stage.makeLayer(.text, name: name)
            try l.setFrame(frame)
            try l.set(.string, .string(string))
            try l.set(.fontSize, .number(size))
            try l.set(.foregroundColor, .color(color))
            try l.set(.alignmentMode, .string(align))
            return l
        }
        var layers: [String: Layer] = [:]
        layers["title"] = try text("title", "Bahama Login", Rect(0, 120, w, 36), 28, .white, "center")
        for (name, placeholder, y) in [("username", "  Username", 202.0), ("password", "  Password", 263.0)] {
            let field = stage.makeLayer(.layer, name: name)
            try field.setFrame(Rect(30, y, w - 60, 40))
            try field.set(.backgroundColor, .color(.white))
            try field.set(.cornerRadius, .number(5))
            try field.addSublayer(try text("placeholder", placeholder, Rect(4, 10, w - 68, 22), 16, Color(white: 0.7), "left"))
            layers[name] = field
        }
        for name in ["title", "username", "password"] { try view.addSublayer(layers[name]!) }
        for (i, f) in LoginScene.clouds.enumerated() {
            let cloud = stage.makeLayer(.shape, name: "cloud\(i + 1)")
            try cloud.setFrame(f)
            var p = Path()
            for e in LoginScene.cloudEllipses(f.size.width, f.size.height) { p.addEllipse(in: e) }
            try cloud.set(.path, .path(p))
            try cloud.set(.fillColor, .color(Color(white: 1, alpha: 0.95)))
            try view.addSublayer(cloud)
            layers["cloud\(i + 1)"] = cloud
        }
        layers["info"] = try text("info", "Tap on a field and enter username and password", Rect(0, 428, w, 30), 12, .white, "center")
        try view.addSublayer(layers["info"]!)
        let button = stage.makeLayer(.layer, name: "login")
        try button.setFrame(Rect(30, 343, 260, 50))
        try button.set(.backgroundColor, .color(LoginScene.green))
        try button.set(.cornerRadius, .number(5))
        try button.addSublayer(try text("label", "Login", Rect(0, 13, 260, 24), 18, Color(red: 1, green: 0, blue: 0), "center"))
        try view.addSublayer(button)
        layers["login"] = button
        for track in LoginScene.tracks {
            let keyPath: KeyPath = switch track.property {
            case "position.x": KeyPath(.position, .x)
            case "position.y": KeyPath(.position, .y)
            case "transform.scale": KeyPath(.transform, .scale)
            default: KeyPath(.opacity)
            }
            let a = Animation.keyframe(keyPath, Keyframes(values: track.points.map { .number($0.1) },
                                                          keyTimes: track.points.map { $0.0 / LoginScene.period }))
                .looping(LoginScene.period)
            try layers[track.layer]!.add(a, forKey: track.property)
        }
        return stage
    }
}

/// The login scene's numbers, which Benchmarks/cairo-baseline/baseline.c repeats.
enum LoginScene {
    static let width = 320.0, height = 568.0, scale = 720.0 / 568, period = 2.0
    static let skyTop = Color(red: 0.27, green: 0.6, blue: 0.89), skyBottom = Color(red: 0.68, green: 0.86, blue: 0.98)
    static let green = Color(red: 0.63, green: 0.84, blue: 0.35)
    static let clouds = [Rect(-120, 79, 160, 50), Rect(256, 213, 160, 50), Rect(284, 503, 74, 35), Rect(22, 545, 115, 50)]
    static func cloudEllipses(_ w: Double, _ h: Double) -> [Rect] {
        [Rect(0, h * 0.35, w * 0.55, h * 0.65), Rect(w * 0.25, 0, w * 0.5, h * 0.9), Rect(w * 0.45, h * 0.3, w * 0.55, h * 0.7)]
    }
    /// A layer's property through the 2 s loop: (seconds, value) points, linear between them.
    struct Track {
        let layer: String, property: String, points: [(Double, Double)]
    }
    static let tracks: [Track] = {
        var t: [Track] = []
        // flyRight (0.5 s; the fields 0.3 and 0.4 s later), then the pulse 1.25 → 1 over 0.25 s.
        for (layer, delay) in [("title", 0.0), ("username", 0.3), ("password", 0.4)] {
            t.append(Track(layer: layer, property: "position.x", points: [(0, -160), (delay, -160), (delay + 0.5, 160), (2, 160)]))
            let land = delay + 0.5
            t.append(Track(layer: layer, property: "transform.scale",
                           points: [(0, 1), (land, 1), (land + 0.001, 1.25), (land + 0.25, 1), (2, 1)]))
        }
        // The clouds fade in, staggered by 0.2 s, and drift 40 points to the right.
        for (i, f) in clouds.enumerated() {
            let delay = 0.5 + 0.2 * Double(i)
            t.append(Track(layer: "cloud\(i + 1)", property: "opacity", points: [(0, 0), (delay, 0), (delay + 0.5, 1), (2, 1)]))
            t.append(Track(layer: "cloud\(i + 1)", property: "position.x", points: [(0, f.midX), (2, f.midX + 40)]))
        }
        // The button rises 30 points and fades in from 0.5 s; the info label slides in from the right.
        t.append(Track(layer: "login", property: "position.y", points: [(0, 398), (0.5, 398), (1, 368), (2, 368)]))
        t.append(Track(layer: "login", property: "opacity", points: [(0, 0), (0.5, 0), (1, 1), (2, 1)]))
        t.append(Track(layer: "info", property: "position.x", points: [(0, 480), (1.5, 160), (2, 160)]))
        t.append(Track(layer: "info", property: "opacity", points: [(0, 0.2), (1.5, 1), (2, 1)]))
        return t
    }()
}

extension Animation {
    /// The animation repeating forever, a cycle every `duration` seconds: every scene loops.
    func looping(_ duration: Double) -> Animation {
        var a = self
        a.timing.duration = duration
        a.timing.repeatCount = .infinity
        return a
    }
}

/// Runs a program and returns its standard output.
func capture(_ argv: [String]) -> String {
    var fds: [Int32] = [0, 0]
    pipe(&fds)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    let cargs = argv.map { strdup($0) } + [nil]
    defer { cargs.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, argv[0], &actions, nil, cargs, environ) == 0 else { return "" }
    close(fds[1])
    var out = [UInt8]()
    var buf = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fds[0], &buf, buf.count)
        if n <= 0 { break }
        out += buf[0..<n]
    }
    close(fds[0])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    posix_spawn_file_actions_destroy(&actions)
    return String(decoding: out, as: UTF8.self)
}

/// Frames per second of the cairo program drawing `scene` for `seconds`, or nil without it.
func cairoFPS(_ baseline: String, _ scene: String, seconds: Double) -> Double? {
    let line = capture([baseline, "render", "\(seconds)", scene]).split(separator: "\n").first { $0.hasPrefix(scene + " ") }
    return line.flatMap { Double($0.split(separator: " ")[1]) }
}

func benchRender(folder: String) throws {
    let only = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : nil
    if let only, !renderScenes.contains(where: { $0.0 == only }) {
        print("fxbench: no render scene called \(only) (\(renderScenes.map(\.0).joined(separator: ", ")))")
        exit(2)
    }
    print("render: frames per second at 1280×720, drawing only (release build), against a careful plain-cairo program")
    print("  (each scene alternately, 5 rounds of 0.5 s each; the best round of each, so that other programs' load")
    print("  counts least; the cairo program is Benchmarks/cairo-baseline/baseline.c)")
    let baseline = folder + "/cairo-baseline"
    if access(baseline, X_OK) != 0 { print("  (the cairo baseline is missing: run scripts/bench.sh, which builds it)") }
    print("  scene       fxhost fps   cairo fps   ratio    target")
    for (name, make) in renderScenes where only == nil || only == name {
        let stage = try make()
        let renderer = Renderer(stageSize: Scenes.size)
        // Snapshots first: this measures drawing, as the baseline does.
        var snapshots: [Snapshot] = []
        for i in 0..<120 { snapshots.append(try stage.sample(at: Double(i) / 60)) }
        renderer.composite(snapshots[0])
        var ours = 0.0, theirs: Double? = nil
        var frames = 0
        for _ in 0..<5 {
            if let c = cairoFPS(baseline, name, seconds: 0.5) { theirs = max(theirs ?? 0, c) }
            var n = 0
            let start = seconds()
            while seconds() - start < 0.5 {
                renderer.composite(snapshots[frames % snapshots.count])
                frames += 1
                n += 1
            }
            ours = max(ours, Double(n) / (seconds() - start))
        }
        let ratio = theirs.map { ours / $0 }
        let verdict = ratio.map { $0 >= 1.5 ? "met" : $0 >= 1 ? "below 1.5×" : "BELOW 1×" } ?? "-"
        print("  " + pad(name, 12) + pad(format3(ours), 13) + pad(theirs.map(format3) ?? "-", 12)
              + pad(ratio.map { format3($0) + "×" } ?? "-", 9) + "≥ 1.5× (\(verdict))")
    }
    print("  target: every scene ≥ 1.5× the cairo program, never below 1×; \(loadAverage())")
}

/// The render scenes by name, in the order the benchmark runs them.
let renderScenes: [(String, @Sendable () throws -> Stage)] = [
    ("shimmer", Scenes.shimmer), ("spinner", Scenes.spinner), ("crossfade", Scenes.crossfade),
    ("cube", Scenes.cube), ("login", Scenes.login),
]

/// `fxbench frame SCENE SECONDS FILE`: one frame of a render scene as a binary PPM (over black), to set
/// beside `cairo-baseline frame SCENE SECONDS FILE` and see that both programs draw the same picture.
func writeFrame(_ arguments: [String]) throws {
    guard arguments.count == 3, let make = renderScenes.first(where: { $0.0 == arguments[0] })?.1,
          let t = Double(arguments[1]), t.isFinite, t >= 0 else {
        print("usage: fxbench frame SCENE SECONDS FILE, SCENE one of \(renderScenes.map(\.0).joined(separator: ", "))")
        exit(2)
    }
    let frame = Renderer(stageSize: Scenes.size).render(try make().sample(at: t))
    let bytes = Array("P6\n\(frame.width) \(frame.height)\n255\n".utf8) + frame.opaque()
    guard let f = fopen(arguments[2], "wb"), fwrite(bytes, 1, bytes.count, f) == bytes.count, fclose(f) == 0 else {
        print("fxbench: cannot write \(arguments[2])")
        exit(1)
    }
}

/// `fxbench composite SCENE FRAMES`: draws exactly FRAMES frames of a render scene and nothing else,
/// for counting instructions (`valgrind --tool=callgrind`), which other programs' load does not change.
func compositeFrames(_ arguments: [String]) throws {
    guard arguments.count == 2, let make = renderScenes.first(where: { $0.0 == arguments[0] })?.1,
          let count = Int(arguments[1]), count >= 0 else {
        print("usage: fxbench composite SCENE FRAMES, SCENE one of \(renderScenes.map(\.0).joined(separator: ", "))")
        exit(2)
    }
    let stage = try make()
    var snapshots: [Snapshot] = []
    for i in 0..<120 { snapshots.append(try stage.sample(at: Double(i) / 60)) }
    let renderer = Renderer(stageSize: Scenes.size)
    for i in 0..<count { renderer.composite(snapshots[i % snapshots.count]) }
}

func benchAPNG(folder: String) throws {
    print("apng: 60 frames of the 720p spinner, rendered and written, against cairo_surface_write_to_png per frame")
    let dir = "/tmp/fxbench-\(getpid())"
    mkdir(dir, 0o755)
    defer { _ = capture(["/bin/rm", "-rf", dir]) }
    let stage = try Scenes.spinner()
    let path = dir + "/spinner.png"
    let start = seconds()
    let sink = try APNGWriter(renderer: Renderer(stageSize: Scenes.size), output: OutputFile(path: path, publication: .direct), frameInterval: 1.0 / 60)
    for i in 0..<60 { try sink.consume(try stage.sample(at: Double(i) / 60)) }
    try sink.finish()
    let ours = seconds() - start
    var st = stat()
    stat(path, &st)
    let parts = capture([folder + "/cairo-baseline", "png", dir]).split(separator: " ")
    if parts.count == 3, let theirs = Double(parts[1]), let bytes = Double(parts[2].trimmingCharacters()) {
        print("  fxhost APNG   \(format3(ours)) s   \(st.st_size) bytes")
        print("  cairo PNGs    \(format3(theirs)) s   \(Int(bytes)) bytes")
        print("  speed \(format3(theirs / ours))× (target ≥ 5×), size \(format3(Double(st.st_size) / bytes))× (target ≤ 1.5×)")
    } else {
        print("  fxhost APNG   \(format3(ours)) s   \(st.st_size) bytes   (the cairo baseline is missing)")
    }
}

/// Peak resident memory, in MiB (VmHWM).
func peakMiB() -> Double {
    guard let f = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, f) != nil {
        let s = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if s.hasPrefix("VmHWM:") { return (Double(s.split(separator: " ")[1]) ?? 0) / 1024 }
    }
    return 0
}

func benchMemory() throws {
    print("memory: 600 frames of the spinner at 1920×1080 written to an animated PNG; peak resident memory")
    // The spinner scene drawn at 1.5×: 1920×1080 pixels.
    let big = try Scenes.spinner()
    let path = "/tmp/fxbench-memory-\(getpid()).png"
    defer { unlink(path) }
    let sink = try APNGWriter(renderer: Renderer(stageSize: Scenes.size, scale: 1.5), output: OutputFile(path: path, publication: .direct),
                              frameInterval: 1.0 / 60)
    var marks: [(Int, Double)] = []
    for i in 0..<600 {
        try sink.consume(try big.sample(at: Double(i) / 60))
        if [50, 150, 300, 600].contains(i + 1) { marks.append((i + 1, peakMiB())) }
    }
    try sink.finish()
    print("  frames   peak MiB")
    for (n, m) in marks { print("  " + pad(String(n), 9) + format3(m)) }
    print("  growth from 50 to 600 frames: \(format3(marks.last!.1 - marks.first!.1)) MiB")
}

extension Substring {
    func trimmingCharacters() -> String { String(self.filter { !$0.isWhitespace }) }
}

