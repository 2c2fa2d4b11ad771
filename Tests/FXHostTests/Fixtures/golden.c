/* SPDX-License-Identifier: MIT */
/*
 * golden — a red 40×30 box at (10, 10) whose opacity goes from 1 to FADE_TO
 * over one second (linear; the model ends at FADE_TO). Compiled twice, with
 * two values of FADE_TO, it is a plugin whose look changed, for the golden
 * snapshot tests.
 */
#include "fx.h"

#ifndef FADE_TO
#define FADE_TO 0.2
#endif

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static fx_status build(const fx_api *api, fx_layer stage) {
    fx_layer box;
    fx_animation fade;
    fx_value v;
    CHECK(api->layer_create(FX_LAYER, "box", &box));
    CHECK(api->layer_set_frame(box, (fx_rect){ 10, 10, 40, 30 }));
    v = fx_color_value(1, 0, 0, 1);
    CHECK(api->layer_set(box, "backgroundColor", &v));
    v = fx_number(FADE_TO);
    CHECK(api->layer_set(box, "opacity", &v));
    CHECK(api->layer_add_sublayer(stage, box));
    CHECK(api->animation_create(FX_ANIMATION_BASIC, "opacity", &fade));
    v = fx_number(1); CHECK(api->animation_set(fade, "from", &v));
    v = fx_number(FADE_TO); CHECK(api->animation_set(fade, "to", &v));
    v = fx_number(1); CHECK(api->animation_set(fade, "duration", &v));
    CHECK(api->layer_add_animation(box, fade, "fade"));
    CHECK(api->animation_release(fade));
    return FX_OK;
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "fade", "a red box fades to FADE_TO", NULL, 0, (fx_build_fn)build },
};

static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "golden", "1.0.0", "a box that fades, for golden snapshots", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
