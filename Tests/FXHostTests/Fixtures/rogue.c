/* SPDX-License-Identifier: MIT */
/*
 * rogue — plugins that go after fxhost's data stream, its supervisor and its
 * outputs, one way each, chosen with -DCASE=n. The build otherwise makes one
 * layer with a one-second opacity animation.
 *   1 printf in a constructor and in build      2 freopen(stdout) to a file in build
 *   3 close(1) in build                         4 fork() whose child returns into fxhost
 *   5 an old-style "idle" line into every pipe, then hang
 *   6 an old-style "finished 0" line into every pipe, then exit(0)
 *   7 close every descriptor above 2, then hang
 *   8 close every descriptor above 2, then go on
 *   9 write to a pipe nobody reads (SIGPIPE)    10 fork a helper that lives on for 15 s
 *  11 longjmp out of a nested did-stop callback 12 close(2), then fail
 *  13 kill(getppid(), SIGKILL)                  14 kill(getppid(), SIGSTOP)
 *  15 chdir("/") in build                       16 a build that sleeps 20 s
 *  17 host calls from a signal handler          18 kill(0, SIGKILL) (the process group)
 *  19 a build that sleeps 2 s                  20 fork a helper and, by a double fork, an orphan; log their pids
 *  21 in a timer at 0.15 s, a record of a span of the standard output ring (-DRECORD_OFFSET,
 *     -DRECORD_LENGTH) into fxhost's data pipe alone: the second pipe, in descriptor order, that
 *     the child can only write to (fxhost makes its pipe for messages first, then the data pipe)
 * The sleeping builds log "sleeping" first, for a test to know the build has begun.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "fx.h"

static const fx_api *A;
static char line[256];

#if CASE == 1
__attribute__((constructor)) static void chatty(void) { printf("hello from a constructor\n"); }
#endif

static void sleep_seconds(double s) {
    struct timespec ts;
    ts.tv_sec = (time_t)s;
    ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

static void hang(void) { for (;;) sleep_seconds(1); }

/* What a careless plugin might do: write a line into every pipe it holds. */
static void write_to_every_pipe(const char *text) {
    int fd;
    for (fd = 3; fd < 1024; fd++) {
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode)) {
            ssize_t n = write(fd, text, strlen(text));
            (void)n;
        }
    }
}

static void close_every_descriptor_above_2(void) {
    int fd;
    for (fd = 3; fd < 1024; fd++) close(fd);
}

#if CASE == 21
/* The record fxhost's child sends for each span of standard output it put in the ring. */
struct span_record { uint64_t offset, length; };

static fx_status forge_record(void *user) {
    struct span_record r = { RECORD_OFFSET, RECORD_LENGTH };
    int fd, seen = 0;
    (void)user;
    for (fd = 3; fd < 1024; fd++) {
        struct stat st;
        if (fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode) || (fcntl(fd, F_GETFL) & O_ACCMODE) != O_WRONLY) continue;
        if (++seen == 2) {
            ssize_t n = write(fd, &r, sizeof r);
            (void)n;
            break;
        }
    }
    return FX_OK;
}
#endif

static jmp_buf escape;
static fx_status stop_jumps(void *user, int32_t finished) { (void)user; (void)finished; longjmp(escape, 1); }

static volatile sig_atomic_t alarms;
static void on_alarm(int sig) {
    fx_layer l;
    (void)sig;
    alarms++;
    A->layer_create(FX_LAYER, "from a signal handler", &l);
}

static fx_status build(const fx_api *api, fx_layer stage) {
    fx_layer l;
    fx_animation a;
    fx_value v;
    A = api;
    api->layer_create(FX_LAYER, "box", &l);
    v = fx_rect_value(0, 0, 10, 10); api->layer_set(l, "bounds", &v);
    api->layer_add_sublayer(stage, l);
    api->animation_create(FX_ANIMATION_BASIC, "opacity", &a);
    v = fx_number(0); api->animation_set(a, "from", &v);
    v = fx_number(1); api->animation_set(a, "to", &v);
    v = fx_number(1); api->animation_set(a, "duration", &v);
    switch (CASE) {
    case 1: printf("hello from build\n"); fflush(stdout); break;
    case 2: if (!freopen("/dev/null", "w", stdout)) return FX_ERR_FAILED; printf("gone\n"); break;
    case 3: close(1); break;
    case 4: if (fork() < 0) return FX_ERR_FAILED; break;
    case 5: write_to_every_pipe("idle \n"); hang(); break;
    case 6: write_to_every_pipe("finished 0\n"); exit(0);
    case 7: close_every_descriptor_above_2(); hang(); break;
    case 8: close_every_descriptor_above_2(); break;
    case 9: {
        int p[2];
        ssize_t n;
        if (pipe(p) != 0) return FX_ERR_FAILED;
        close(p[0]);
        n = write(p[1], "x", 1);
        (void)n;
        break;
    }
    case 10: {
        pid_t pid = fork();
        if (pid == 0) { sleep_seconds(15); _exit(0); }
        break;
    }
    case 11:
        api->animation_set_callbacks(a, NULL, stop_jumps, NULL);
        api->layer_add_animation(l, a, "doomed");
        if (setjmp(escape) == 0) api->layer_remove_animation(l, "doomed");
        return FX_OK;
    case 12: close(2); api->fail("the build gave up after closing its standard error"); return FX_ERR_FAILED;
    case 13:
        { int r = kill(getppid(), SIGKILL); snprintf(line, sizeof line, "kill(getppid(), SIGKILL) -> %d %s", r, r == 0 ? "" : strerror(errno)); }
        api->log(FX_LOG_INFO, line);
        break;
    case 14:
        { int r = kill(getppid(), SIGSTOP); snprintf(line, sizeof line, "kill(getppid(), SIGSTOP) -> %d %s", r, r == 0 ? "" : strerror(errno)); }
        api->log(FX_LOG_INFO, line);
        break;
    case 15: if (chdir("/") != 0) return FX_ERR_FAILED; break;
    case 16: api->log(FX_LOG_INFO, "sleeping"); sleep_seconds(20); break;
    case 19: api->log(FX_LOG_INFO, "sleeping"); sleep_seconds(2); break;
    case 20: {
        int p[2];
        pid_t helper, middle, orphan = 0;
        if (pipe(p) != 0) return FX_ERR_FAILED;
        helper = fork();
        if (helper == 0) { sleep_seconds(15); _exit(0); }
        middle = fork();
        if (middle == 0) {
            pid_t g = fork();
            if (g == 0) { sleep_seconds(15); _exit(0); }
            if (write(p[1], &g, sizeof g) != (ssize_t)sizeof g) _exit(1);
            _exit(0);
        }
        if (read(p[0], &orphan, sizeof orphan) != (ssize_t)sizeof orphan) return FX_ERR_FAILED;
        waitpid(middle, NULL, 0);
        close(p[0]);
        close(p[1]);
        snprintf(line, sizeof line, "helpers %d %d", (int)helper, (int)orphan);
        api->log(FX_LOG_INFO, line);
        break;
    }
    case 17: {
        struct sigaction sa;
        struct itimerval every = { { 0, 200 }, { 0, 200 } }, off = { { 0, 0 }, { 0, 0 } };
        int i;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_alarm;
        sigaction(SIGALRM, &sa, NULL);
        setitimer(ITIMER_REAL, &every, NULL);
        for (i = 0; i < 2000000 && alarms < 200; i++) { v = fx_number(0.5); api->layer_set(l, "opacity", &v); }
        setitimer(ITIMER_REAL, &off, NULL);
        break;
    }
#if CASE == 21
    case 21: api->timer_add(0.15, forge_record, NULL, NULL); break;
#endif
    case 18:
        { int r = kill(0, SIGKILL); snprintf(line, sizeof line, "kill(0, SIGKILL) -> %d %s", r, r == 0 ? "" : strerror(errno)); }
        api->log(FX_LOG_INFO, line);
        break;
    }
    api->layer_add_animation(l, a, "fade");
    return FX_OK;
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "rogue", "misbehaves", NULL, 0, (fx_build_fn)build },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "rogue", "0", "goes after the supervisor", factories, 1,
};

FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
