/* SPDX-License-Identifier: MIT */
/*
 * A plugin as a later minor (1.9) would build it: fx_plugin, fx_factory and
 * fx_param have each grown by fields appended at their end, so its arrays
 * step by the larger sizes. A 1.1 host must step by the plugin's
 * struct_size, read the fields it knows and ignore the rest.
 */
#include "fx.h"
#include <stdint.h>

typedef struct { fx_param base; double added_number; const char *added_text; } grown_param;
typedef struct { fx_factory base; uint64_t added[2]; } grown_factory;
typedef struct { fx_plugin base; const char *added_text; } grown_plugin;

static fx_status place(const fx_api *api, fx_layer stage, const char *name, double width) {
    fx_layer l = 0;
    fx_status s = api->layer_create(FX_LAYER, name, &l);
    if (s != FX_OK) return s;
    s = api->layer_add_sublayer(stage, l);
    if (s != FX_OK) return s;
    fx_rect frame = { 0, 0, width, 10 };
    return api->layer_set_frame(l, frame);
}

static fx_status build_one(const fx_api *api, fx_layer stage, const char *name) { return place(api, stage, name, 5); }
static fx_status build_two(const fx_api *api, fx_layer stage, double width, const char *name) {
    return place(api, stage, name, width);
}

static const grown_param one_params[] = {
    { { sizeof(grown_param), "name", FX_PARAM_STRING, "the layer's name", "first", 0, 0, 0, NULL, 0 }, 7.5, "x" },
};
static const grown_param two_params[] = {
    { { sizeof(grown_param), "width", FX_PARAM_DOUBLE, "the layer's width", "20", FX_PARAM_HAS_MIN, 1, 0, NULL, 0 }, 7.5, "x" },
    { { sizeof(grown_param), "name", FX_PARAM_STRING, "the layer's name", "second", 0, 0, 0, NULL, 0 }, 7.5, "x" },
};
static const grown_factory factories[] = {
    { { sizeof(grown_factory), "one", "one layer", &one_params[0].base, 1, (fx_build_fn)build_one }, { 0xdead, 0xbeef } },
    { { sizeof(grown_factory), "two", "a layer of a given width", &two_params[0].base, 2, (fx_build_fn)build_two }, { 0xdead, 0xbeef } },
};
static const grown_plugin plugin = {
    { sizeof(grown_plugin), FX_ABI_MAJOR, 9, "grown", "1.9.0", "structs of a later minor", &factories[0].base, 2 },
    "added in 1.9",
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin.base;
}
