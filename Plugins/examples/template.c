/* SPDX-License-Identifier: MIT-0 */
/*
 * template — copy this file to start a plugin. It shows one factory with two
 * parameters, one layer, one animation and a did-stop callback.
 *
 *     cc -std=c99 -shared -fPIC $(fxhost --cflags) template.c -o template.so
 *     fxhost --plugin ./template.so --text Hello --duration 1
 *     fxhost check ./template.so
 */
#include "fx.h"

/* Stop at the first failing host call; its message is already in api->last_error(). */
#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static const fx_api *A;

/* Called when the fade-in ends (finished = 1) or is removed early (finished = 0). */
static fx_status faded_in(void *user, int32_t finished) {
    fx_layer label = *(fx_layer *)user;
    fx_value v = fx_color_value(1, 0.8, 0.2, 1);
    if (!finished) return FX_OK;
    return A->layer_set(label, "foregroundColor", &v);
}

/* The build function: the API, the stage's root layer, then one argument per
   parameter, in the order of params[] below, with the C type of its kind. */
static fx_status build(const fx_api *api, fx_layer stage, const char *text, double duration) {
    static fx_layer label;
    fx_size size;
    fx_animation fade;
    fx_value v;
    A = api;
    CHECK(api->stage_size(&size));

    CHECK(api->layer_create(FX_LAYER_TEXT, "label", &label));
    CHECK(api->layer_set_frame(label, (fx_rect){ 0, size.height / 2 - 20, size.width, 40 }));
    v = fx_string_value(text);
    CHECK(api->layer_set(label, "string", &v));
    v = fx_string_value("center");
    CHECK(api->layer_set(label, "alignmentMode", &v));
    CHECK(api->layer_add_sublayer(stage, label));

    /* CABasicAnimation(keyPath: "opacity"), 0 → 1; the model ends at 1 too. */
    CHECK(api->animation_create(FX_ANIMATION_BASIC, "opacity", &fade));
    v = fx_number(0); CHECK(api->animation_set(fade, "from", &v));
    v = fx_number(1); CHECK(api->animation_set(fade, "to", &v));
    v = fx_number(duration); CHECK(api->animation_set(fade, "duration", &v));
    v = fx_string_value("easeOut"); CHECK(api->animation_set(fade, "timingFunction", &v));
    CHECK(api->animation_set_callbacks(fade, NULL, faded_in, &label));
    CHECK(api->layer_add_animation(label, fade, "fade"));
    CHECK(api->animation_release(fade));
    return FX_OK;
}

static const fx_param params[] = {
    { sizeof(fx_param), "text", FX_PARAM_STRING, "what the label says", "Hello", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "duration", FX_PARAM_DOUBLE, "seconds the fade takes", "0.5",
      FX_PARAM_HAS_MIN | FX_PARAM_HAS_MAX, 0.01, 60, NULL, 0 },
};

static const fx_factory factories[] = {
    { sizeof(fx_factory), "template", "a label that fades in", params, 2, (fx_build_fn)build },
};

static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "template", "0.1.0", "a starting point", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
