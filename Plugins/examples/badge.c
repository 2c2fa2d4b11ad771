/* SPDX-License-Identifier: MIT-0 */
/*
 * badge — a notification badge that drops in on a spring, pulses when it
 * lands, and counts up with a push transition on each "tap" event.
 *
 * A plain C plugin, built exactly as docs/PLUGINS.md says:
 *     cc -std=c99 -shared -fPIC -I Sources/CFX/include Plugins/examples/badge.c -o badge.so
 *     fxhost --plugin ./badge.so --count 3 --event 1.5:tap
 */
#include <stdio.h>
#include "fx.h"

/* The plugin's state lives for the run; the host calls everything on one thread. */
static struct {
    const fx_api *api;
    fx_layer badge;
    fx_layer label;
    int count;
} state;

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

/* When the drop lands, pulse: transform.scale 1.25 → 1 over 0.25 s (seed 000's pulse). */
static fx_status landed(void *user, int32_t finished) {
    const fx_api *api = state.api;
    fx_animation pulse;
    fx_value from = fx_number(1.25), to = fx_number(1.0), duration = fx_number(0.25);
    (void)user;
    if (!finished) return FX_OK;
    CHECK(api->animation_create(FX_ANIMATION_BASIC, "transform.scale", &pulse));
    CHECK(api->animation_set(pulse, "from", &from));
    CHECK(api->animation_set(pulse, "to", &to));
    CHECK(api->animation_set(pulse, "duration", &duration));
    CHECK(api->layer_add_animation(state.badge, pulse, "pulse"));
    return api->animation_release(pulse);
}

/* Each tap counts up; the label's text changes under a push transition from the bottom. */
static fx_status tapped(void *user, const char *name) {
    const fx_api *api = state.api;
    fx_animation push;
    char text[16];
    fx_value type = fx_string_value("push"), subtype = fx_string_value("fromBottom");
    fx_value duration = fx_number(0.3), ease = fx_string_value("easeOut"), value;
    (void)user; (void)name;
    state.count++;
    snprintf(text, sizeof text, "%d", state.count);
    value = fx_string_value(text);
    CHECK(api->animation_create(FX_ANIMATION_TRANSITION, NULL, &push));
    CHECK(api->animation_set(push, "type", &type));
    CHECK(api->animation_set(push, "subtype", &subtype));
    CHECK(api->animation_set(push, "duration", &duration));
    CHECK(api->animation_set(push, "timingFunction", &ease));
    CHECK(api->layer_add_animation(state.label, push, "transition"));
    CHECK(api->layer_set(state.label, "string", &value));
    return api->animation_release(push);
}

static fx_status build(const fx_api *api, fx_layer stage, int32_t count, const fx_color *color,
                       double bounce, int32_t drop) {
    fx_size size;
    fx_animation fall;
    char text[16];
    double d = 44;
    fx_value v;
    state.api = api;
    state.count = count;
    CHECK(api->stage_size(&size));

    CHECK(api->layer_create(FX_LAYER, "badge", &state.badge));
    CHECK(api->layer_set_frame(state.badge, (fx_rect){ size.width / 2 - d / 2, size.height / 2 - d / 2, d, d }));
    v = fx_color_value(color->red, color->green, color->blue, color->alpha);
    CHECK(api->layer_set(state.badge, "backgroundColor", &v));
    v = fx_number(d / 2);
    CHECK(api->layer_set(state.badge, "cornerRadius", &v));
    CHECK(api->layer_add_sublayer(stage, state.badge));

    CHECK(api->layer_create(FX_LAYER_TEXT, "count", &state.label));
    CHECK(api->layer_set_frame(state.label, (fx_rect){ 0, 8, d, d - 16 }));
    snprintf(text, sizeof text, "%d", count);
    v = fx_string_value(text);
    CHECK(api->layer_set(state.label, "string", &v));
    v = fx_number(22);
    CHECK(api->layer_set(state.label, "fontSize", &v));
    v = fx_string_value("center");
    CHECK(api->layer_set(state.label, "alignmentMode", &v));
    CHECK(api->layer_add_sublayer(state.badge, state.label));

    if (drop) {
        /* Falls from above the stage on a UIKit-style spring of the given damping ratio. */
        CHECK(api->animation_create(FX_ANIMATION_SPRING, "position.y", &fall));
        v = fx_number(-d);
        CHECK(api->animation_set(fall, "from", &v));
        v = fx_number(0.8);
        CHECK(api->animation_set(fall, "duration", &v));
        v = fx_number(bounce);
        CHECK(api->animation_set(fall, "dampingRatio", &v));
        CHECK(api->animation_set_callbacks(fall, NULL, landed, NULL));
        CHECK(api->layer_add_animation(state.badge, fall, "drop"));
        CHECK(api->animation_release(fall));
    }
    return api->event_on("tap", tapped, NULL);
}

static const fx_param params[] = {
    { sizeof(fx_param), "count", FX_PARAM_INT, "the number on the badge", "3",
      FX_PARAM_HAS_MIN | FX_PARAM_HAS_MAX, 0, 999, NULL, 0 },
    { sizeof(fx_param), "color", FX_PARAM_COLOR, "the badge colour", "#ff3b30", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "bounce", FX_PARAM_DOUBLE, "spring damping ratio: lower bounces more", "0.4",
      FX_PARAM_HAS_MIN | FX_PARAM_HAS_MAX, 0.05, 1, NULL, 0 },
    { sizeof(fx_param), "drop", FX_PARAM_BOOL, "drop in from above the stage", "true", 0, 0, 0, NULL, 0 },
};

static const fx_factory factories[] = {
    { sizeof(fx_factory), "badge", "a badge that drops in, pulses, and counts taps", params, 4, (fx_build_fn)build },
};

static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "badge", "1.0.0",
    "a bouncing notification badge (example C plugin)", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
