/* SPDX-License-Identifier: MIT */
/*
 * fx.h 1.2 test plugin: declares a preferred stage size and natural end
 * (stage_prefer), fills whatever stage it gets, and reports bad input
 * with FX_ERR_INPUT.
 */
#include "fx.h"

static fx_status fill_stage(const fx_api *api, fx_layer stage) {
    fx_size size;
    fx_layer box;
    fx_value color = fx_color_value(0.2, 0.4, 0.8, 1);
    if (api->stage_size(&size) != FX_OK) return FX_ERR_FAILED;
    if (api->layer_create(FX_LAYER, "box", &box) != FX_OK) return FX_ERR_FAILED;
    api->layer_set_frame(box, (fx_rect){0, 0, size.width, size.height});
    api->layer_set(box, "backgroundColor", &color);
    return api->layer_add_sublayer(stage, box);
}

static fx_status prefer(const fx_api *api, fx_layer stage, double width, double height, double end) {
    fx_stage_preference p;
    p.struct_size = sizeof p;
    p.size.width = width;
    p.size.height = height;
    p.natural_end = end;
    if (!FX_API_HAS(api, stage_prefer)) { api->fail("the host has no stage_prefer"); return FX_ERR_FAILED; }
    if (api->stage_prefer(&p) != FX_OK) { api->fail(api->last_error()); return FX_ERR_FAILED; }
    return fill_stage(api, stage);
}

static fx_status bad_input(const fx_api *api, fx_layer stage, const char *why) {
    (void)stage;
    api->fail(why);
    return FX_ERR_INPUT;
}

static const fx_param prefer_params[] = {
    { sizeof(fx_param), "width", FX_PARAM_DOUBLE, "preferred width", "64", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "height", FX_PARAM_DOUBLE, "preferred height", "48", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "natural-end", FX_PARAM_DOUBLE, "preferred end", "0.5", 0, 0, 0, NULL, 0 },
};
static const fx_param input_params[] = {
    { sizeof(fx_param), "why", FX_PARAM_STRING, "the message", "the file is wrong", 0, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "prefer", "prefers a size and an end", prefer_params, 3, (fx_build_fn)prefer },
    { sizeof(fx_factory), "input", "reports bad input", input_params, 1, (fx_build_fn)bad_input },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "abi12", "1.0.0", "fx.h 1.2 members", factories, 2,
};
FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
