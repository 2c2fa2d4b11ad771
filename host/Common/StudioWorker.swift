// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXIsolation
import FXSinks
import Glibc

/// What the studio's worker draws with, given by the executable (it links the renderer; the command
/// line does not).
public enum StudioFrames {
    /// A frame as the worker answers it: the bytes of the PNG `fxhost … --time T --out f.png` writes,
    /// or the same pixels as straight RGBA, row by row from the top.
    public struct Frame {
        public let width: Int
        public let height: Int
        public let bytes: [UInt8]
        public init(width: Int, height: Int, bytes: [UInt8]) { self.width = width; self.height = height; self.bytes = bytes }
    }

    public enum Format: String { case png, rgba }

    /// Given a run's image target, draws snapshots in a format: the renderer is made once and
    /// kept, as a run keeps it from frame to frame.
    public typealias Painter = (_ target: ImageTarget) throws -> (_ snapshot: Snapshot, _ format: Format) throws -> Frame
}

/// `fxhost studio-worker --plugin P [--factory F] [params…] [--event T:N…]`, internal to the studio
/// (docs/STUDIO.md, "How it draws"): a supervised child loads the plugin and builds the effect once,
/// as a run of those words builds it, then answers requests on standard input, one line each:
///
///     frame T png|rgba      →  frame WIDTH HEIGHT LENGTH FROM SETTLED\n and LENGTH bytes on standard output
///
/// (FROM: the earliest time it draws next without building again; SETTLED: 1 once that no longer
/// moves, 0 before), and `rewind`, unanswered: build again now, so that the next frame may be at any
/// time (the studio's spare worker),
/// sampling the built stage at T and drawing it with the run's renderer. The clock runs forward
/// only (`Stage.advance`: what is due on the way may run plugin code). A time back to the clock's
/// last change to the tree (`Stage.unchangedSince`) is drawn from the tree as it is; one before it
/// is answered by a new child that builds again, from the state a run starts in: the parent
/// process never loads the plugin. Once nothing due can call plugin code (no timer, scripted event or
/// animation callback pending: `Stage.samplesInAnyOrder`), a sample is a pure function of T, and
/// the clock stays where it is: any later T, in any order, is drawn by the same build. A
/// failure (a crash, a hang past `--timeout`, a plugin error) ends the worker as it ends a run,
/// with its one error line and status; standard input closed ends it with 0.
func studioWorker(_ options: RunOptions) -> Int32 {
    let painter: StudioFrames.Painter = studioPainter
    warmUp(painter, options)
    var carried: String?
    while true {
        let (status, said) = isolatedSaying(options.supervision) { say in
            try StudioWorkerChild(options, painter: painter).serve(first: carried, rebuild: { say(StudioWorkerChild.rebuild + $0) })
        }
        guard status == 0, let last = said.last, last.hasPrefix(StudioWorkerChild.rebuild) else { return status }
        carried = String(last.dropFirst(StudioWorkerChild.rebuild.count))
    }
}

/// Loads what drawing needs (cairo, pango and the fonts it finds, loaded at the first drawing) in
/// the worker's own process by drawing a word on a small stage of fxhost's making: each child forked
/// for a build finds them loaded rather than loading them again. No plugin code runs here.
private func warmUp(_ painter: StudioFrames.Painter, _ options: RunOptions) {
    let stage = Stage(size: Size(32, 16))
    let word = stage.makeLayer(.text)
    try? word.set(.string, .string("fx"))
    try? word.setFrame(Rect(0, 0, 32, 16))
    try? stage.root.addSublayer(word)
    var target = options.output.imageTarget(options.stage, firstFrame: 0)
    target.kind = .png
    target.width = 32
    target.height = 16
    guard let draw = try? painter(target), let snapshot = try? stage.sample(at: 0) else { return }
    _ = try? draw(snapshot, .rgba)
}

/// The worker's child: the effect built as a `--time` run builds it, and the request loop.
struct StudioWorkerChild {
    /// What the child says when it needs a new build for a request (the request follows).
    static let rebuild = "rebuild "
    /// The request to build again ahead of time, unanswered: the next frame may be at any time.
    static let rewind = "rewind"
    /// The longest request line read.
    static let maxLine = 256

    let plan: RunPlan
    let draw: (Snapshot, StudioFrames.Format) throws -> StudioFrames.Frame

    init(_ options: RunOptions, painter: StudioFrames.Painter) throws {
        var o = options
        // A plan without outputs: the worker draws each frame itself and writes it to its answer.
        o.countFrames = true
        plan = try RunPlan(try LoadedFactory.load(&o), options: o)
        var target = plan.options.output.imageTarget(plan.options.stage, firstFrame: 0)
        target.kind = .png
        // As a run that renders frames counts its surface in the memory budget.
        plan.stage.memoryBudget?.surfaceBytes = Int((target.width * target.scale).rounded(.up) * (target.height * target.scale).rounded(.up)) * 4
        draw = try painter(target)
    }

    /// Answers requests until standard input ends; a request the built stage cannot answer (a time
    /// before the clock last changed the tree, `Stage.unchangedSince`) is handed to `rebuild`, and
    /// the child ends. A time from then to the clock's is sampled without moving it
    /// (`Stage.sampleBack`). Once nothing due can call plugin code (`Stage.samplesInAnyOrder`: at
    /// the build, or once the last callback has run), the clock stops where it is and every later
    /// time is sampled without moving it, in any order. Each answer says the earliest time this
    /// child draws without a new build (`unchangedSince`) and whether it has settled.
    func serve(first: String?, rebuild: (String) -> Void) throws {
        let input = LineReader(fd: 0, maxLine: StudioWorkerChild.maxLine)
        var next = first
        var settled = plan.stage.samplesInAnyOrder
        while let line = next ?? input.line() {
            next = nil
            if line == StudioWorkerChild.rewind {
                // Built again now, while nothing waits for it (the studio's spare), unless this one draws every time already.
                if plan.stage.unchangedSince > 0 { rebuild(line); return }
                continue
            }
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == "frame", let t = Double(words[1]), t.isFinite, t >= 0, t <= Options.maxEnd,
                  let format = StudioFrames.Format(rawValue: String(words[2])) else {
                throw HostError.usage("studio-worker: '\(line)' is not a request (frame T png|rgba)")
            }
            if t < plan.stage.unchangedSince {
                rebuild(line)
                return
            }
            let snapshot: Snapshot
            if t <= plan.stage.now {
                snapshot = try plan.stage.sampleBack(at: t)
            } else if settled {
                snapshot = try plan.stage.sampleInAnyOrder(at: t)
            } else {
                snapshot = try plan.stage.sample(at: t)
                settled = plan.stage.samplesInAnyOrder
            }
            let frame = try draw(snapshot, format)
            try answer(Array("frame \(frame.width) \(frame.height) \(frame.bytes.count) \(plan.stage.unchangedSince) \(settled ? 1 : 0)\n".utf8))
            try answer(frame.bytes)
        }
    }

    private func answer(_ bytes: [UInt8]) throws {
        let ok = bytes.withUnsafeBytes { Isolation.writeStandardOutput($0) }
        guard ok else { throw OutputError("cannot write the answer: \(String(cString: strerror(errno)))") }
    }
}

/// Lines from a descriptor, without their newline; nil at its end (or past `maxLine` bytes without one).
/// It reads a byte at a time, never past the newline: a child that ends to be built again (`rewind`,
/// an earlier time) leaves the requests after its line in the pipe, for the child after it.
struct LineReader {
    let fd: Int32
    let maxLine: Int

    init(fd: Int32, maxLine: Int) { self.fd = fd; self.maxLine = maxLine }

    func line() -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count <= maxLine {
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { return nil }
            if byte == 10 { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }
}
