/* SPDX-License-Identifier: MIT */
/*
 * namehunter — looks for fxhost's temporary outputs by name while they are
 * written: in its build and in a timer at 0.1 s it lists the folder given as
 * --folder and writes "hunted" at 1 MiB into every ".fxhost-*" entry it can
 * open (past anything fxhost writes for a short run, so fxhost's own writes
 * do not cover it), then logs how many it wrote into. Otherwise one layer whose
 * opacity goes from 1 to 0 over a second.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "fx.h"

static const fx_api *A;
static char folder[1024];

static void hunt(const char *when) {
    char path[2048], line[128];
    int hits = 0;
    struct dirent *e;
    DIR *d = opendir(folder);
    if (d) {
        while ((e = readdir(d)) != NULL) {
            int fd;
            if (strncmp(e->d_name, ".fxhost-", 8) != 0) continue;
            snprintf(path, sizeof path, "%s/%s", folder, e->d_name);
            fd = open(path, O_WRONLY);
            if (fd < 0) continue;
            if (pwrite(fd, "hunted", 6, 1 << 20) == 6) hits++;
            close(fd);
        }
        closedir(d);
    }
    snprintf(line, sizeof line, "hunted %d in %s", hits, when);
    A->log(FX_LOG_INFO, line);
}

static fx_status later(void *user) {
    (void)user;
    hunt("a timer");
    return FX_OK;
}

static fx_status build(const fx_api *api, fx_layer stage, const char *where) {
    fx_layer l = 0;
    fx_animation a = 0;
    fx_value v;
    fx_status s;
    A = api;
    snprintf(folder, sizeof folder, "%s", where ? where : ".");
    hunt("the build");
    if ((s = api->layer_create(FX_LAYER, "box", &l)) != FX_OK) return s;
    if ((s = api->layer_add_sublayer(stage, l)) != FX_OK) return s;
    if ((s = api->animation_create(FX_ANIMATION_BASIC, "opacity", &a)) != FX_OK) return s;
    v = fx_number(1); api->animation_set(a, "from", &v);
    v = fx_number(0); api->animation_set(a, "to", &v);
    v = fx_number(1); api->animation_set(a, "duration", &v);
    api->layer_add_animation(l, a, "fade");
    api->animation_release(a);
    return api->timer_add(0.1, later, NULL, NULL);
}

static const fx_param params[] = {
    { sizeof(fx_param), "folder", FX_PARAM_STRING, "where to look for temporary outputs", ".", 0, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "namehunter", "writes into fxhost's temporary outputs it finds by name", params, 1, (fx_build_fn)build },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "namehunter", "1.0.0", "hunts temporary outputs by name", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
