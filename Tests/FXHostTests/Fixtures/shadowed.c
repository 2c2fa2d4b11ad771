/* SPDX-License-Identifier: MIT */
/*
 * A plugin with a parameter named like one of fxhost's own options: PARAM
 * (-DPARAM="\"loop\"", default "loop"). fxhost reads its options first, so
 * the parameter could never be given; the plugin is refused at load.
 */
#include "fx.h"

#ifndef PARAM
#define PARAM "loop"
#endif

static fx_status build(const fx_api *api, fx_layer stage, int32_t value) {
    fx_layer l = 0;
    (void)value;
    fx_status s = api->layer_create(FX_LAYER, "box", &l);
    return s == FX_OK ? api->layer_add_sublayer(stage, l) : s;
}

static const fx_param params[] = {
    { sizeof(fx_param), PARAM, FX_PARAM_INT, "a parameter fxhost's own option hides", "1", 0, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "shadowed", "one layer", params, 1, (fx_build_fn)build },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "shadowed", "1.0.0", "a parameter named like a host option", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
