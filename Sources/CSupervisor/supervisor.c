/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "supervisor.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <pthread.h>
#include <stdlib.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/prctl.h>
#include <linux/capability.h>
#include <sys/syscall.h>
#include <unistd.h>

int fxs_die_with_supervisor(pid_t supervisor) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    return getppid() == supervisor ? 0 : -1;
}

#if defined(__x86_64__)
#define FXS_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define FXS_ARCH AUDIT_ARCH_AARCH64
#endif

int fxs_guard_supervisor(pid_t supervisor) {
#ifdef FXS_ARCH
    const unsigned int deny = SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA);
    const unsigned int nr = offsetof(struct seccomp_data, nr);
    const unsigned int arch = offsetof(struct seccomp_data, arch);
    /* The low 32 bits of the first argument: a pid_t is an int, and the kernel reads only those. */
    const unsigned int arg0 = offsetof(struct seccomp_data, args[0]);
    const unsigned int target = (unsigned int)supervisor;
    struct sock_filter code[] = {
        /* 0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, arch),
        /* 1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, FXS_ARCH, 1, 0),
        /* 2 */ BPF_STMT(BPF_RET | BPF_K, deny),
        /* 3 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, nr),
        /* 4: x32 system calls on x86-64 carry bit 30; none is needed. */
        /* 4 */ BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1),
        /* 5 */ BPF_STMT(BPF_RET | BPF_K, deny),
        /* 6 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_kill, 8, 0),
        /* 7 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_sigqueueinfo, 7, 0),
        /* 8 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tkill, 11, 0),
        /* 9 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tgkill, 10, 0),
        /* 10 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_tgsigqueueinfo, 9, 0),
        /* 11 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ptrace, 11, 0),
        /* 12 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_writev, 10, 0),
        /* 13 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_pidfd_send_signal, 9, 0),
        /* 14 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* 15: kill and rt_sigqueueinfo: refuse the supervisor, 0 (the group) and negative pids (groups; -1, all). */
        /* 15 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, arg0),
        /* 16 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 6, 0),
        /* 17 */ BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, 0x80000000u, 5, 0),
        /* 18 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, target, 4, 0),
        /* 19 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* 20: tkill, tgkill, rt_tgsigqueueinfo: refuse the supervisor. */
        /* 20 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, arg0),
        /* 21 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, target, 1, 0),
        /* 22 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* 23 */ BPF_STMT(BPF_RET | BPF_K, deny),
    };
    struct sock_fprog program = { .len = (unsigned short)(sizeof code / sizeof code[0]), .filter = code };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) return errno;
    return 0;
#else
    (void)supervisor;
    return ENOSYS;
#endif
}

static volatile sig_atomic_t plugin_depth;

void fxs_set_plugin_depth(int depth) { plugin_depth = depth; }

static void on_sigpipe(int sig) {
    if (plugin_depth > 0) {
        /* Blocked while this handler runs: delivered, with the default action, as it returns. */
        signal(sig, SIG_DFL);
        raise(sig);
    }
}

void fxs_install_child_sigpipe(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigpipe;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
}

static int wake_fd = -1;
static volatile sig_atomic_t stop_signal;

static void on_supervisor_signal(int sig) {
    int saved = errno;
    if (sig != SIGCHLD && stop_signal == 0) stop_signal = sig;
    if (wake_fd >= 0) {
        unsigned char b = (unsigned char)sig;
        ssize_t n = write(wake_fd, &b, 1);
        (void)n;
    }
    errno = saved;
}

void fxs_install_supervisor_signals(int wake) {
    struct sigaction sa;
    int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGCHLD };
    size_t i;
    sigset_t unblock;
    wake_fd = wake;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_supervisor_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_NOCLDSTOP;
    sigemptyset(&unblock);
    for (i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        /* A signal ignored at start (nohup, a background job) stays ignored, as programs do. */
        if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN && signals[i] != SIGCHLD) continue;
        sigaction(signals[i], &sa, NULL);
        /* Started from a thread that blocks signals (thread pools do), they would never arrive. */
        sigaddset(&unblock, signals[i]);
    }
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
}

void fxs_reset_child_signals(void) {
    sigset_t none;
    int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGCHLD };
    size_t i;
    for (i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler == on_supervisor_signal) signal(signals[i], SIG_DFL);
    }
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, NULL);
}

static int fxs_kept(long fd, const int *keep, int count) {
    int i;
    for (i = 0; i < count; i++) if (keep[i] == fd) return 1;
    return 0;
}

void fxs_close_inherited_descriptors(const int *keep, int count) {
    DIR *d = opendir("/proc/self/fd");
    struct dirent *e;
    int listing;
    if (!d) return;
    listing = dirfd(d);
    while ((e = readdir(d)) != NULL) {
        char *end;
        long fd = strtol(e->d_name, &end, 10);
        if (*end != '\0' || end == e->d_name) continue;
        if (fd > 2 && fd != listing && !fxs_kept(fd, keep, count)) close((int)fd);
    }
    closedir(d);
}

int fxs_stop_signal(void) { return stop_signal; }

__attribute__((noinline)) const void *fxs_stack_mark(void) { return __builtin_frame_address(0); }

int fxs_pipe(int fds[2], int flags) { return pipe2(fds, flags); }

void fxs_grow_pipe(int fd) { (void)fcntl(fd, F_SETPIPE_SZ, 1 << 20); }

ssize_t fxs_splice(int from, int to, size_t count) { return splice(from, NULL, to, NULL, count, SPLICE_F_MOVE); }

static volatile sig_atomic_t serving;

int fxs_host_call_begin(void) {
    if (serving) return 0;
    serving = 1;
    return 1;
}

void fxs_host_call_set(int value) { serving = value; }

int fxs_host_call_serving(void) { return serving; }

int fxs_adopt_orphans(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1) == 0 ? 0 : errno; }

/* The parent and process group of /proc/PID/stat, read past the command's closing parenthesis. */
static int fxs_stat_parent_group(const char *pid, pid_t *parent, pid_t *group) {
    char path[64], text[512];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return -1;
    text[n] = 0;
    char *end = strrchr(text, ')');
    char state;
    int ppid, pgrp;
    if (!end || sscanf(end + 1, " %c %d %d", &state, &ppid, &pgrp) != 3) return -1;
    *parent = ppid;
    *group = pgrp;
    return 0;
}

int fxs_end_process_group(pid_t group) {
    pid_t self = getpid();
    for (int round = 0; round < 400; round++) {
        int whole = kill(-group, SIGKILL);
        if (whole != 0 && errno == ESRCH) return 0;
        /* Refused (EPERM): this fxhost runs inside another's child, whose seccomp filter
           refuses signals to groups (fxs_guard_supervisor), as when a shard counts its run's
           frames. Each member is then found in /proc, signalled by its pid, and the group is
           empty when none is left. */
        int by_pid = whole != 0;
        int left = 0;
        DIR *proc = opendir("/proc");
        if (!proc) return -1;
        struct dirent *e;
        while ((e = readdir(proc)) != NULL) {
            if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
            pid_t parent, g;
            if (fxs_stat_parent_group(e->d_name, &parent, &g) != 0 || g != group) continue;
            pid_t pid = (pid_t)atoi(e->d_name);
            if (by_pid) kill(pid, SIGKILL);
            if (parent == self) {
                while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
            } else {
                left++;
            }
        }
        closedir(proc);
        if (by_pid && left == 0) return 0;
        struct timespec pause = { 0, 5 * 1000 * 1000 };
        nanosleep(&pause, NULL);
    }
    return -1;
}

int fxs_hide_descriptors(void) { return prctl(PR_SET_DUMPABLE, 0) == 0 ? 0 : errno; }

int fxs_child_cannot_reach_supervisor(void) {
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];
    const unsigned int word = CAP_SYS_PTRACE / 32, bit = 1u << (CAP_SYS_PTRACE % 32);
    if (prctl(PR_SET_DUMPABLE, 1) != 0) return errno;
    if (syscall(SYS_capget, &header, data) != 0) return errno;
    if (data[word].effective & bit || data[word].permitted & bit) {
        data[word].effective &= ~bit;
        data[word].permitted &= ~bit;
        data[word].inheritable &= ~bit;
        if (syscall(SYS_capset, &header, data) != 0) return errno;
    }
    /* Needs CAP_SETPCAP, which only a root child has; an ordinary user's child cannot gain it back anyway. */
    if (prctl(PR_CAPBSET_READ, CAP_SYS_PTRACE) == 1 && prctl(PR_CAPBSET_DROP, CAP_SYS_PTRACE) != 0 && errno != EPERM) return errno;
    return 0;
}
