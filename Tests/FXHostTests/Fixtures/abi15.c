/* SPDX-License-Identifier: MIT */
/*
 * fx.h 1.5 test plugin: a 120 x 40 text layer, font size 30, drawing
 * `text` in foregroundColor `color` (red or blue), with the runs `mode`
 * names set through the text layer key foregroundColorRuns:
 *   none         no runs;
 *   red-clear    bytes 0-2 red, 2-4 transparent (alpha 0);
 *   clear-red    bytes 0-2 transparent, 2-4 red;
 *   five         five numbers (not a multiple of six);
 *   backwards    a run that ends before it starts;
 *   bright       a channel above 1.
 * It asks the host first (layer_knows_key_path) and reports what layer_set
 * answered. Written against the 1.4 header too: the key is a string.
 */
#include <stdio.h>
#include <string.h>
#include "fx.h"

static fx_status runs(const fx_api *api, fx_layer stage, const char *text, const char *color, const char *mode) {
    static const double red_clear[] = { 0, 2, 1, 0, 0, 1, 2, 4, 0, 0, 0, 0 };
    static const double clear_red[] = { 0, 2, 0, 0, 0, 0, 2, 4, 1, 0, 0, 1 };
    static const double five[] = { 0, 2, 1, 0, 0 };
    static const double backwards[] = { 3, 1, 1, 0, 0, 1 };
    static const double bright[] = { 0, 2, 1.5, 0, 0, 1 };
    const double *numbers = NULL;
    uint32_t count = 0;
    fx_layer layer;
    fx_value string = fx_string_value(text), size = fx_number(30), value;
    fx_value ink = strcmp(color, "red") == 0 ? fx_color_value(1, 0, 0, 1) : fx_color_value(0, 0, 1, 1);
    int32_t known = 0;
    fx_status status;
    char message[256];
    if (!FX_API_HAS(api, layer_knows_key_path) || api->layer_knows_key_path(FX_LAYER_TEXT, "foregroundColorRuns", &known) != FX_OK
        || !known) {
        api->fail("the host has no foregroundColorRuns (fx.h 1.5)");
        return FX_ERR_FAILED;
    }
    if (strcmp(mode, "red-clear") == 0) { numbers = red_clear; count = 12; }
    else if (strcmp(mode, "clear-red") == 0) { numbers = clear_red; count = 12; }
    else if (strcmp(mode, "five") == 0) { numbers = five; count = 5; }
    else if (strcmp(mode, "backwards") == 0) { numbers = backwards; count = 6; }
    else if (strcmp(mode, "bright") == 0) { numbers = bright; count = 6; }
    if (api->layer_create(FX_LAYER_TEXT, "words", &layer) != FX_OK) return FX_ERR_FAILED;
    api->layer_set_frame(layer, (fx_rect){0, 0, 120, 40});
    api->layer_set(layer, "string", &string);
    api->layer_set(layer, "fontSize", &size);
    api->layer_set(layer, "foregroundColor", &ink);
    if (numbers) {
        value.type = FX_VALUE_NUMBERS;
        value.count = count;
        value.u.numbers = numbers;
        status = api->layer_set(layer, "foregroundColorRuns", &value);
        if (status != FX_OK) {
            snprintf(message, sizeof message, "layer_set foregroundColorRuns answered %d: %s", (int)status, api->last_error());
            api->fail(message);
            return FX_ERR_FAILED;
        }
    }
    return api->layer_add_sublayer(stage, layer);
}

static const fx_param params[] = {
    { sizeof(fx_param), "text", FX_PARAM_STRING, "the string", "MMMM", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "color", FX_PARAM_STRING, "foregroundColor: red or blue", "blue", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "mode", FX_PARAM_STRING, "which runs", "none", 0, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "runs", "a text layer with coloured runs", params, 3, (fx_build_fn)runs },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "abi15", "1.0.0", "fx.h 1.5's foregroundColorRuns", factories, 1,
};
FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
