/* SPDX-License-Identifier: MIT */
/*
 * broken — descriptors that are wrong in one way each, chosen with -DCASE=n:
 *   1 no name   2 duplicate factory names   3 unknown parameter type
 *   4 entry returns NULL   5 struct_size too small   6 bad default value
 *   7 a newer minor with a larger descriptor (must load)
 */
#include "fx.h"

static fx_status build(const fx_api *api, fx_layer stage) { (void)api; (void)stage; return FX_OK; }

static const fx_param params[] = {
    { sizeof(fx_param), "speed", CASE == 3 ? 42 : FX_PARAM_DOUBLE, "how fast", CASE == 6 ? "fast" : "1",
      0, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "one", "", params, 1, (fx_build_fn)build },
    { sizeof(fx_factory), CASE == 2 ? "one" : "two", "", NULL, 0, (fx_build_fn)build },
};

/* A descriptor from a future 1.x: the 1.0 fields, then more the host must skip. */
struct future_plugin {
    fx_plugin base;
    const char *homepage;
    double extra[4];
};

static const struct future_plugin plugin = {
    {
        CASE == 5 ? 8 : (CASE == 7 ? (uint32_t)sizeof(struct future_plugin) : (uint32_t)sizeof(fx_plugin)),
        FX_ABI_MAJOR, CASE == 7 ? 9 : FX_ABI_MINOR,
        CASE == 1 ? NULL : "broken", "1", "", factories, 2,
    },
    "https://example.invalid", { 1, 2, 3, 4 },
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return CASE == 4 ? NULL : &plugin.base;
}
