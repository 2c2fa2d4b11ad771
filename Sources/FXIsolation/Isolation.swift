// SPDX-License-Identifier: MIT
import CSupervisor
import Glibc

/// Running plugin code in a child process, so that a plugin that crashes,
/// hangs or calls exit() costs one error line, not the host.
///
/// The child runs the whole job (load, build, sample, write outputs) and
/// tells the parent, over a private pipe, what it is doing: which plugin,
/// which phase of plugin code ("building factory 'cube'", "did-stop callback
/// … at t = 0.8"), which temporary output files exist, and every line fxhost
/// has for standard error. What fxhost writes to standard output goes to the
/// parent through a ring of shared memory (a record of each span on a second
/// private pipe; the pipe itself where no ring can be made), and only the
/// parent writes the real standard output:
/// in the child, descriptor 1 is standard error, so a plugin's `printf`
/// cannot reach the data.
///
/// Every message carries a number drawn at random for the run and its place
/// in the sequence; the parent keeps the phase stack itself and ends the run
/// as soon as a line breaks the protocol, so bytes a plugin writes into the
/// pipe cannot stop the clock or end a run as a success (docs/isolation.md,
/// Threat model).
public enum Isolation {
    /// The pipes to the parent, in an isolated child; -1 otherwise.
    nonisolated(unsafe) static var channel: Int32 = -1
    nonisolated(unsafe) static var dataChannel: Int32 = -1
    /// In a child whose standard output goes through the shared ring: the ring (its data is
    /// where the bytes go; `dataChannel` carries a record of each span) and the pipe the
    /// supervisor wakes the child on when the ring was full. `ring.base` is nil otherwise.
    nonisolated(unsafe) static var ring = fxs_ring()
    nonisolated(unsafe) static var ringWake: Int32 = -1
    /// What each pipe was when the child started, to notice a plugin that closed or replaced it.
    nonisolated(unsafe) static var identities: [(fd: Int32, dev: UInt, ino: UInt)] = []
    nonisolated(unsafe) static var nonce = ""
    nonisolated(unsafe) static var sequence = 0
    /// The child's own pid: a copy made by a plugin's fork() that returns into fxhost's code is not the child.
    nonisolated(unsafe) static var childPid: pid_t = 0
    nonisolated(unsafe) static var supervisorPid: pid_t = 0
    nonisolated(unsafe) static var phases: [String] = []
    /// Stack marks of each phase's entry, to notice plugin code that jumped over fxhost's frames.
    nonisolated(unsafe) static var marks: [UInt] = []
    /// Bytes sent to the parent for standard output.
    nonisolated(unsafe) static var dataBytes = 0

    /// Whether this process is a supervised child.
    public static var isChild: Bool { channel >= 0 }

    /// The descriptor fxhost's standard output data goes to: the private pipe in a child, 1 otherwise.
    public static var standardOutput: Int32 { dataChannel >= 0 ? dataChannel : 1 }

    /// Whether outputs may be put in place: always outside a child; in a child, only while the
    /// supervisor that would clean up after it lives (an output is never published after it died).
    public static var supervisorAlive: Bool { channel < 0 || getppid() == supervisorPid }

    /// Exit status of a child that found its pipes closed or replaced by plugin code.
    static let lostChannelStatus: Int32 = 125

    /// Tells the parent something (a no-op when not isolated).
    public static func note(_ kind: String, _ text: String) {
        guard channel >= 0 else { return }
        guard getpid() == childPid else { _exit(0) }
        sequence += 1
        var escaped = text
        if text.utf8.contains(where: { $0 == 10 || $0 == 92 }) {
            escaped = ""
            for c in text.unicodeScalars {
                switch c {
                case "\\": escaped += "\\\\"
                case "\n": escaped += "\\n"
                default: escaped.unicodeScalars.append(c)
                }
            }
        }
        var line = "\(nonce) \(sequence) \(kind) \(escaped)\n"
        guard line.withUTF8({ writeAll(channel, UnsafeRawBufferPointer($0)) }) else { _exit(lostChannelStatus) }
    }

    /// Writes fxhost's standard output data: to the parent from a child, to descriptor 1 otherwise.
    /// Returns false with errno set when the write fails.
    public static func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if dataChannel >= 0 {
            guard getpid() == childPid else { _exit(0) }
            if ring.base != nil {
                guard let base = bytes.baseAddress else { return true }
                guard fxs_ring_write(&ring, base, bytes.count, dataChannel, ringWake) == 0 else { _exit(lostChannelStatus) }
            } else {
                guard writeAll(dataChannel, bytes) else { _exit(lostChannelStatus) }
            }
            dataBytes += bytes.count
            return true
        }
        return writeAll(1, bytes)
    }

    static func writeAll(_ fd: Int32, _ buf: UnsafeRawBufferPointer) -> Bool {
        guard let base = buf.baseAddress else { return true }
        var offset = 0
        while offset < buf.count {
            let n = write(fd, base + offset, buf.count - offset)
            if n < 0 { if errno == EINTR { continue }; return false }
            offset += n
        }
        return true
    }

    /// Whether a host call was under way when each phase of plugin code began.
    nonisolated(unsafe) static var servingStack: [Int32] = []

    /// Starts a host call: false when one is already under way at this level of
    /// plugin code (a signal handler that interrupted it), which gets FX_ERR_NOT_NOW.
    public static func beginHostCall() -> Bool { fxs_host_call_begin() != 0 }
    public static func endHostCall() { fxs_host_call_set(0) }

    public static func enter(_ phase: String) {
        // Plugin code called from inside a host call (a nested callback) may call the host again.
        servingStack.append(fxs_host_call_serving())
        fxs_host_call_set(0)
        phases.append(phase)
        marks.append(UInt(bitPattern: fxs_stack_mark()))
        fxs_set_plugin_depth(Int32(phases.count))
        note("enter", phase)
    }

    public static func leave() {
        if let serving = servingStack.popLast() { fxs_host_call_set(serving) }
        guard channel >= 0 else {
            phases.removeLast(); marks.removeLast()
            return
        }
        // A process that plugin code fork()ed and that returned into fxhost's code is not the child:
        // it must not write, nor run the rest of the job a second time.
        guard getpid() == childPid else { _exit(0) }
        let here = UInt(bitPattern: fxs_stack_mark())
        // A phase is left from the frame that entered it. Plugin code that jumped out of a nested
        // phase comes back to an outer frame: it leaves from nearer the outer phase's mark than the inner's.
        if marks.count > 1, distance(here, marks[marks.count - 2]) < distance(here, marks[marks.count - 1]) {
            let inner = phases.last!
            note("fatal", "plugin code left \(inner) with longjmp (or an exception) instead of returning, " +
                "jumping over fxhost's frames (during \(phases[phases.count - 2])); a callback must return")
            _exit(1)
        }
        guard descriptorsIntact() else { _exit(lostChannelStatus) }
        phases.removeLast()
        marks.removeLast()
        fxs_set_plugin_depth(Int32(phases.count))
        note("leave", "")
    }

    static func distance(_ a: UInt, _ b: UInt) -> UInt { a > b ? a - b : b - a }

    static func descriptorsIntact() -> Bool {
        for id in identities {
            var st = stat()
            guard fstat(id.fd, &st) == 0, UInt(st.st_dev) == id.dev, UInt(st.st_ino) == id.ino else { return false }
        }
        return true
    }

    /// Sets the child up: pipes, standard output pointed at standard error, signals, the seccomp guard.
    static func becomeChild(control: Int32, data: Int32, ringWake: Int32, nonce: String, supervisor: pid_t) {
        if fxs_die_with_supervisor(supervisor) != 0 { _exit(1) }
        // Signal handlers the supervisor installed are not the child's.
        fxs_reset_child_signals()
        let pipes = [control, data] + (ringWake >= 0 ? [ringWake] : []) + (outputPipes.map { [$0.requests, $0.replies] } ?? [])
        fxs_close_inherited_descriptors(pipes, Int32(pipes.count))
        // The supervisor holds the outputs and is not dumpable; nor may a root child read its descriptors.
        _ = fxs_child_cannot_reach_supervisor()
        // A crash must end the child with its signal, for the parent to name,
        // not run the Swift runtime's backtracer.
        for s in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { signal(s, SIG_DFL) }
        fxs_install_child_sigpipe()
        // Plugin code that writes to standard output writes to standard error.
        if dup2(2, 1) < 0 {
            let null = open("/dev/null", O_WRONLY)
            if null >= 0 { dup2(null, 1); close(null) }
        }
        channel = control
        dataChannel = data
        self.ringWake = ringWake
        self.nonce = nonce
        childPid = getpid()
        supervisorPid = supervisor
        identities = pipes.compactMap { fd in
            var st = stat()
            return fstat(fd, &st) == 0 ? (fd, UInt(st.st_dev), UInt(st.st_ino)) : nil
        }
        let guarded = fxs_guard_supervisor(supervisor)
        note("guard", guarded == 0 ? "on" : String(cString: strerror(guarded)))
    }
}
