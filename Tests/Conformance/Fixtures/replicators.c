/* SPDX-License-Identifier: MIT */
/*
 * replicators — two published CAReplicatorLayer activity indicators, ported by
 * hand to fx.h, one factory each, every value kept:
 *
 *   bars: Matt Neuburg's Programming iOS book examples
 *     (github.com/mattneub/Programming-iOS-Book-Examples),
 *     bk2ch12p565customActivityIndicator/Replicator/ViewController.swift.
 *   ring: the example in Apple's documentation page for
 *     CAReplicatorLayer.instanceDelay
 *     (developer.apple.com/documentation/quartzcore/careplicatorlayer/instancedelay).
 *
 *     cc -std=c99 -shared -fPIC -I Sources/CFX/include replicators.c -o replicators.so
 *     fxhost --plugin ./replicators.so --factory ring --sheet ring.png
 */
#include "fx.h"

#include <float.h>

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static fx_status set(const fx_api *api, fx_layer layer, const char *key, fx_value v) {
    return api->layer_set(layer, key, &v);
}
static fx_status anim_set(const fx_api *api, fx_animation a, const char *field, fx_value v) {
    return api->animation_set(a, field, &v);
}

/*
 * Neuburg's Replicator: a red bar copied five times 20 points apart, fading
 * 1 → 0.2 over 1 s forever (repeatCount = .greatestFiniteMagnitude; older
 * versions of the file say Float.infinity), each copy anim.duration /
 * instanceCount = 0.2 s behind the previous (instanceDelay). CABasicAnimation
 * on "opacity", no key; the replicator is centred in the view afterwards by
 * setting its position.
 */
static fx_status bars(const fx_api *api, fx_layer stage) {
    fx_layer lay, bar;
    fx_animation anim;
    fx_size bounds;
    double duration, instanceCount;
    CHECK(api->stage_size(&bounds));

    CHECK(api->layer_create(FX_LAYER_REPLICATOR, "lay", &lay));
    CHECK(api->layer_set_frame(lay, (fx_rect){ 0, 0, 100, 20 }));
    CHECK(api->layer_create(FX_LAYER, "bar", &bar));
    CHECK(api->layer_set_frame(bar, (fx_rect){ 0, 0, 10, 20 }));
    CHECK(set(api, bar, "backgroundColor", fx_color_value(1, 0, 0, 1))); /* UIColor.red */
    CHECK(api->layer_add_sublayer(lay, bar));
    instanceCount = 5;
    CHECK(set(api, lay, "instanceCount", fx_number(instanceCount)));
    CHECK(set(api, lay, "instanceTransform", fx_transform_value(fx_transform_translation(20, 0, 0))));
    CHECK(api->animation_create(FX_ANIMATION_BASIC, "opacity", &anim));
    CHECK(anim_set(api, anim, "from", fx_number(1.0)));
    CHECK(anim_set(api, anim, "to", fx_number(0.2)));
    duration = 1;
    CHECK(anim_set(api, anim, "duration", fx_number(duration)));
    CHECK(anim_set(api, anim, "repeatCount", fx_number(FLT_MAX)));
    CHECK(api->layer_add_animation(bar, anim, NULL));
    CHECK(set(api, lay, "instanceDelay", fx_number(duration / instanceCount)));
    CHECK(api->layer_add_sublayer(stage, lay));
    CHECK(set(api, lay, "position", fx_point_value(bounds.width / 2, bounds.height / 2))); /* bounds.center */
    return api->animation_release(anim);
}

/*
 * Apple's instanceDelay example: thirty blue dots round a circle of radius 50,
 * each fading 1 → 0 over 1 s forever, each 1/30 s behind the previous; the
 * copies turn by −2π/30 about the replicator's centre. The replicator keeps
 * its zero frame, as in the example, so the ring is centred on its origin;
 * the example does not say where the replicator goes, so the port puts it at
 * the centre of the stage.
 */
static fx_status ring(const fx_api *api, fx_layer stage) {
    fx_layer replicatorLayer, circle;
    fx_animation fadeOut;
    fx_size bounds;
    int instanceCount;
    double angle;
    CHECK(api->stage_size(&bounds));

    CHECK(api->layer_create(FX_LAYER_REPLICATOR, "replicatorLayer", &replicatorLayer));

    CHECK(api->layer_create(FX_LAYER, "circle", &circle));
    CHECK(api->layer_set_frame(circle, (fx_rect){ 0, 0, 10, 10 }));
    CHECK(set(api, circle, "backgroundColor", fx_color_value(0, 0, 1, 1))); /* NSColor.blue */
    CHECK(set(api, circle, "cornerRadius", fx_number(5)));
    CHECK(set(api, circle, "position", fx_point_value(0, 50)));
    CHECK(api->layer_add_sublayer(replicatorLayer, circle));

    CHECK(api->animation_create(FX_ANIMATION_BASIC, "opacity", &fadeOut));
    CHECK(anim_set(api, fadeOut, "from", fx_number(1)));
    CHECK(anim_set(api, fadeOut, "to", fx_number(0)));
    CHECK(anim_set(api, fadeOut, "duration", fx_number(1)));
    CHECK(anim_set(api, fadeOut, "repeatCount", fx_number(FLT_MAX))); /* Float.greatestFiniteMagnitude */
    CHECK(api->layer_add_animation(circle, fadeOut, NULL));

    instanceCount = 30;
    CHECK(set(api, replicatorLayer, "instanceCount", fx_number(instanceCount)));
    CHECK(set(api, replicatorLayer, "instanceDelay", fx_number(1.0 / (double)instanceCount)));

    angle = -FX_PI * 2 / (double)instanceCount;
    CHECK(set(api, replicatorLayer, "instanceTransform", fx_transform_value(fx_transform_rotation(angle, 0, 0, 1))));

    CHECK(set(api, replicatorLayer, "position", fx_point_value(bounds.width / 2, bounds.height / 2)));
    CHECK(api->layer_add_sublayer(stage, replicatorLayer));
    return api->animation_release(fadeOut);
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "bars", "Programming iOS: Replicator (five fading bars)", NULL, 0, (fx_build_fn)bars },
    { sizeof(fx_factory), "ring", "Apple's instanceDelay example (thirty fading dots)", NULL, 0, (fx_build_fn)ring },
};

static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "replicators", "1.0.0",
    "two published replicator indicators, ported line for line", factories, sizeof factories / sizeof factories[0],
};

FX_PLUGIN_ENTRY(host) { (void)host; return &plugin; }
