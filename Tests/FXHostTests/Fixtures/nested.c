/* SPDX-License-Identifier: MIT */
/*
 * Two replicators of 10,000 copies, one inside the other, around one 4x4
 * layer: 10^8 instances from a handful of calls, which the scene budget
 * must refuse before making any.
 */
#include "fx.h"

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static fx_status replicator(const fx_api *api, fx_layer parent, const char *name, fx_layer *out) {
    fx_value count = fx_number(10000);
    CHECK(api->layer_create(FX_LAYER_REPLICATOR, name, out));
    CHECK(api->layer_set_frame(*out, (fx_rect){ 0, 0, 320, 240 }));
    CHECK(api->layer_set(*out, "instanceCount", &count));
    return api->layer_add_sublayer(parent, *out);
}

static fx_status build(const fx_api *api, fx_layer stage) {
    fx_layer outer = 0, inner = 0, dot = 0;
    CHECK(replicator(api, stage, "outer", &outer));
    CHECK(replicator(api, outer, "inner", &inner));
    CHECK(api->layer_create(FX_LAYER, "dot", &dot));
    CHECK(api->layer_set_frame(dot, (fx_rect){ 0, 0, 4, 4 }));
    return api->layer_add_sublayer(inner, dot);
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "nested", "10^8 replicated instances", NULL, 0, (fx_build_fn)build },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "nested", "1.0.0", "nested replicators", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
