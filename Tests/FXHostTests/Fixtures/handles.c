/* SPDX-License-Identifier: MIT */
/*
 * handles — handles of every kind passed where another kind is expected.
 * Each of the first layer, animation, path and image is the first of its
 * kind, so a host that numbered each kind from 1 would give all four the same
 * value and let, say, an animation handle change the stage.
 */
#include <stdio.h>
#include "fx.h"

static const fx_api *A;

static void say(const char *what, fx_status s) {
    char line[200];
    snprintf(line, sizeof line, "%s -> %d", what, (int)s);
    A->log(FX_LOG_INFO, line);
}

static fx_status build(const fx_api *api, fx_layer stage, double unused) {
    static const uint8_t pixel[4] = { 255, 0, 0, 255 };
    fx_animation anim;
    fx_path path;
    fx_image image;
    fx_layer layer;
    fx_value v = fx_number(0.25), out;
    int32_t w, h;
    (void)unused;
    A = api;
    api->animation_create(FX_ANIMATION_BASIC, "opacity", &anim);
    api->path_create(&path);
    api->image_create_rgba(1, 1, pixel, &image);
    say("animation as layer", api->layer_set(anim, "opacity", &v));
    say("path as layer", api->layer_set(path, "opacity", &v));
    say("image as layer", api->layer_set(image, "opacity", &v));
    say("layer as animation", api->animation_set(stage, "duration", &v));
    say("layer as path", api->path_line_to(stage, 1, 1));
    say("animation as image", api->image_size(anim, &w, &h));
    v = fx_image_value(path);
    say("path as contents image", api->layer_set(stage, "contents", &v));
    say("stage as animation to add", api->layer_add_animation(stage, stage, NULL));
    api->layer_create(FX_LAYER, "child", &layer);
    say("animation as sublayer", api->layer_add_sublayer(stage, anim));
    say("layer as itself", api->layer_add_sublayer(stage, layer));
    api->layer_get(stage, "opacity", &out);
    say(out.u.number == 1 ? "stage opacity untouched" : "stage opacity changed", FX_OK);
    return FX_OK;
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "handles", "handles of the wrong kind", NULL, 0, (fx_build_fn)build },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "handles", "0", "mixes up handle kinds", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
