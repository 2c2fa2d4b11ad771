/* SPDX-License-Identifier: MIT */
/*
 * emitter — an emitter and nothing else: a cell "spark" (10 a second, 1 s
 * lifetime, velocity 50 to the right, scale CELL_SCALE) and an unnamed cell
 * (2 a second, 1 s, standing still), at (160, 120). Compiled with two values of
 * CELL_SCALE it is an emitter-only effect whose cell changed, for the tests of
 * how long such an effect runs and of the cells' statistics.
 */
#include "fx.h"

#ifndef CELL_SCALE
#define CELL_SCALE 0.5
#endif

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static fx_status build(const fx_api *api, fx_layer stage) {
    fx_layer e;
    fx_emitter_cell spark, plain;
    fx_value v;
    CHECK(api->layer_create(FX_LAYER_EMITTER, "e", &e));
    CHECK(api->layer_set_frame(e, (fx_rect){ 0, 0, 320, 240 }));
    v = fx_point_value(160, 120); CHECK(api->layer_set(e, "emitterPosition", &v));
    CHECK(api->emitter_cell_create("spark", &spark));
    v = fx_number(10); CHECK(api->emitter_cell_set(spark, "birthRate", &v));
    v = fx_number(1); CHECK(api->emitter_cell_set(spark, "lifetime", &v));
    v = fx_number(50); CHECK(api->emitter_cell_set(spark, "velocity", &v));
    v = fx_number(CELL_SCALE); CHECK(api->emitter_cell_set(spark, "scale", &v));
    CHECK(api->layer_add_emitter_cell(e, spark));
    CHECK(api->emitter_cell_release(spark));
    CHECK(api->emitter_cell_create(NULL, &plain));
    v = fx_number(2); CHECK(api->emitter_cell_set(plain, "birthRate", &v));
    v = fx_number(1); CHECK(api->emitter_cell_set(plain, "lifetime", &v));
    CHECK(api->layer_add_emitter_cell(e, plain));
    CHECK(api->emitter_cell_release(plain));
    CHECK(api->layer_add_sublayer(stage, e));
    return FX_OK;
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "sparks", "an emitter of sparks of scale CELL_SCALE", NULL, 0, (fx_build_fn)build },
};

static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "emitter", "1.0.0", "an emitter-only effect", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
