/* SPDX-License-Identifier: MIT */
/*
 * abi11 — a plugin that uses what fx.h 1.1 added, the way ported Core
 * Animation code does: repeat forever, rotation helpers, a group child
 * without a duration, presented values to interrupt an animation, and a
 * probe for an optional key path that it handles when the host says no.
 */
#include "fx.h"

static const fx_api *host;

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

/* A layer that spins forever in a 0.75 s group whose child has no duration. */
static fx_status forever(const fx_api *api, fx_layer stage, double count) {
    fx_layer spinner;
    fx_animation spin, group;
    fx_value values[3], d = fx_number(0.75), n = fx_number(count == 0 ? FX_REPEAT_FOREVER : count);
    values[0] = fx_transform_value(fx_transform_identity());
    values[1] = fx_transform_value(fx_transform_rotation(FX_PI, 0, 0, 1));
    values[2] = fx_transform_value(fx_transform_rotate(fx_transform_rotation(FX_PI, 0, 0, 1), FX_PI - 1e-9, 0, 0, 1));
    CHECK(api->layer_create(FX_LAYER, "spinner", &spinner));
    CHECK(api->layer_add_sublayer(stage, spinner));
    CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &spin));
    CHECK(api->animation_set_values(spin, values, 3));
    CHECK(api->animation_create(FX_ANIMATION_GROUP, NULL, &group));
    CHECK(api->animation_group_add(group, spin));
    CHECK(api->animation_set(group, "duration", &d));
    CHECK(api->animation_set(group, "repeatCount", &n));
    return api->layer_add_animation(spinner, group, "spin");
}

static fx_layer fading;

/* At 0.5 s: stop the fade where it is on screen and fade back to 0 from there. */
static fx_status interrupt(void *user) {
    fx_value now, to = fx_number(0), d = fx_number(1);
    fx_animation back;
    (void)user;
    CHECK(host->layer_get_presented(fading, "opacity", &now));
    CHECK(host->layer_set(fading, "opacity", &now));
    CHECK(host->layer_remove_animation(fading, "fade"));
    CHECK(host->animation_create(FX_ANIMATION_BASIC, "opacity", &back));
    CHECK(host->animation_set(back, "from", &now));
    CHECK(host->animation_set(back, "to", &to));
    CHECK(host->animation_set(back, "duration", &d));
    return host->layer_add_animation(fading, back, "fade");
}

static fx_status presented(const fx_api *api, fx_layer stage) {
    fx_animation fade;
    fx_value from = fx_number(0), to = fx_number(1), d = fx_number(2);
    host = api;
    if (!FX_API_HAS(api, layer_get_presented)) {
        api->fail("this host has no layer_get_presented (fx.h 1.1)");
        return FX_ERR_FAILED;
    }
    CHECK(api->layer_create(FX_LAYER, "fading", &fading));
    CHECK(api->layer_add_sublayer(stage, fading));
    CHECK(api->animation_create(FX_ANIMATION_BASIC, "opacity", &fade));
    CHECK(api->animation_set(fade, "from", &from));
    CHECK(api->animation_set(fade, "to", &to));
    CHECK(api->animation_set(fade, "duration", &d));
    CHECK(api->layer_add_animation(fading, fade, "fade"));
    return api->timer_add(0.5, interrupt, NULL, NULL);
}

/* Tries an optional key path the host may not have; goes on without it. */
static fx_status probe(const fx_api *api, fx_layer stage) {
    fx_layer card;
    fx_value curve = fx_string_value("continuous"), radius = fx_number(12);
    CHECK(api->layer_create(FX_LAYER, "card", &card));
    CHECK(api->layer_add_sublayer(stage, card));
    CHECK(api->layer_set(card, "cornerRadius", &radius));
    if (api->layer_set(card, "cornerCurve", &curve) != FX_OK)
        api->log(FX_LOG_INFO, "no cornerCurve here; circular corners it is");
    return FX_OK;
}

static const fx_param count_params[] = {
    { sizeof(fx_param), "count", FX_PARAM_DOUBLE, "repeatCount of the group (0: FX_REPEAT_FOREVER)", "0", 0, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "forever", "a group repeating forever", count_params, 1, (fx_build_fn)forever },
    { sizeof(fx_factory), "presented", "interrupts a fade from its presented value", NULL, 0, (fx_build_fn)presented },
    { sizeof(fx_factory), "probe", "probes an optional key path and handles the answer", NULL, 0, (fx_build_fn)probe },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "abi11", "1.0.0", "uses fx.h 1.1", factories, 3,
};
FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
