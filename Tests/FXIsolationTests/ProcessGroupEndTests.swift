// SPDX-License-Identifier: MIT
import CSupervisor
import Glibc
import Testing

/// `fxs_end_process_group` after a child is reaped: every process left in the child's group
/// ends, and the call returns 0 once the group is empty. A run nested inside another fxhost's
/// child (a shard counting its run's frames) inherits that child's seccomp filter, which
/// refuses signals to groups with EPERM. Before the call signalled members by pid there, every
/// nested run spent 400 rounds of a 5 ms pause and a scan of /proc (2.4 s measured alone, 5 s
/// beside other work) and returned -1, and one whose plugin left a process behind waited for
/// that process to end by itself.
@Suite(.serialized) struct ProcessGroupEndTests {
    /// Forks a stand-in supervisor, which (when `guarded`) first takes the filter a plugin's child
    /// runs under, becomes the reaper of orphans as fxhost's supervisor does, forks a child into
    /// a group of its own, and, when `helper`, has the child fork a process that sleeps in that
    /// group (20 s at most, so that a regression fails instead of hanging) and end. The stand-in
    /// reaps the child, ends the group, and exits with: 0 when the call returned 0 and no process
    /// is left in the group, 1 when it returned -1, 2 when a member is still there, 3 when the
    /// filter could not be installed.
    static func standIn(guarded: Bool, helper: Bool) -> Int32 {
        // Made before the fork: the forked processes allocate nothing (other threads of this
        // process may hold the runtime's locks at the moment of the fork).
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return 99 }
        let pid = fork()
        if pid == 0 {
            if guarded && fxs_guard_supervisor(getppid()) != 0 { _exit(3) }
            _ = fxs_adopt_orphans()
            let child = fork()
            if child == 0 {
                setpgid(0, 0)
                if helper {
                    let sleeper = fork()
                    if sleeper == 0 { sleep(20); _exit(0) }
                    var word = sleeper
                    _ = write(fds[1], &word, MemoryLayout<pid_t>.size)
                }
                _exit(0)
            }
            setpgid(child, child)
            close(fds[1])
            var sleeper: pid_t = 0
            let got = helper ? read(fds[0], &sleeper, MemoryLayout<pid_t>.size) : 0
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            let ended = fxs_end_process_group(child)
            if ended != 0 { _exit(1) }
            if got == MemoryLayout<pid_t>.size && kill(sleeper, 0) == 0 { _exit(2) }
            _exit(0)
        }
        close(fds[0])
        close(fds[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 100 + (status & 0x7F)
    }

    @Test(arguments: [false, true])
    func theGroupEndsWhereGroupsCanBeSignalled(helper: Bool) {
        #expect(Self.standIn(guarded: false, helper: helper) == 0)
    }

    /// Under the child's filter, `kill(-group)` is EPERM whether or not the group is empty.
    @Test(arguments: [false, true])
    func theGroupEndsUnderAPluginChildsFilter(helper: Bool) {
        #expect(Self.standIn(guarded: true, helper: helper) == 0)
    }
}
