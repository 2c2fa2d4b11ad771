/* SPDX-License-Identifier: MIT */
/*
 * budget — scenes over the scene budget from a handful of calls, chosen with
 * -DCASE=n:
 *   1 one emitter whose cell is born 10^9 times a second and lives 1 s:
 *     10^9 + 1 live particles at 1 s
 *   2 a replicator of 100 copies of an emitter whose cell is born 5,000 times
 *     a second and lives 2 s: (5,000 x 2 + 1) x 100 = 1,000,100 at 2 s
 *   3 a replicator of 1,000 copies of a layer as large as the 320x240 stage,
 *     with a shadow: each copy draws its backing, an offscreen group and the
 *     shadow's blur over the stage, 3 x 76,800 pixels, 230,400,000 in all
 */
#include "fx.h"

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static fx_status set(const fx_api *api, fx_layer l, const char *key, fx_value v) { return api->layer_set(l, key, &v); }

static fx_status emitter(const fx_api *api, fx_layer parent, double rate, double life) {
    fx_layer e = 0;
    fx_emitter_cell c = 0;
    fx_value v;
    CHECK(api->layer_create(FX_LAYER_EMITTER, "spray", &e));
    CHECK(api->layer_set_frame(e, (fx_rect){ 0, 0, 320, 240 }));
    CHECK(api->emitter_cell_create("drop", &c));
    v = fx_number(rate); CHECK(api->emitter_cell_set(c, "birthRate", &v));
    v = fx_number(life); CHECK(api->emitter_cell_set(c, "lifetime", &v));
    CHECK(api->layer_add_emitter_cell(e, c));
    return api->layer_add_sublayer(parent, e);
}

static fx_status replicator(const fx_api *api, fx_layer parent, double copies, fx_layer *out) {
    CHECK(api->layer_create(FX_LAYER_REPLICATOR, "copies", out));
    CHECK(api->layer_set_frame(*out, (fx_rect){ 0, 0, 320, 240 }));
    CHECK(set(api, *out, "instanceCount", fx_number(copies)));
    return api->layer_add_sublayer(parent, *out);
}

static fx_status build(const fx_api *api, fx_layer stage) {
    fx_layer r = 0, sheet = 0;
    switch (CASE) {
    case 1: return emitter(api, stage, 1e9, 1);
    case 2:
        CHECK(replicator(api, stage, 100, &r));
        return emitter(api, r, 5000, 2);
    default:
        CHECK(replicator(api, stage, 1000, &r));
        CHECK(api->layer_create(FX_LAYER, "sheet", &sheet));
        CHECK(api->layer_set_frame(sheet, (fx_rect){ 0, 0, 320, 240 }));
        CHECK(set(api, sheet, "backgroundColor", fx_color_value(0, 0, 1, 1)));
        CHECK(set(api, sheet, "shadowOpacity", fx_number(0.5)));
        CHECK(set(api, sheet, "shadowRadius", fx_number(8)));
        return api->layer_add_sublayer(r, sheet);
    }
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "budget", "a scene over the scene budget", NULL, 0, (fx_build_fn)build },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "budget", "1.0.0", "scenes over the budget", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
