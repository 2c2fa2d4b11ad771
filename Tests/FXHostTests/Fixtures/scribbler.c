/* SPDX-License-Identifier: MIT */
/*
 * scribbler — a plugin that goes after fxhost's output files through the
 * descriptors it can find: during its build and in timers at 0.05 and 0.15 s,
 * it walks /proc/self/fd and the supervisor's /proc/PPID/fd, and writes
 * garbage into every descriptor that is not a pipe or a socket (those are
 * fxhost's pipes to its supervisor, which other tests cover), its own
 * standard streams aside: at the
 * descriptor's own offset, and at the start of the file it names. It logs how
 * many descriptors it wrote into, and how many of the supervisor's it could open.
 * The build makes one layer with a one-second opacity animation and a red
 * background, so that a text run and a picture have something to show;
 * with -DHARMLESS it attacks nothing, for the clean run to compare with.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fx.h"

static const fx_api *A;
static int written, opened;

/* Longer than anything the runs under test write, so that it shows wherever it lands. */
static char garbage[8192];

/* Writes garbage into descriptor `fd` (the one of `path`, a /proc/…/fd entry) unless it is a pipe
 * or a socket. */
static void scribble(int fd, const char *path) {
    struct stat st;
    int again;
    char target[512];
    ssize_t n = readlink(path, target, sizeof target - 1);
    if (n <= 0) return;
    target[n] = 0;
    /* Not the system's files, nor any shared library: one being loaded on another thread (cairo's
     * and its libraries, beside the build) is briefly open, and a test run as root would write
     * into it. The file it names, not the /proc entry, says which it is. */
    if (strncmp(target, "/usr/", 5) == 0 || strncmp(target, "/lib", 4) == 0 || strncmp(target, "/opt/", 5) == 0
        || strncmp(target, "/etc/", 5) == 0 || strstr(target, ".so") != NULL) return;
    if (fstat(fd, &st) != 0 || S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) || S_ISDIR(st.st_mode)) return;
    if (write(fd, garbage, sizeof garbage) > 0) written++;
    again = open(path, O_WRONLY);
    if (again >= 0) {
        if (pwrite(again, garbage, sizeof garbage, 0) > 0) written++;
        close(again);
    }
}

/* Every descriptor listed in `folder` (/proc/self/fd or /proc/PPID/fd); `theirs`: the supervisor's. */
static void walk(const char *folder, int theirs) {
    DIR *d = opendir(folder);
    struct dirent *e;
    char path[512];
    if (!d) return;
    while ((e = readdir(d)) != NULL) {
        int fd;
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        fd = atoi(e->d_name);
        snprintf(path, sizeof path, "%s/%s", folder, e->d_name);
        if (theirs) {
            int mine = open(path, O_WRONLY);
            if (mine < 0) continue;
            opened++;
            scribble(mine, path);
            close(mine);
        } else if (fd > 2 && fd != dirfd(d)) {
            scribble(fd, path);
        }
    }
    closedir(d);
}

static void attack(void) {
    char parent[64];
    char line[128];
#ifdef HARMLESS
    return;
#endif
    memset(garbage, 'G', sizeof garbage);
    walk("/proc/self/fd", 0);
    snprintf(parent, sizeof parent, "/proc/%d/fd", (int)getppid());
    walk(parent, 1);
    snprintf(line, sizeof line, "scribbled %d times; opened %d of the supervisor's descriptors", written, opened);
    A->log(FX_LOG_INFO, line);
}

static fx_status later(void *user) { (void)user; attack(); return FX_OK; }

static fx_status build(const fx_api *api, fx_layer stage) {
    fx_layer l;
    fx_animation a;
    fx_value v;
    A = api;
    api->layer_create(FX_LAYER, "box", &l);
    v = fx_rect_value(0, 0, 40, 30);
    api->layer_set(l, "bounds", &v);
    v = fx_point_value(30, 25);
    api->layer_set(l, "position", &v);
    v = fx_color_value(1, 0, 0, 1);
    api->layer_set(l, "backgroundColor", &v);
    api->layer_add_sublayer(stage, l);
    api->animation_create(FX_ANIMATION_BASIC, "opacity", &a);
    v = fx_number(0); api->animation_set(a, "from", &v);
    v = fx_number(1); api->animation_set(a, "to", &v);
    v = fx_number(1); api->animation_set(a, "duration", &v);
    api->layer_add_animation(l, a, "fade");
    api->timer_add(0.05, later, NULL, NULL);
    api->timer_add(0.15, later, NULL, NULL);
    attack();
    return FX_OK;
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "scribbler", "writes garbage into every descriptor it finds", NULL, 0, (fx_build_fn)build },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "scribbler", "0", "goes after fxhost's outputs", factories, 1,
};

FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
