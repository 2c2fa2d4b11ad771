/* SPDX-License-Identifier: MIT */
/*
 * fx.h 1.6 test plugin: a 100 x 100 radial gradient layer, black at its
 * focal point to white on the circle of radius 50 about (50, 50)
 * (startPoint (0.5, 0.5), endPoint (1, 1)), with the gradient layer key
 * focalOffset set as `mode` says:
 *   none         not set;
 *   zero         (0, 0);
 *   right        (0.25, 0): the focal point at (75, 50);
 *   number       a number, not a point.
 * It asks the host first (layer_knows_key_path, which must answer yes for
 * a gradient layer and no for a plain one) and reports what layer_set
 * answered. Written against the 1.5 header too: the key is a string.
 */
#include <stdio.h>
#include <string.h>
#include "fx.h"

static fx_status focus(const fx_api *api, fx_layer stage, const char *mode) {
    static const fx_color colors[] = { { 0, 0, 0, 1 }, { 1, 1, 1, 1 } };
    fx_layer layer;
    fx_value value, start = fx_point_value(0.5, 0.5), end = fx_point_value(1, 1), type = fx_string_value("radial");
    int32_t known = 0, plain = 1;
    fx_status status;
    char message[256];
    if (!FX_API_HAS(api, layer_knows_key_path) || api->layer_knows_key_path(FX_LAYER_GRADIENT, "focalOffset", &known) != FX_OK
        || !known) {
        api->fail("the host has no focalOffset (fx.h 1.6)");
        return FX_ERR_FAILED;
    }
    if (api->layer_knows_key_path(FX_LAYER, "focalOffset", &plain) != FX_OK || plain) {
        api->fail("a plain layer has a focalOffset");
        return FX_ERR_FAILED;
    }
    if (api->layer_create(FX_LAYER_GRADIENT, "spot", &layer) != FX_OK) return FX_ERR_FAILED;
    api->layer_set_frame(layer, (fx_rect){0, 0, 100, 100});
    value.type = FX_VALUE_COLORS;
    value.count = 2;
    value.u.colors = colors;
    api->layer_set(layer, "colors", &value);
    api->layer_set(layer, "type", &type);
    api->layer_set(layer, "startPoint", &start);
    api->layer_set(layer, "endPoint", &end);
    if (strcmp(mode, "none") != 0) {
        if (strcmp(mode, "zero") == 0) value = fx_point_value(0, 0);
        else if (strcmp(mode, "right") == 0) value = fx_point_value(0.25, 0);
        else value = fx_number(0.25);
        status = api->layer_set(layer, "focalOffset", &value);
        if (status != FX_OK) {
            snprintf(message, sizeof message, "layer_set focalOffset answered %d: %s", (int)status, api->last_error());
            api->fail(message);
            return FX_ERR_FAILED;
        }
    }
    return api->layer_add_sublayer(stage, layer);
}

static const fx_param params[] = {
    { sizeof(fx_param), "mode", FX_PARAM_STRING, "none, zero, right or number", "none", 0, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "focus", "a radial gradient with its focal point moved", params, 1, (fx_build_fn)focus },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "abi16", "1.0.0", "fx.h 1.6's focalOffset", factories, 1,
};
FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
