/* SPDX-License-Identifier: MIT */
/*
 * marker — appends a line to the file FXHOST_TEST_MARKER names each time
 * plugin code runs (the library's constructor, the entry point, a build), so
 * that a test can tell whether fxhost ran any of it, and how many times the
 * plugin was loaded. Factories:
 *   fade   : a box fading in over 1 s (nothing calls back into the plugin)
 *   timer  : the same box, and a timer at 0.5 s that fades it again over 1 s;
 *            with FXHOST_TEST_CHDIR set, its build moves the process to /
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "fx.h"

static void mark(const char *what) {
    const char *path = getenv("FXHOST_TEST_MARKER");
    FILE *f;
    if (!path || !*path) return;
    f = fopen(path, "a");
    if (!f) return;
    fprintf(f, "%s\n", what);
    fclose(f);
}

__attribute__((constructor)) static void loaded(void) { mark("constructor"); }

static const fx_api *host;
static fx_layer box;

static fx_status fade(fx_layer layer) {
    fx_animation a;
    fx_value v;
    fx_status s = host->animation_create(FX_ANIMATION_BASIC, "opacity", &a);
    if (s != FX_OK) return s;
    v = fx_number(0); host->animation_set(a, "from", &v);
    v = fx_number(1); host->animation_set(a, "to", &v);
    v = fx_number(1); host->animation_set(a, "duration", &v);
    return host->layer_add_animation(layer, a, NULL);
}

static fx_status build_fade(const fx_api *api, fx_layer stage) {
    fx_value v;
    fx_status s;
    mark("build");
    host = api;
    s = api->layer_create(FX_LAYER, "box", &box);
    if (s != FX_OK) return s;
    v = fx_rect_value(0, 0, 10, 10); api->layer_set(box, "bounds", &v);
    s = api->layer_add_sublayer(stage, box);
    if (s != FX_OK) return s;
    return fade(box);
}

static fx_status again(void *user) {
    (void)user;
    return fade(box);
}

static fx_status build_timer(const fx_api *api, fx_layer stage) {
    fx_status s = build_fade(api, stage);
    if (s != FX_OK) return s;
    if (getenv("FXHOST_TEST_CHDIR") && chdir("/") != 0) return FX_ERR_FAILED;
    return api->timer_add(0.5, again, NULL, NULL);
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "fade", "a box fading in", NULL, 0, (fx_build_fn)build_fade },
    { sizeof(fx_factory), "timer", "a box fading in, and again from a timer", NULL, 0, (fx_build_fn)build_timer },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "marker", "0", "says when its code runs", factories, 2,
};

FX_PLUGIN_ENTRY(api) { (void)api; mark("entry"); return &plugin; }
