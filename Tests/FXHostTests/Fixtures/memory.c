// SPDX-License-Identifier: MIT
/*
 * memory — a scene whose cost is in its memory, not its calls, for the memory
 * budget (docs/isolation.md, "Memory budget"), sized with -D:
 *   MODEL     plain layers on the stage (default 0)
 *   COPIES    instanceCount of a replicator on the stage (default 0: none)
 *   CHILDREN  sublayers of the one layer the replicator copies (default 0)
 *   PARTICLES birthRate of an emitter on the stage whose cells live 1 s (default 0: none)
 * The frame at time t >= 1 presents 2 + MODEL + COPIES x (1 + CHILDREN) layers
 * (stage and replicator, then the copies) and about PARTICLES live particles.
 */
#include "fx.h"

#ifndef MODEL
#define MODEL 0
#endif
#ifndef COPIES
#define COPIES 0
#endif
#ifndef CHILDREN
#define CHILDREN 0
#endif
#ifndef PARTICLES
#define PARTICLES 0
#endif

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static fx_status set(const fx_api *api, fx_layer l, const char *key, fx_value v) { return api->layer_set(l, key, &v); }

static fx_status square(const fx_api *api, fx_layer parent, double x) {
    fx_layer l = 0;
    CHECK(api->layer_create(FX_LAYER, NULL, &l));
    CHECK(api->layer_set_frame(l, (fx_rect){ x, 0, 2, 2 }));
    CHECK(set(api, l, "backgroundColor", fx_color_value(1, 0, 0, 1)));
    return api->layer_add_sublayer(parent, l);
}

static fx_status build(const fx_api *api, fx_layer stage) {
    int i;
    for (i = 0; i < MODEL; i++) CHECK(square(api, stage, i % 300));
    if (COPIES > 0) {
        fx_layer r = 0, group = 0;
        CHECK(api->layer_create(FX_LAYER_REPLICATOR, "copies", &r));
        CHECK(api->layer_set_frame(r, (fx_rect){ 0, 0, 320, 240 }));
        CHECK(set(api, r, "instanceCount", fx_number(COPIES)));
        CHECK(api->layer_add_sublayer(stage, r));
        CHECK(api->layer_create(FX_LAYER, "group", &group));
        CHECK(api->layer_set_frame(group, (fx_rect){ 0, 0, 4, 4 }));
        CHECK(api->layer_add_sublayer(r, group));
        for (i = 0; i < CHILDREN; i++) CHECK(square(api, group, 0));
    }
    if (PARTICLES > 0) {
        fx_layer e = 0;
        fx_emitter_cell c = 0;
        fx_value v;
        CHECK(api->layer_create(FX_LAYER_EMITTER, "spray", &e));
        CHECK(api->layer_set_frame(e, (fx_rect){ 0, 0, 320, 240 }));
        CHECK(api->emitter_cell_create("drop", &c));
        v = fx_number(PARTICLES); CHECK(api->emitter_cell_set(c, "birthRate", &v));
        v = fx_number(1); CHECK(api->emitter_cell_set(c, "lifetime", &v));
        CHECK(api->layer_add_emitter_cell(e, c));
        CHECK(api->layer_add_sublayer(stage, e));
    }
    return FX_OK;
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "memory", "a scene sized by its -D settings", NULL, 0, (fx_build_fn)build },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "memory", "1.0.0", "scenes sized in memory", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
