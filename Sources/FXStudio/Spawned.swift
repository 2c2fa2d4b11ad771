// SPDX-License-Identifier: MIT
import CMicroHTTPD
import Glibc

/// An fxhost process the studio started: in a process group of its own (so that it and its
/// supervised child are stopped together), with the stopping signals at their defaults, its
/// standard output and error on pipes, and its standard input on a pipe too or /dev/null.
/// It is listed in `Running` until `Running.shared.finished` is told.
struct Spawned {
    let pid: pid_t
    /// The write end of its standard input, or -1.
    let input: Int32
    let output: Int32
    let messages: Int32

    struct Failure: Error { let message: String }

    static func start(_ executable: String, _ words: [String], input: Bool) -> Result<Spawned, Failure> {
        func failure(_ what: String) -> Result<Spawned, Failure> { .failure(Failure(message: "\(what): \(String(cString: strerror(errno)))")) }
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1], inp: [Int32] = [-1, -1]
        func closeAll() { for fd in out + err + inp where fd >= 0 { close(fd) } }
        guard fx_studio_pipe(&out, O_CLOEXEC) == 0, fx_studio_pipe(&err, O_CLOEXEC) == 0,
              !input || fx_studio_pipe(&inp, O_CLOEXEC) == 0 else {
            let why = failure("cannot make a pipe")
            closeAll()
            return why
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input {
            posix_spawn_file_actions_adddup2(&actions, inp[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + words).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let started = Running.shared.start { posix_spawn(&pid, executable, &actions, &attributes, argv, environ) == 0 ? pid : nil }
        for fd in [out[1], err[1], inp[0]] where fd >= 0 { close(fd) }
        guard started != nil else {
            for fd in [out[0], err[0], inp[1]] where fd >= 0 { close(fd) }
            return .failure(Failure(message: "cannot start \(executable)"))
        }
        return .success(Spawned(pid: pid, input: inp[1], output: out[0], messages: err[0]))
    }
}
