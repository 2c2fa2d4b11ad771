/* SPDX-License-Identifier: MIT */
/*
 * fx.h 1.3 test plugin: a 40 x 20 blue layer masked by an opaque black
 * layer over its left half, the mask kept as the layer key maskMode says.
 * It asks the host first (layer_knows_key_path) and reports what layer_set
 * answered. Written against the 1.2 header too: the key is a string, so a
 * plugin of any minor may set it on a host that knows it.
 */
#include <stdio.h>
#include "fx.h"

static fx_status masked(const fx_api *api, fx_layer stage, const char *mode) {
    fx_layer box, mask;
    fx_value blue = fx_color_value(0, 0, 1, 1), black = fx_color_value(0, 0, 0, 1), value = fx_string_value(mode);
    int32_t known = 0;
    fx_status status;
    char message[256];
    if (!FX_API_HAS(api, layer_knows_key_path) || api->layer_knows_key_path(FX_LAYER, "maskMode", &known) != FX_OK || !known) {
        api->fail("the host has no maskMode (fx.h 1.3)");
        return FX_ERR_FAILED;
    }
    if (api->layer_create(FX_LAYER, "box", &box) != FX_OK || api->layer_create(FX_LAYER, "mask", &mask) != FX_OK) return FX_ERR_FAILED;
    api->layer_set_frame(box, (fx_rect){0, 0, 40, 20});
    api->layer_set(box, "backgroundColor", &blue);
    api->layer_set_frame(mask, (fx_rect){0, 0, 20, 20});
    api->layer_set(mask, "backgroundColor", &black);
    api->layer_set_mask(box, mask);
    status = api->layer_set(box, "maskMode", &value);
    if (status != FX_OK) {
        snprintf(message, sizeof message, "layer_set maskMode answered %d: %s", (int)status, api->last_error());
        api->fail(message);
        return FX_ERR_FAILED;
    }
    return api->layer_add_sublayer(stage, box);
}

static const fx_param params[] = {
    { sizeof(fx_param), "mode", FX_PARAM_STRING, "the mask mode", "alpha", 0, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "masked", "a layer masked over its left half", params, 1, (fx_build_fn)masked },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "abi13", "1.0.0", "fx.h 1.3's maskMode", factories, 1,
};
FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
