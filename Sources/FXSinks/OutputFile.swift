// SPDX-License-Identifier: MIT
import Glibc

/// Where sinks write: standard output; a regular file, written as an unnamed
/// file in the target's folder (`UnnamedFile`; a named temporary file where the
/// filesystem has none) and renamed into place only when complete, so that a
/// failed run never leaves a half-written file over a good one; or a device,
/// FIFO or socket, written directly (renaming over one would replace the node itself).
/// Where its bytes go (standard output's writer, another process that holds the files) is the
/// `Publication` it is made with.
public final class OutputFile {
    private var fd: Int32
    private let finalPath: String?
    private var tempPath: String?
    /// The folder of an unnamed file being written (it gets a temporary name there at its commit).
    private var unnamedFolder: String?
    private var buffer: [UInt8] = []
    private var finished = false
    /// How messages name this output: as the user gave it.
    private let shown: String
    /// In a supervised child: the output's number at the supervisor, which holds the file.
    private var relayed: (remote: any RemoteOutputs, id: UInt32, isFile: Bool)?
    /// How this output reaches its destination (given when it is made).
    public let publication: Publication

    /// Whether standard output is a terminal, and how wide (`Publication.terminal`).
    public struct Terminal: Sendable {
        public var isTerminal: Bool
        public var columns: Int?

        public init(isTerminal: Bool, columns: Int?) {
            self.isTerminal = isTerminal; self.columns = columns
        }

        /// What descriptor `fd` is now.
        public static func of(_ fd: Int32) -> Terminal {
            guard isatty(fd) != 0 else { return Terminal(isTerminal: false, columns: nil) }
            var ws = winsize()
            let columns = ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0 && ws.ws_col > 0 ? Int(ws.ws_col) : nil
            return Terminal(isTerminal: true, columns: columns)
        }
    }

    /// How a temporary output file's name begins (six random letters and digits follow).
    static let temporaryPrefix = ".fxhost-"

    /// Standard output, written through `publication`.
    public init(publication: Publication) {
        fd = 1; finalPath = nil; tempPath = nil; shown = "standard output"
        self.publication = publication
    }

    /// A file at `path` ("-" is standard output). Fails early, before any
    /// sampling, when the folder is missing or not writable, or a device,
    /// FIFO or socket cannot be opened.
    /// `shownAs` is the name messages use (the path as the user gave it, when `given` was resolved).
    public init(path given: String, shownAs: String? = nil, publication: Publication) throws {
        self.publication = publication
        shown = given == "-" ? "standard output" : "'\(shownAs ?? given)'"
        if given == "-" {
            fd = 1; finalPath = nil; tempPath = nil
            return
        }
        let path = OutputFile.absolute(given)
        if let remote = publication.remote {
            let (id, isFile) = try remote.open(path, shown: shownAs ?? given)
            fd = -1; finalPath = path; tempPath = nil
            relayed = (remote, id, isFile)
            return
        }
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
            guard (st.st_mode & S_IFMT) != S_IFDIR else {
                throw OutputError("cannot write \(shown): it is a folder")
            }
            fd = try OutputFile.openDirect(path, shown, kind: st.st_mode & S_IFMT)
            finalPath = path; tempPath = nil
            return
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."  // "/x" gives "", the root
        if let unnamed = UnnamedFile.open(in: folder) {
            fd = unnamed
            finalPath = path; tempPath = nil; unnamedFolder = folder
            fchmod(fd, 0o644)
            return
        }
        var template = Array((folder + "/" + OutputFile.temporaryPrefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else {
            let why = String(cString: strerror(errno))
            throw OutputError("cannot write \(shown): \(why) (the folder '\(folder.isEmpty ? "/" : folder)' must exist and be writable)")
        }
        fd = made
        // Not to be inherited by the next process fxhost starts (a supervised child closes it anyway).
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        finalPath = path
        tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        publication.temporaryFile(tempPath!, true)
        fchmod(fd, 0o644)
    }

    /// `path` made absolute against the current folder, so that plugin code that changes
    /// folder cannot move an output or strand its temporary file.
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), path != "-" else { return path }
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buf, buf.count) != nil else { return path }
        let cwd = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (cwd == "/" ? "" : cwd) + "/" + path
    }

    /// Opens a device, FIFO or socket for writing in place.
    private static func openDirect(_ path: String, _ shown: String, kind: mode_t) throws -> Int32 {
        func failure(_ why: String) -> OutputError { OutputError("cannot write \(shown): \(why)") }
        if kind == S_IFSOCK {
            let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard s >= 0 else { throw failure(String(cString: strerror(errno))) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            let capacity = MemoryLayout.size(ofValue: address.sun_path)
            guard bytes.count < capacity else { close(s); throw failure("the socket's path is longer than \(capacity - 1) bytes") }
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw.copyBytes(from: bytes)
                raw[bytes.count] = 0
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard connected == 0 else {
                let why = String(cString: strerror(errno))
                close(s)
                throw failure("\(why) (it is a socket, and nothing accepts connections on it)")
            }
            return s
        }
        // A FIFO nobody reads would block the open forever: ask without waiting, then write blocking.
        let fd = open(path, O_WRONLY | O_CLOEXEC | (kind == S_IFIFO ? O_NONBLOCK : 0))
        guard fd >= 0 else {
            if kind == S_IFIFO && errno == ENXIO { throw failure("it is a FIFO and no process is reading it") }
            throw failure(String(cString: strerror(errno)))
        }
        if kind == S_IFIFO { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        return fd
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
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Small writes are gathered in a buffer; a write that would fill it goes out at once with what
    /// is buffered, in one system call and straight from `bytes` (a video frame is not copied on the way).
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        written += bytes.count
        if buffer.count + bytes.count < 1 << 16 {
            buffer.append(contentsOf: bytes)
            return
        }
        try buffer.withUnsafeBytes { try send([$0, bytes]) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Bytes written so far.
    public private(set) var written = 0

    /// Whether this is a file (which can be patched), not a stream.
    public var isFile: Bool { tempPath != nil || unnamedFolder != nil || relayed?.isFile == true }

    /// Overwrites bytes already written at `offset` (files only: APNG's frame count).
    public func patch(at offset: Int, _ bytes: [UInt8]) throws {
        try flush()
        if let relayed { return try relayed.remote.patch(relayed.id, at: offset, bytes) }
        let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        guard n == bytes.count else {
            throw OutputError("cannot write \(shown): \(String(cString: strerror(errno)))")
        }
    }

    private func flush() throws {
        try buffer.withUnsafeBytes { try send([$0]) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes `chunks` whole, in order: to standard output through the publication, to a
    /// descriptor in as few `writev` calls as it takes.
    private func send(_ chunks: [UnsafeRawBufferPointer]) throws {
        if let relayed { return try relayed.remote.write(relayed.id, chunks.filter { !$0.isEmpty }) }
        if fd == 1 && finalPath == nil {
            for chunk in chunks where !chunk.isEmpty {
                guard publication.writeStandardOutput(chunk) else {
                    throw OutputError("cannot write standard output: \(String(cString: strerror(errno)))")
                }
            }
            return
        }
        var parts = chunks.filter { !$0.isEmpty }.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
        var first = 0
        while first < parts.count {
            let n = parts[first...].withUnsafeBufferPointer { writev(fd, $0.baseAddress, Int32($0.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                let why = String(cString: strerror(errno))
                throw OutputError("cannot write \(shown): \(why)")
            }
            // Step over what went out: whole parts, then into the first one left.
            var left = n
            while first < parts.count && left >= parts[first].iov_len { left -= parts[first].iov_len; first += 1 }
            if left > 0 {
                parts[first].iov_base = parts[first].iov_base! + left
                parts[first].iov_len -= left
            }
        }
    }

    /// Sends what is buffered now (a live preview), keeping the output open.
    public func commitFlush() throws {
        try flush()
        if let relayed { try relayed.remote.flush(relayed.id) }
    }

    /// Cuts a file back to `length` bytes (files only).
    public func truncate(to length: Int) throws {
        try flush()
        if let relayed {
            try relayed.remote.truncate(relayed.id, to: length)
            written = length
            return
        }
        guard ftruncate(fd, off_t(length)) == 0, lseek(fd, off_t(length), SEEK_SET) >= 0 else {
            throw OutputError("cannot write \(shown): \(String(cString: strerror(errno)))")
        }
        written = length
    }

    /// Writes what is left and, for a file, renames it into place.
    public func commit() throws {
        try flush()
        finished = true
        if let relayed { return try relayed.remote.commit(relayed.id) }
        guard let finalPath else { return }
        if let folder = unnamedFolder { try nameUnnamed(in: folder) }
        guard let tempPath else {
            let closed = close(fd)
            guard closed == 0 else { throw OutputError("cannot write \(shown): \(String(cString: strerror(errno)))") }
            return
        }
        let closed = close(fd)
        let why = closed == 0 ? nil : String(cString: strerror(errno))
        defer { publication.temporaryFile(tempPath, false) }
        if let why {
            unlink(tempPath)
            throw OutputError("cannot write \(shown): \(why)")
        }
        guard publication.mayPublish() else {
            unlink(tempPath)
            throw OutputError("\(shown) was not written: the fxhost that asked for it is gone")
        }
        guard rename(tempPath, finalPath) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(tempPath)
            throw OutputError("cannot write \(shown): \(why)")
        }
    }

    /// Gives the complete unnamed file a fresh temporary name beside the target, from which the
    /// commit renames it over the target as it does a named temporary file (a name of its own
    /// first, so that a failure closing the file can still leave the target as it was).
    private func nameUnnamed(in folder: String) throws {
        unnamedFolder = nil
        guard let name = UnnamedFile.name(fd, in: folder, prefix: OutputFile.temporaryPrefix) else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw OutputError("cannot write \(shown): \(why)")
        }
        tempPath = name
        publication.temporaryFile(name, true)
    }

    /// Drops a partial file.
    public func abandon() {
        finished = true
        if let relayed { return relayed.remote.abandon(relayed.id) }
        guard let tempPath else {
            if finalPath != nil { close(fd) }
            return
        }
        close(fd)
        unlink(tempPath)
        publication.temporaryFile(tempPath, false)
    }
}

/// A failure to write an output.
public struct OutputError: Error, CustomStringConvertible {
    public let message: String
    public init(_ m: String) { message = m }
    public var description: String { message }
}
