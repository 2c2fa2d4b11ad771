import Glibc

/// Where sinks write: standard output, or a file written under a temporary
/// name and renamed into place only when complete, so that a failed run
/// never leaves a half-written file over a good one.
public final class OutputFile {
    private var fd: Int32
    private let finalPath: String?
    private let tempPath: String?
    private var buffer: [UInt8] = []
    private var finished = false

    /// Told of each temporary file when it is made (true) and when it is
    /// renamed into place or removed (false), so that a supervising process
    /// can clean up after a child that died mid-write.
    nonisolated(unsafe) public static var temporaryFiles: ((String, Bool) -> Void)?

    /// Standard output.
    public init() {
        fd = 1; finalPath = nil; tempPath = nil
    }

    /// A file at `path` ("-" is standard output). Fails early, before any
    /// sampling, when the folder is missing or not writable.
    public init(path: String) throws {
        if path == "-" {
            fd = 1; finalPath = nil; tempPath = nil
            return
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."  // "/x" gives "", the root
        var template = Array((folder + "/.fxhost-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else {
            let why = String(cString: strerror(errno))
            throw OutputError("cannot write '\(path)': \(why) (the folder '\(folder)' must exist and be writable)")
        }
        fd = made
        finalPath = path
        tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        OutputFile.temporaryFiles?(tempPath!, true)
        fchmod(fd, 0o644)
    }

    deinit {
        if !finished { abandon() }
    }

    public func write(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        written += s.utf8.count
        if buffer.count >= 1 << 16 { try flush() }
    }

    public func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        written += bytes.count
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Bytes written so far.
    public private(set) var written = 0

    /// Whether this is a file (which can be patched), not a stream.
    public var isFile: Bool { tempPath != nil }

    /// Overwrites bytes already written at `offset` (files only: APNG's frame count).
    public func patch(at offset: Int, _ bytes: [UInt8]) throws {
        try flush()
        let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        guard n == bytes.count else {
            throw OutputError("cannot write \(finalPath.map { "'\($0)'" } ?? "standard output"): \(String(cString: strerror(errno)))")
        }
    }

    private func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let why = String(cString: strerror(errno))
                throw OutputError("cannot write \(finalPath.map { "'\($0)'" } ?? "standard output"): \(why)")
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Sends what is buffered now (a live preview), keeping the output open.
    public func commitFlush() throws { try flush() }

    /// Cuts a file back to `length` bytes (files only).
    public func truncate(to length: Int) throws {
        try flush()
        guard ftruncate(fd, off_t(length)) == 0, lseek(fd, off_t(length), SEEK_SET) >= 0 else {
            throw OutputError("cannot write \(finalPath.map { "'\($0)'" } ?? "standard output"): \(String(cString: strerror(errno)))")
        }
        written = length
    }

    /// Writes what is left and, for a file, renames it into place.
    public func commit() throws {
        try flush()
        finished = true
        guard let finalPath, let tempPath else { return }
        close(fd)
        defer { OutputFile.temporaryFiles?(tempPath, false) }
        guard rename(tempPath, finalPath) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(tempPath)
            throw OutputError("cannot write '\(finalPath)': \(why)")
        }
    }

    /// Drops a partial file.
    public func abandon() {
        finished = true
        guard let tempPath else { return }
        close(fd)
        unlink(tempPath)
        OutputFile.temporaryFiles?(tempPath, false)
    }
}

/// A failure to write an output.
public struct OutputError: Error, CustomStringConvertible {
    public let message: String
    public init(_ m: String) { message = m }
    public var description: String { message }
}
