// SPDX-License-Identifier: MIT
import Glibc

/// A file without a name while it is written (Linux's `O_TMPFILE`), so that nothing can find it
/// by name and write into it meanwhile (plugin code looking through the output's folder, say);
/// it is given a name only once complete, and vanishes by itself if its writer dies first.
/// Where the filesystem (or `/proc`, which naming it needs) has no such files, `open` gives nil
/// and the output falls back to a named temporary file (docs/isolation.md, "Outputs").
enum UnnamedFile {
    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`, the same bits on every architecture
    /// Swift runs on): a macro built from others, which Swift does not import.
    private static let tmpfile: Int32 = 0o20000000 | O_DIRECTORY
    /// Linux's `AT_EMPTY_PATH` (linux/fcntl.h, the same everywhere), which glibc declares only
    /// under `_GNU_SOURCE`.
    private static let emptyPath: Int32 = 0x1000

    /// Set (to anything) in the environment, unnamed files are not used: for tests of the
    /// fallback, which no filesystem the tests can make cheaply would otherwise reach.
    private static let disabled = getenv("FXHOST_TEST_NAMED_TEMPORARY") != nil

    /// An unnamed file in `folder`, open for writing, or nil when the filesystem refuses one
    /// (EOPNOTSUPP, or EISDIR and EINVAL from kernels and filesystems that do not know the flag),
    /// or for any other failure, which the named scheme then reports as it always has.
    static func open(in folder: String) -> Int32? {
        guard !disabled, access("/proc/self/fd", X_OK) == 0 else { return nil }
        let fd = Glibc.open(folder.isEmpty ? "/" : folder, tmpfile | O_WRONLY | O_CLOEXEC, 0o600)
        return fd >= 0 ? fd : nil
    }

    /// Gives the unnamed file `fd` a fresh name in `folder`, `prefix` and six random letters and
    /// digits (as mkstemp makes them); the path, or nil with errno set.
    static func name(_ fd: Int32, in folder: String, prefix: String) -> String? {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        for _ in 0..<100 {
            let name = folder + "/" + prefix + String((0..<6).map { _ in letters.randomElement()! })
            if link(fd, to: name) == 0 { return name }
            guard errno == EEXIST else { return nil }
        }
        return nil
    }

    /// Gives the unnamed file `fd` the name `name` (failing with EEXIST if the name is taken):
    /// by the descriptor itself where fxhost may (CAP_DAC_READ_SEARCH), else through
    /// `/proc/self/fd`. Returns 0, or -1 with errno set.
    private static func link(_ fd: Int32, to name: String) -> Int32 {
        if linkat(fd, "", AT_FDCWD, name, emptyPath) == 0 { return 0 }
        guard errno == EPERM || errno == ENOENT else { return -1 }
        return linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, name, AT_SYMLINK_FOLLOW)
    }
}
