// SPDX-License-Identifier: MIT
import Foundation

/// What a finished process said.
public struct ProcessResult {
    public let status: Int32
    /// Standard output as text, decoded when asked for: decoding megabytes of
    /// video as UTF-8 repairs every invalid byte, and under Swift Testing each
    /// repair captures a backtrace (30 s for a 4 MB Y4M stream).
    public var stdout: String { String(decoding: data, as: UTF8.self) }
    public let stderr: String
    /// Standard output as bytes (for binary output such as raw video).
    public let data: Data
}

/// Runs a program to completion. Output goes through files, not pipes, so
/// nothing blocks however much is written; FX_PLUGIN_PATH is cleared unless given.
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                       cwd: String? = nil) throws -> ProcessResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "FX_PLUGIN_PATH")
    for (k, v) in environment { env[k] = v }
    p.environment = env
    if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("fxhost-run-\(UUID().uuidString)").path
    _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
    _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
    defer {
        try? FileManager.default.removeItem(atPath: base + ".out")
        try? FileManager.default.removeItem(atPath: base + ".err")
    }
    p.standardOutput = FileHandle(forWritingAtPath: base + ".out")
    p.standardError = FileHandle(forWritingAtPath: base + ".err")
    p.standardInput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    let out = FileManager.default.contents(atPath: base + ".out") ?? Data()
    let err = FileManager.default.contents(atPath: base + ".err") ?? Data()
    return ProcessResult(status: p.terminationStatus, stderr: String(decoding: err, as: UTF8.self), data: out)
}

public enum TestSupport {
    /// The folder holding the test bundle, fxhost and the built plugins.
    public static let binFolder: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // Under XCTest's runner the bundle may sit one level below the bin folder.
        if !FileManager.default.fileExists(atPath: dir.appendingPathComponent("fxhost").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir.path
    }()

    /// True in the AddressSanitizer pass (scripts/sanitize.sh). Suites whose work is in outside
    /// programs (Chromium, ffprobe on long videos, a Slurm cluster, dpkg) skip themselves there:
    /// that pass looks for memory errors in fxhost, and those suites already ran in the ordinary pass.
    public static let isSanitizerPass: Bool = ProcessInfo.processInfo.environment["FXHOST_SANITIZER_PASS"] == "1"

    /// A fresh temporary folder, inside one folder for this test process that is removed when
    /// the process exits: a suite run makes about two thousand, some holding Debian packages
    /// and videos, and left behind they fill the disk over a few runs. Names are short (mkdtemp's
    /// six characters): the Slurm test's munged puts its socket three folders down, and a
    /// socket's path must fit in 108 bytes.
    public static func temporaryFolder() throws -> String {
        try makeFolder(in: testProcessFolder, prefix: "")
    }

    /// A new folder `prefix` + six random characters in `parent` (mkdtemp(3)).
    static func makeFolder(in parent: String, prefix: String) throws -> String {
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        var template = Array((parent + "/" + prefix + "XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: parent, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The folder `temporaryFolder()` makes its folders in; made, and its removal at exit
    /// registered, on first use. Only the process that made it removes it: a child a test forks
    /// that ends with exit() runs the handler too, while the other tests still use the folder.
    static let testProcessFolder: String = {
        let temporary = FileManager.default.temporaryDirectory.path
        let dir = (try? makeFolder(in: temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary, prefix: "fxhost-tests-"))
            ?? temporary + "/fxhost-tests-\(getpid())"
        _ = TestSupport.testProcessId
        atexit {
            guard getpid() == TestSupport.testProcessId else { return }
            try? FileManager.default.removeItem(atPath: TestSupport.testProcessFolder)
        }
        return dir
    }()
    /// The process that made `testProcessFolder` (read as the folder is made).
    static let testProcessId = getpid()

    /// An installed program's path, or nil.
    public static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// ffmpeg and ffprobe, the independent decoder the image tests read outputs back with.
public enum FFmpeg {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "ffmpeg/ffprobe are not installed: run scripts/setup.sh --test (the README's test command does)" }
    }

    static func tool(_ name: String) throws -> String {
        guard let path = TestSupport.which(name) else { throw Missing() }
        return path
    }

    /// Every frame of `file` as straight-alpha RGBA bytes.
    public static func rgbaFrames(_ file: String, width: Int, height: Int, pixelFormat: String = "rgba") throws -> [[UInt8]] {
        let r = try runProcess(try tool("ffmpeg"), ["-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", pixelFormat, "-vsync", "passthrough", "-"])
        guard r.status == 0 else { throw DecodeError(message: "ffmpeg could not decode \(file): \(r.stderr)") }
        let bytes = [UInt8](r.data)
        let channels = pixelFormat == "rgba" ? 4 : 3
        let size = width * height * channels
        guard size > 0, bytes.count % size == 0 else {
            throw DecodeError(message: "\(file): \(bytes.count) bytes is not a whole number of \(width)×\(height) frames")
        }
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// ffprobe's view of the first video stream: codec, size, frame count, and each frame's duration.
    public static func probe(_ file: String) throws -> (codec: String, width: Int, height: Int, durations: [Double]) {
        let r = try runProcess(try tool("ffprobe"), ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                     "stream=codec_name,width,height:frame=duration_time,pkt_duration_time",
                                                     "-of", "compact", file])
        guard r.status == 0 else { throw DecodeError(message: "ffprobe failed on \(file): \(r.stderr)") }
        var codec = "", w = 0, h = 0
        var durations: [Double] = []
        for line in r.stdout.split(separator: "\n") {
            let fields = Dictionary(line.split(separator: "|").dropFirst().compactMap { f -> (String, String)? in
                let kv = f.split(separator: "=", maxSplits: 1)
                return kv.count == 2 ? (String(kv[0]), String(kv[1])) : nil
            }, uniquingKeysWith: { a, _ in a })
            if line.hasPrefix("stream") {
                codec = fields["codec_name"] ?? ""
                w = Int(fields["width"] ?? "") ?? 0
                h = Int(fields["height"] ?? "") ?? 0
            } else if line.hasPrefix("frame") {
                durations.append(Double(fields["duration_time"] ?? fields["pkt_duration_time"] ?? "") ?? .nan)
            }
        }
        return (codec, w, h, durations)
    }

    public struct DecodeError: Error, CustomStringConvertible {
        public let message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }
}
