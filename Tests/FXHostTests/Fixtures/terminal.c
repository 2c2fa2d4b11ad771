/* SPDX-License-Identifier: MIT */
/*
 * terminal — a plugin whose every string carries terminal control
 * sequences: ESC[2J (clear the screen), ESC[31m (red), and "\r ESC[2K" (go to
 * the start of the line and erase it), which could overwrite a FAIL line
 * with a fake PASS. The host must print all of them visibly, on one line.
 *   CASE 1  names, help, log and fail messages, a layer name and a text string
 *   CASE 2  a parameter name the host refuses (and echoes in its error)
 */
#include "fx.h"

static const char *const choices[] = { "plain", "\033[31mred" };

static fx_status build(const fx_api *api, fx_layer stage, const char *mode) {
    fx_layer l;
    fx_value v;
    (void)mode;
    api->log(FX_LOG_INFO, "\033[2Jthe screen is cleared\nsecond line");
    api->layer_create(FX_LAYER_TEXT, "name\033[2K\r", &l);
    v = fx_string_value("text\033]0;title\007");
    api->layer_set(l, "string", &v);
    api->layer_add_sublayer(stage, l);
    if (api->timer_add(0.5, NULL, NULL, NULL) != FX_OK) {
        api->fail("failed\r\033[2KPASS  terminal/fake                 drew 1 frame");
        return FX_ERR_FAILED;
    }
    return FX_OK;
}

static fx_status quiet(const fx_api *api, fx_layer stage, const char *mode) {
    fx_layer l;
    (void)mode;
    api->layer_create(FX_LAYER, "quiet\033[2J", &l);
    return api->layer_add_sublayer(stage, l);
}

static const fx_param params[] = {
    { sizeof(fx_param), CASE == 2 ? "mode\033[2J" : "mode", FX_PARAM_CHOICE, "the \033[31mmode\033[0m", "plain", 0, 0, 0, choices, 2 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "bad\033[2J", "fails \033[31mred\033[0m", params, 1, (fx_build_fn)build },
    { sizeof(fx_factory), "quiet", "succeeds", params, 1, (fx_build_fn)quiet },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "term\033[2Jinal", "1\0332", "prints \033[2J escapes", factories, 2,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
