/* SPDX-License-Identifier: MIT */
#ifndef FXHOST_SUPERVISOR_H
#define FXHOST_SUPERVISOR_H

#include <sys/types.h>

/* The few process-control calls the supervisor needs that Swift cannot make
 * (prctl and syscall are variadic) or that must run inside a signal handler. */

/* In the child: die with SIGKILL when the supervisor dies. Returns -1 if the
 * supervisor is already gone (the caller must then _exit at once). */
int fxs_die_with_supervisor(pid_t supervisor);

/* In the child: a seccomp filter that refuses, with EPERM, every way to send
 * a signal to the supervisor or to a group of processes (kill, tkill, tgkill,
 * rt_sigqueueinfo, rt_tgsigqueueinfo aimed at the supervisor's pid; kill of 0
 * or a negative pid; pidfd_send_signal), and ptrace and process_vm_writev
 * altogether. Returns 0 when installed, or the errno that refused it. */
int fxs_guard_supervisor(pid_t supervisor);

/* In the child: how deep in plugin code the child is, readable from a signal
 * handler. A SIGPIPE while plugin code runs kills the child (the supervisor
 * reports it); a SIGPIPE in fxhost's own code is ignored, so its write fails
 * with EPIPE and becomes an error line. */
void fxs_set_plugin_depth(int depth);
void fxs_install_child_sigpipe(void);

/* In the supervisor: SIGINT, SIGTERM, SIGHUP and SIGCHLD write one byte to
 * `wake` (non-blocking); the first of the three stop signals is kept. */
void fxs_install_supervisor_signals(int wake);
int fxs_stop_signal(void);

/* In the child: the supervisor's handlers back to the default, and no signal blocked,
 * so plugin code starts from an ordinary signal state. */
void fxs_reset_child_signals(void);

/* In the child: closes every descriptor above 2 but the `count` in `keep`, so that
 * processes plugin code starts hold none of what fxhost's caller handed fxhost. */
void fxs_close_inherited_descriptors(const int *keep, int count);

/* In the supervisor: not dumpable (PR_SET_DUMPABLE 0), so that another process of the
 * same user, the child included, cannot open its descriptors through /proc/PID/fd, where
 * the outputs are open. Returns 0, or the errno that refused it. */
int fxs_hide_descriptors(void);

/* In the child: dumpable again (a crashing plugin may leave a core, a debugger may attach),
 * and without CAP_SYS_PTRACE, which would let a child running as root open the
 * supervisor's descriptors all the same; dropped from the bounding set too, so that no
 * program the plugin runs regains it. Returns 0, or the errno of the step that failed. */
int fxs_child_cannot_reach_supervisor(void);

/* The address of this call's frame: a cheap stack depth, to tell plugin code
 * that jumped over host frames (longjmp) from code that returned. */
const void *fxs_stack_mark(void);

/* Whether a host call is under way on the plugin thread, readable and settable
 * from a signal handler: a handler that interrupts a host call and calls the host
 * itself is refused rather than let into state the interrupted call is changing. */
int fxs_host_call_begin(void);
void fxs_host_call_set(int serving);
int fxs_host_call_serving(void);

/* In the supervisor: become the reaper of orphaned descendants (PR_SET_CHILD_SUBREAPER),
 * so that a helper whose parent, the child, has ended becomes the supervisor's to reap.
 * Returns 0, or the errno that refused it. */
int fxs_adopt_orphans(void);

/* In the supervisor, after the child is reaped: SIGKILL to every process left in the
 * child's process group `group`, and those that became the supervisor's children reaped,
 * until the group is empty. Where signals to groups are refused (a run inside another fxhost's
 * child, under its seccomp filter), each member is signalled by its pid instead. Returns 0 when
 * the group is empty, -1 if some member outlived 2 s of trying. */
int fxs_end_process_group(pid_t group);

/* pipe2, which Glibc's Swift module does not show. */
int fxs_pipe(int fds[2], int flags);

/* Where the child's standard output goes through the data pipe itself (no shared ring, ring.h):
 * raises pipe `fd`'s capacity to 1 MiB (the usual /proc/sys/fs/pipe-max-size), so that a
 * 2.7 MB frame crosses in three wake-ups of the reader rather than forty-two; where the
 * system refuses, the pipe keeps its size. */
void fxs_grow_pipe(int fd);

/* splice(2) from pipe `from` to `to`: moves up to `count` bytes the pipe holds without
 * copying them through user space. -1 with errno as splice sets it (EINVAL: `to` takes no
 * spliced data, e.g. a file opened with O_APPEND). */
ssize_t fxs_splice(int from, int to, size_t count);

#endif
