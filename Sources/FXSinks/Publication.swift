// SPDX-License-Identifier: MIT
import Glibc

/// How a process's outputs reach their destinations, given to each `OutputFile` when it is
/// made: where standard output's bytes go and what it is, whether files are opened here or by
/// another process, who hears of temporary files, and whether an output may still be put in
/// place. A process that writes its own outputs uses `direct`; a supervised child gets its own
/// from FXIsolation, in which standard output's bytes and every file go through the parent
/// (docs/isolation.md, "Outputs are the parent's"). A value handed in, not a setting of this
/// module: sinks know nothing of processes.
public struct Publication: Sendable {
    /// Writes standard output's bytes whole; false with errno set on failure.
    public var writeStandardOutput: @Sendable (UnsafeRawBufferPointer) -> Bool
    /// Whether the real standard output is a terminal, and how wide (a supervised child's
    /// descriptor 1 is not the real standard output, so its parent looks before the child starts).
    public var terminal: OutputFile.Terminal
    /// The process that opens and writes files for this one; nil: they are written here.
    public var remote: (any RemoteOutputs)?
    /// Told of each temporary file when it is made (true) and when it is renamed into place or
    /// removed (false), so that a supervising process can clean up after a child that died mid-write.
    public var temporaryFile: @Sendable (_ path: String, _ made: Bool) -> Void
    /// Asked just before a temporary file is renamed into place: false when the process that
    /// asked for the output is gone, so nothing is published after it.
    public var mayPublish: @Sendable () -> Bool

    public init(writeStandardOutput: @escaping @Sendable (UnsafeRawBufferPointer) -> Bool, terminal: OutputFile.Terminal,
                remote: (any RemoteOutputs)?, temporaryFile: @escaping @Sendable (String, Bool) -> Void,
                mayPublish: @escaping @Sendable () -> Bool) {
        self.writeStandardOutput = writeStandardOutput
        self.terminal = terminal
        self.remote = remote
        self.temporaryFile = temporaryFile
        self.mayPublish = mayPublish
    }

    /// A process writing its own outputs: standard output is descriptor 1 (looked at once, when
    /// first asked), files are written here, and every output may be put in place.
    public static let direct = Publication(
        writeStandardOutput: { bytes in
            guard let base = bytes.baseAddress else { return true }
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(1, base + offset, bytes.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        },
        terminal: .of(1), remote: nil, temporaryFile: { _, _ in }, mayPublish: { true })
}

/// Outputs opened and written by another process at this one's request (a supervised child's,
/// by its supervisor: FXIsolation's `OutputRelay`). Each output is known by the number `open`
/// gives; errors are thrown where a local file would throw them.
public protocol RemoteOutputs: AnyObject, Sendable {
    /// Opens `path` (absolute), messages naming it `shown`: its number, and whether it is a file
    /// written under a temporary name (not a stream).
    func open(_ path: String, shown: String) throws -> (id: UInt32, isFile: Bool)
    /// Appends `chunks`, in order.
    func write(_ id: UInt32, _ chunks: [UnsafeRawBufferPointer]) throws
    /// Overwrites bytes already written at `offset` (files only).
    func patch(_ id: UInt32, at offset: Int, _ bytes: [UInt8]) throws
    /// Cuts a file back to `length` bytes.
    func truncate(_ id: UInt32, to length: Int) throws
    /// Sends what is buffered, keeping the output open.
    func flush(_ id: UInt32) throws
    /// Writes what is left and puts a file in place.
    func commit(_ id: UInt32) throws
    /// Drops a partial output.
    func abandon(_ id: UInt32)
}
