// SPDX-License-Identifier: MIT
/*
 * studiofx — the studio tests' plugin: a box of colour (RED, GREEN, BLUE) whose
 * opacity goes from 1 to 0.2 over 2 s, and which moves to the stage's centre
 * on the "tap" event. Its `mode` makes the build crash or hang instead, so that the page
 * can show those failures while the studio lives on, or crash when "tap" fires (a failure
 * of a worker that has drawn frames already). Compiled again with another colour, it is a
 * plugin that changed under a running studio. With STUDIOFX_BUILDS naming a file, every build
 * appends a line to it: the tests count the builds the studio makes.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include "fx.h"

#ifndef RED
#define RED 1.0
#endif
#ifndef GREEN
#define GREEN 0.0
#endif
#ifndef BLUE
#define BLUE 0.0
#endif

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static const fx_api *host;
static fx_layer box;
static int32_t built_mode;

static fx_status tapped(void *user, const char *name) {
    fx_value centre = fx_point_value(200, 150);
    (void)user; (void)name;
    if (built_mode == 3) raise(SIGSEGV);
    return host->layer_set(box, "position", &centre);
}

static fx_status build(const fx_api *api, fx_layer stage, int32_t mode, double side) {
    fx_animation fade;
    fx_value v;
    const char *count = getenv("STUDIOFX_BUILDS");
    FILE *builds = count ? fopen(count, "a") : NULL;
    if (builds) {
        fputs("build\n", builds);
        fclose(builds);
    }
    built_mode = mode;
    if (mode == 1) raise(SIGSEGV);
    if (mode == 2) for (volatile int spin = 0;; spin++) {}
    host = api;
    CHECK(api->layer_create(FX_LAYER, "box", &box));
    CHECK(api->layer_set_frame(box, (fx_rect){ 20, 20, side, side }));
    v = fx_color_value(RED, GREEN, BLUE, 1);
    CHECK(api->layer_set(box, "backgroundColor", &v));
    CHECK(api->layer_add_sublayer(stage, box));
    CHECK(api->animation_create(FX_ANIMATION_BASIC, "opacity", &fade));
    v = fx_number(1); CHECK(api->animation_set(fade, "from", &v));
    v = fx_number(0.2); CHECK(api->animation_set(fade, "to", &v));
    v = fx_number(2); CHECK(api->animation_set(fade, "duration", &v));
    CHECK(api->layer_add_animation(box, fade, "fade"));
    CHECK(api->animation_release(fade));
    return api->event_on("tap", tapped, NULL);
}

static const char *const modes[] = { "draw", "crash", "hang", "crash-on-tap" };

static const fx_param params[] = {
    { sizeof(fx_param), "mode", FX_PARAM_CHOICE, "draw, or fail while building, or when tapped", "draw", 0, 0, 0, modes, 4 },
    { sizeof(fx_param), "side", FX_PARAM_DOUBLE, "the box's side in points", "80", FX_PARAM_HAS_MIN | FX_PARAM_HAS_MAX, 10, 200, NULL, 0 },
};

static const fx_factory factories[] = {
    { sizeof(fx_factory), "box", "a box that fades and moves to the centre on tap", params, 2, (fx_build_fn)build },
};

static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "studiofx", "1.0.0", "a box for the studio's tests", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
