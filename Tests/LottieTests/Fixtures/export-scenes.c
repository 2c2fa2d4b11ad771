/* SPDX-License-Identifier: MIT */
/*
 * Scenes for ExportStructureTests (the Lottie export's parenting and shadows), on a 100×100 stage:
 *   nested  a layer P (frame 20,20 40×40, drawing nothing) moving its position.x from 40 to 60 and
 *           turning transform.rotation.z from 0 to π/2 over 1 s (linear), with a static red
 *           child C (frame 0,0 20×20 in P)
 *   shadow  a blue 40×40 square at (30,30) with a shadow: black, opacity 0.5, offset (6, 8), radius 2
 *   shadows the same square with a green 10×10 sublayer: a shadow of two parts
 *   focus   a radial gradient layer (frame 10,20 80×60; red, blue, white; startPoint (0.5, 0.5),
 *           endPoint (1, 1): an ellipse of radii 40 × 30) whose focalOffset (fx.h 1.6) moves
 *           from (0.2, 0) to (0, −0.2) over 1 s (linear, focalOffset.x and focalOffset.y)
 */
#include "fx.h"

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static fx_status animate(const fx_api *api, fx_layer l, const char *key_path, double from, double to) {
    fx_animation a;
    fx_value v;
    CHECK(api->animation_create(FX_ANIMATION_BASIC, key_path, &a));
    v = fx_number(from); CHECK(api->animation_set(a, "from", &v));
    v = fx_number(to); CHECK(api->animation_set(a, "to", &v));
    v = fx_number(1); CHECK(api->animation_set(a, "duration", &v));
    v = fx_string_value("forwards"); CHECK(api->animation_set(a, "fillMode", &v));
    v = fx_bool_value(0); CHECK(api->animation_set(a, "removedOnCompletion", &v));
    CHECK(api->layer_add_animation(l, a, key_path));
    return api->animation_release(a);
}

static fx_status nested(const fx_api *api, fx_layer stage) {
    fx_layer p, c;
    fx_value v;
    CHECK(api->layer_create(FX_LAYER, "P", &p));
    CHECK(api->layer_set_frame(p, (fx_rect){ 20, 20, 40, 40 }));
    CHECK(api->layer_create(FX_LAYER, "C", &c));
    CHECK(api->layer_set_frame(c, (fx_rect){ 0, 0, 20, 20 }));
    v = fx_color_value(1, 0, 0, 1); CHECK(api->layer_set(c, "backgroundColor", &v));
    CHECK(api->layer_add_sublayer(p, c));
    CHECK(api->layer_add_sublayer(stage, p));
    CHECK(animate(api, p, "position.x", 40, 60));
    return animate(api, p, "transform.rotation.z", 0, 3.14159265358979323846 / 2);
}

static fx_status square(const fx_api *api, fx_layer stage, fx_layer *out) {
    fx_value v;
    CHECK(api->layer_create(FX_LAYER, "square", out));
    CHECK(api->layer_set_frame(*out, (fx_rect){ 30, 30, 40, 40 }));
    v = fx_color_value(0, 0, 1, 1); CHECK(api->layer_set(*out, "backgroundColor", &v));
    v = fx_color_value(0, 0, 0, 1); CHECK(api->layer_set(*out, "shadowColor", &v));
    v = fx_number(0.5); CHECK(api->layer_set(*out, "shadowOpacity", &v));
    v = fx_size_value(6, 8); CHECK(api->layer_set(*out, "shadowOffset", &v));
    v = fx_number(2); CHECK(api->layer_set(*out, "shadowRadius", &v));
    return api->layer_add_sublayer(stage, *out);
}

static fx_status shadow(const fx_api *api, fx_layer stage) {
    fx_layer s;
    return square(api, stage, &s);
}

static fx_status shadows(const fx_api *api, fx_layer stage) {
    fx_layer s, dot;
    fx_value v;
    CHECK(square(api, stage, &s));
    CHECK(api->layer_create(FX_LAYER, "dot", &dot));
    CHECK(api->layer_set_frame(dot, (fx_rect){ 5, 5, 10, 10 }));
    v = fx_color_value(0, 1, 0, 1); CHECK(api->layer_set(dot, "backgroundColor", &v));
    return api->layer_add_sublayer(s, dot);
}

static fx_status focus(const fx_api *api, fx_layer stage) {
    static const fx_color colors[] = { { 1, 0, 0, 1 }, { 0, 0, 1, 1 }, { 1, 1, 1, 1 } };
    fx_layer g;
    fx_value v;
    CHECK(api->layer_create(FX_LAYER_GRADIENT, "spot", &g));
    CHECK(api->layer_set_frame(g, (fx_rect){ 10, 20, 80, 60 }));
    v = fx_colors_value(colors, 3); CHECK(api->layer_set(g, "colors", &v));
    v = fx_string_value("radial"); CHECK(api->layer_set(g, "type", &v));
    v = fx_point_value(0.5, 0.5); CHECK(api->layer_set(g, "startPoint", &v));
    v = fx_point_value(1, 1); CHECK(api->layer_set(g, "endPoint", &v));
    CHECK(api->layer_add_sublayer(stage, g));
    CHECK(animate(api, g, "focalOffset.x", 0.2, 0));
    return animate(api, g, "focalOffset.y", 0, -0.2);
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "nested", "an animated parent with a static child", NULL, 0, (fx_build_fn)nested },
    { sizeof(fx_factory), "shadow", "a square with a shadow", NULL, 0, (fx_build_fn)shadow },
    { sizeof(fx_factory), "shadows", "a square with a sublayer and a shadow", NULL, 0, (fx_build_fn)shadows },
    { sizeof(fx_factory), "focus", "a radial gradient whose focal point moves", NULL, 0, (fx_build_fn)focus },
};

static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "export-scenes", "1.0.0", "scenes for the Lottie export's tests", factories, 4,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
