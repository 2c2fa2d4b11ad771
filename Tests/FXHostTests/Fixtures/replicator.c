/* SPDX-License-Identifier: MIT */
/*
 * replicator — the classic loading ring: one dot, copied eight times around
 * a CAReplicatorLayer with a rotation per copy, each copy a little less red,
 * and (factory "wave") a fade that each copy plays 0.1 s after the previous.
 */
#include "fx.h"

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static fx_status ring(const fx_api *api, fx_layer stage, int32_t wave) {
    fx_layer rep, dot;
    fx_value count = fx_number(8), step = fx_transform_value(fx_transform_rotation(2 * FX_PI / 8, 0, 0, 1));
    fx_value red_offset = fx_number(-0.125), white = fx_color_value(1, 1, 1, 1), delay = fx_number(0.1);
    CHECK(api->layer_create(FX_LAYER_REPLICATOR, "ring", &rep));
    CHECK(api->layer_set_frame(rep, (fx_rect){ 20, 20, 120, 120 }));
    CHECK(api->layer_set(rep, "instanceCount", &count));
    CHECK(api->layer_set(rep, "instanceTransform", &step));
    CHECK(api->layer_set(rep, "instanceRedOffset", &red_offset));
    CHECK(api->layer_add_sublayer(stage, rep));
    CHECK(api->layer_create(FX_LAYER, "dot", &dot));
    CHECK(api->layer_set_frame(dot, (fx_rect){ 52, 4, 16, 16 }));
    CHECK(api->layer_set(dot, "backgroundColor", &white));
    CHECK(api->layer_add_sublayer(rep, dot));
    if (wave) {
        fx_animation fade;
        fx_value from = fx_number(1), to = fx_number(0), d = fx_number(0.8);
        CHECK(api->layer_set(rep, "instanceDelay", &delay));
        CHECK(api->animation_create(FX_ANIMATION_BASIC, "opacity", &fade));
        CHECK(api->animation_set(fade, "from", &from));
        CHECK(api->animation_set(fade, "to", &to));
        CHECK(api->animation_set(fade, "duration", &d));
        CHECK(api->layer_add_animation(dot, fade, "fade"));
    }
    return FX_OK;
}

static const fx_param params[] = {
    { sizeof(fx_param), "wave", FX_PARAM_BOOL, "each copy fades 0.1 s after the previous", "no", 0, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "ring", "eight dots around a replicator", params, 1, (fx_build_fn)ring },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "replicator", "1.0.0", "a replicated loading ring", factories, 1,
};
FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
