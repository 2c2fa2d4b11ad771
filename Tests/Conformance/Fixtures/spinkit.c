/* SPDX-License-Identifier: MIT */
/*
 * spinkit — the fourteen loaders of SpinKit-ObjC (github.com/raymondjavaxx/SpinKit-ObjC,
 * MIT licence, by Ramon Torres), ported by hand to fx.h, one factory each.
 *
 * Every factory is the body of one `-setupSpinKitAnimationInLayer:withSize:color:`
 * from SpinKit/Animations/RTSpinKit*Animation.m, statement for statement and with
 * every value kept: sizes, offsets, durations, keyTimes, timing functions,
 * beginTime offsets from CACurrentMediaTime(), repeatCount = HUGE_VALF, m34. The
 * `layer` it is handed (the RTSpinKitView's own layer) is a plain layer of
 * `spinner-size` points (RTSpinKitView's default: 37), centred on the stage.
 *
 * What fxhost has no key path for is left out and says so where it happens:
 * `shouldRasterize` / `rasterizationScale` (a cache of the layer's pixels, no
 * visible effect) and `anchorPointZ` (see docs/CONFORMANCE.md).
 *
 *     cc -std=c99 -shared -fPIC -I Sources/CFX/include spinkit.c -o spinkit.so
 *     fxhost --plugin ./spinkit.so --factory wave --sheet wave.png
 *
 * A derivative work of SpinKit-ObjC, under its MIT licence (the permission
 * notice is the one in this project's LICENSE file):
 *   Copyright (c) 2014 Ramon Torres (SpinKit-ObjC)
 *   Copyright 2026 The fxhost authors (the port)
 */
#include "fx.h"

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

/* SpinKit's own degrees-to-radians constant, kept as written (not exactly π/180). */
static const double kRTSpinKitDegToRad = 0.0174532925;

/* ---- The Core Animation calls the ports use, spelt as in Objective-C ---- */

static const fx_api *api;

static fx_status set_number(fx_layer layer, const char *key, double v) {
    fx_value value = fx_number(v);
    return api->layer_set(layer, key, &value);
}
static fx_status set_color(fx_layer layer, const char *key, fx_color c) {
    fx_value value = fx_color_value(c.red, c.green, c.blue, c.alpha);
    return api->layer_set(layer, key, &value);
}
static fx_status set_point(fx_layer layer, const char *key, double x, double y) {
    fx_value value = fx_point_value(x, y);
    return api->layer_set(layer, key, &value);
}
static fx_status set_transform(fx_layer layer, fx_transform t) {
    fx_value value = fx_transform_value(t);
    return api->layer_set(layer, "transform", &value);
}
/* layer.bounds, for CGRectGetHeight(circle.bounds). */
static fx_status get_bounds(fx_layer layer, fx_rect *out) {
    fx_value value;
    CHECK(api->layer_get(layer, "bounds", &value));
    *out = value.u.rect;
    return FX_OK;
}

static fx_status anim_number(fx_animation a, const char *field, double v) {
    fx_value value = fx_number(v);
    return api->animation_set(a, field, &value);
}
/* anim.removedOnCompletion = NO */
static fx_status anim_keep(fx_animation a) {
    fx_value value = fx_bool_value(0);
    return api->animation_set(a, "removedOnCompletion", &value);
}
static fx_status anim_key_times(fx_animation a, const double *times, uint32_t count) {
    fx_value value = fx_numbers_value(times, count);
    return api->animation_set(a, "keyTimes", &value);
}
static fx_status anim_timing_function(fx_animation a, const char *name) {
    fx_value value = fx_string_value(name);
    return api->animation_set(a, "timingFunction", &value);
}
/* anim.values = @[NSValue valueWithCATransform3D: …, …] */
static fx_status anim_transforms(fx_animation a, const fx_transform *t, uint32_t count) {
    fx_value values[8];
    uint32_t i;
    for (i = 0; i < count; i++) values[i] = fx_transform_value(t[i]);
    return api->animation_set_values(a, values, count);
}
static fx_status anim_numbers(fx_animation a, const double *v, uint32_t count) {
    fx_value values[8];
    uint32_t i;
    for (i = 0; i < count; i++) values[i] = fx_number(v[i]);
    return api->animation_set_values(a, values, count);
}

static fx_rect rect_inset(fx_rect r, double dx, double dy) {
    fx_rect out = { r.x + dx, r.y + dy, r.width - 2 * dx, r.height - 2 * dy };
    return out;
}

/* RTSpinKitUtils.m: RTSpinKit3DRotationWithPerspective. */
static fx_transform rotation_with_perspective(double perspective, double angle, double x, double y, double z) {
    fx_transform transform = fx_transform_identity();
    transform.m[11] = perspective; /* m34 */
    return fx_transform_rotate(transform, angle, x, y, z);
}

static const char *const kEaseInEaseOut = "easeInEaseOut";
static const char *const kLinear = "linear";

/* The RTSpinKitView's layer: `size` points square, centred on the stage. */
static fx_status view_layer(fx_layer stage, double size, fx_layer *out) {
    fx_size s;
    CHECK(api->stage_size(&s));
    CHECK(api->layer_create(FX_LAYER, "spinkit", out));
    CHECK(api->layer_set_frame(*out, (fx_rect){ (s.width - size) / 2, (s.height - size) / 2, size, size }));
    return api->layer_add_sublayer(stage, *out);
}

/* ---- The ports ---- */

/*
 * RTSpinKitPlaneAnimation.m: a square flipping about y, then about z, with
 * m34 = 1/120 in every keyframe. CAKeyframeAnimation on "transform" with
 * keyTimes, three easeInEaseOut timingFunctions for two segments, no beginTime
 * (0: now), repeatCount HUGE_VALF. Left out: anchorPointZ = 0.5, shouldRasterize.
 */
static fx_status plane(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer, plane;
    fx_animation anim;
    fx_size size = { spinner_size, spinner_size };
    static const double key_times[] = { 0.0, 0.5, 1.0 };
    const char *functions[] = { kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut };
    fx_transform values[3];
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));

    CHECK(api->layer_create(FX_LAYER, "plane", &plane));
    CHECK(api->layer_set_frame(plane, rect_inset((fx_rect){ 0.0, 0.0, size.width, size.height }, 2.0, 2.0)));
    CHECK(set_color(plane, "backgroundColor", *color));
    CHECK(set_point(plane, "anchorPoint", 0.5, 0.5));
    /* plane.anchorPointZ = 0.5; plane.shouldRasterize = YES; rasterizationScale: no key paths. */
    CHECK(api->layer_add_sublayer(layer, plane));

    CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &anim));
    CHECK(anim_keep(anim));
    CHECK(anim_number(anim, "repeatCount", HUGE_VALF));
    CHECK(anim_number(anim, "duration", 1.2));
    CHECK(anim_key_times(anim, key_times, 3));
    CHECK(api->animation_set_timing_functions(anim, functions, 3));
    values[0] = rotation_with_perspective(1.0 / 120.0, 0, 0, 0, 0);
    values[1] = rotation_with_perspective(1.0 / 120.0, FX_PI, 0.0, 1.0, 0.0);
    values[2] = rotation_with_perspective(1.0 / 120.0, FX_PI, 0.0, 0.0, 1.0);
    CHECK(anim_transforms(anim, values, 3));
    CHECK(api->layer_add_animation(plane, anim, "spinkit-anim"));
    return api->animation_release(anim);
}

/*
 * RTSpinKitCircleFlipAnimation.m: the Plane's keyframes on a round layer
 * (cornerRadius half its height). Left out: anchorPointZ = 0.5, shouldRasterize.
 */
static fx_status circle_flip(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer, circle;
    fx_animation anim;
    fx_rect bounds;
    fx_size size = { spinner_size, spinner_size };
    static const double key_times[] = { 0.0, 0.5, 1.0 };
    const char *functions[] = { kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut };
    fx_transform values[3];
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));

    CHECK(api->layer_create(FX_LAYER, "circle", &circle));
    CHECK(api->layer_set_frame(circle, rect_inset((fx_rect){ 0.0, 0.0, size.width, size.height }, 2.0, 2.0)));
    CHECK(set_color(circle, "backgroundColor", *color));
    CHECK(get_bounds(circle, &bounds));
    CHECK(set_number(circle, "cornerRadius", bounds.height * 0.5));
    CHECK(set_point(circle, "anchorPoint", 0.5, 0.5));
    /* circle.anchorPointZ = 0.5; shouldRasterize, rasterizationScale: no key paths. */
    CHECK(api->layer_add_sublayer(layer, circle));

    CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &anim));
    CHECK(anim_keep(anim));
    CHECK(anim_number(anim, "repeatCount", HUGE_VALF));
    CHECK(anim_number(anim, "duration", 1.2));
    CHECK(anim_key_times(anim, key_times, 3));
    CHECK(api->animation_set_timing_functions(anim, functions, 3));
    values[0] = rotation_with_perspective(1.0 / 120.0, 0, 0, 0, 0);
    values[1] = rotation_with_perspective(1.0 / 120.0, FX_PI, 0.0, 1.0, 0.0);
    values[2] = rotation_with_perspective(1.0 / 120.0, FX_PI, 0.0, 0.0, 1.0);
    CHECK(anim_transforms(anim, values, 3));
    CHECK(api->layer_add_animation(circle, anim, "spinkit-anim"));
    return api->animation_release(anim);
}

/*
 * RTSpinKitBounceAnimation.m: two translucent circles (opacity 0.6) growing
 * and shrinking a second apart. Keyframe "transform" scales with a zero z
 * scale, beginTime = now − 1.0·i (the second starts half-way through its
 * cycle), three timingFunctions for two segments, model transform scale 0.
 */
static fx_status bounce(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer;
    fx_size size = { spinner_size, spinner_size };
    double beginTime;
    int i;
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now();

    for (i = 0; i < 2; i += 1) {
        fx_layer circle;
        fx_animation anim;
        fx_rect bounds;
        static const double key_times[] = { 0.0, 0.5, 1.0 };
        const char *functions[] = { kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut };
        fx_transform values[3];
        CHECK(api->layer_create(FX_LAYER, i == 0 ? "circle0" : "circle1", &circle));
        CHECK(api->layer_set_frame(circle, rect_inset((fx_rect){ 0.0, 0.0, size.width, size.height }, 2.0, 2.0)));
        CHECK(set_color(circle, "backgroundColor", *color));
        CHECK(set_point(circle, "anchorPoint", 0.5, 0.5));
        CHECK(set_number(circle, "opacity", 0.6));
        CHECK(get_bounds(circle, &bounds));
        CHECK(set_number(circle, "cornerRadius", bounds.height * 0.5));
        CHECK(set_transform(circle, fx_transform_scale(0.0, 0.0, 0.0)));

        CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &anim));
        CHECK(anim_keep(anim));
        CHECK(anim_number(anim, "repeatCount", HUGE_VALF));
        CHECK(anim_number(anim, "duration", 2.0));
        CHECK(anim_number(anim, "beginTime", beginTime - (1.0 * i)));
        CHECK(anim_key_times(anim, key_times, 3));
        CHECK(api->animation_set_timing_functions(anim, functions, 3));
        values[0] = fx_transform_scale(0.0, 0.0, 0.0);
        values[1] = fx_transform_scale(1.0, 1.0, 0.0);
        values[2] = fx_transform_scale(0.0, 0.0, 0.0);
        CHECK(anim_transforms(anim, values, 3));

        CHECK(api->layer_add_sublayer(layer, circle));
        CHECK(api->layer_add_animation(circle, anim, "spinkit-anim"));
        CHECK(api->animation_release(anim));
    }
    return FX_OK;
}

/*
 * RTSpinKitWaveAnimation.m: five bars stretching in turn. beginTime =
 * (now + 1.2) − (1.2 − 0.1·i), so bar i starts 0.1·i s late and shows its
 * model transform scale(1, 0.3, 0) until then; keyTimes 0, 0.2, 0.4, 1 with
 * four timingFunctions for three segments.
 */
static fx_status wave(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer;
    fx_size size = { spinner_size, spinner_size };
    double beginTime, barWidth;
    int i;
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now() + 1.2;
    barWidth = size.width / 5.0;

    for (i = 0; i < 5; i += 1) {
        static const char *const names[] = { "bar0", "bar1", "bar2", "bar3", "bar4" };
        fx_layer bar;
        fx_animation anim;
        static const double key_times[] = { 0.0, 0.2, 0.4, 1.0 };
        const char *functions[] = { kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut };
        fx_transform values[4];
        CHECK(api->layer_create(FX_LAYER, names[i], &bar));
        CHECK(set_color(bar, "backgroundColor", *color));
        CHECK(api->layer_set_frame(bar, (fx_rect){ barWidth * i, 0.0, barWidth - 3.0, size.height }));
        CHECK(set_transform(bar, fx_transform_scale(1.0, 0.3, 0.0)));

        CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &anim));
        CHECK(anim_keep(anim));
        CHECK(anim_number(anim, "beginTime", beginTime - (1.2 - (0.1 * i))));
        CHECK(anim_number(anim, "duration", 1.2));
        CHECK(anim_number(anim, "repeatCount", HUGE_VALF));
        CHECK(anim_key_times(anim, key_times, 4));
        CHECK(api->animation_set_timing_functions(anim, functions, 4));
        values[0] = fx_transform_scale(1.0, 0.4, 0.0);
        values[1] = fx_transform_scale(1.0, 1.0, 0.0);
        values[2] = fx_transform_scale(1.0, 0.4, 0.0);
        values[3] = fx_transform_scale(1.0, 0.4, 0.0);
        CHECK(anim_transforms(anim, values, 4));

        CHECK(api->layer_add_animation(bar, anim, "spinkit-anim"));
        CHECK(api->animation_release(anim));
        CHECK(api->layer_add_sublayer(layer, bar));
    }
    return FX_OK;
}

/*
 * RTSpinKitWanderingCubesAnimation.m: two cubes travelling round the square,
 * half a cycle apart (beginTime = now − 0.9·i), turning and shrinking on the
 * way. Each keyframe is built with CATransform3DMakeTranslation, then
 * CATransform3DRotate by −90°·k (SpinKit's degree constant), then
 * CATransform3DScale; five timingFunctions for four segments.
 * Left out: shouldRasterize.
 */
static fx_status wandering_cubes(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer;
    fx_size size = { spinner_size, spinner_size };
    double beginTime, cubeSize, widthMinusCubeSize;
    int i;
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now();
    cubeSize = floor(size.width / 3.0);
    widthMinusCubeSize = size.width - cubeSize;

    for (i = 0; i < 2; i += 1) {
        fx_layer cube;
        fx_animation anim;
        static const double key_times[] = { 0.0, 0.25, 0.50, 0.75, 1.0 };
        const char *functions[] = { kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut };
        fx_transform t[5];
        CHECK(api->layer_create(FX_LAYER, i == 0 ? "cube0" : "cube1", &cube));
        CHECK(set_color(cube, "backgroundColor", *color));
        CHECK(api->layer_set_frame(cube, (fx_rect){ 0.0, 0.0, cubeSize, cubeSize }));
        CHECK(set_point(cube, "anchorPoint", 0.5, 0.5));
        /* cube.shouldRasterize = YES; rasterizationScale: no key paths. */

        CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &anim));
        CHECK(anim_keep(anim));
        CHECK(anim_number(anim, "beginTime", beginTime - (i * 0.9)));
        CHECK(anim_number(anim, "duration", 1.8));
        CHECK(anim_number(anim, "repeatCount", HUGE_VALF));
        CHECK(anim_key_times(anim, key_times, 5));
        CHECK(api->animation_set_timing_functions(anim, functions, 5));

        t[0] = fx_transform_identity();

        t[1] = fx_transform_translation(widthMinusCubeSize, 0.0, 0.0);
        t[1] = fx_transform_rotate(t[1], -90.0 * kRTSpinKitDegToRad, 0.0, 0.0, 1.0);
        t[1] = fx_transform_scale_by(t[1], 0.5, 0.5, 1.0);

        t[2] = fx_transform_translation(widthMinusCubeSize, widthMinusCubeSize, 0.0);
        t[2] = fx_transform_rotate(t[2], -180.0 * kRTSpinKitDegToRad, 0.0, 0.0, 1.0);
        t[2] = fx_transform_scale_by(t[2], 1.0, 1.0, 1.0);

        t[3] = fx_transform_translation(0.0, widthMinusCubeSize, 0.0);
        t[3] = fx_transform_rotate(t[3], -270.0 * kRTSpinKitDegToRad, 0.0, 0.0, 1.0);
        t[3] = fx_transform_scale_by(t[3], 0.5, 0.5, 1.0);

        t[4] = fx_transform_translation(0.0, 0.0, 0.0);
        t[4] = fx_transform_rotate(t[4], -360.0 * kRTSpinKitDegToRad, 0.0, 0.0, 1.0);
        t[4] = fx_transform_scale_by(t[4], 1.0, 1.0, 1.0);

        CHECK(anim_transforms(anim, t, 5));

        CHECK(api->layer_add_sublayer(layer, cube));
        CHECK(api->layer_add_animation(cube, anim, "spinkit-anim"));
        CHECK(api->animation_release(anim));
    }
    return FX_OK;
}

/*
 * RTSpinKitPulseAnimation.m: one circle growing and fading. A repeating
 * CAAnimationGroup (duration 1.0, easeInEaseOut, beginTime = now) of two
 * keyframe children that set no duration of their own (so they take the
 * group's) and no keyTimes (evenly spaced).
 */
static fx_status pulse(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer, circle;
    fx_animation scaleAnim, opacityAnim, animGroup;
    fx_rect bounds;
    fx_size size = { spinner_size, spinner_size };
    double beginTime;
    fx_transform scales[2];
    static const double opacities[] = { 1.0, 0.0 };
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now();

    CHECK(api->layer_create(FX_LAYER, "circle", &circle));
    CHECK(api->layer_set_frame(circle, rect_inset((fx_rect){ 0.0, 0.0, size.width, size.height }, 2.0, 2.0)));
    CHECK(set_color(circle, "backgroundColor", *color));
    CHECK(set_point(circle, "anchorPoint", 0.5, 0.5));
    CHECK(set_number(circle, "opacity", 1.0));
    CHECK(get_bounds(circle, &bounds));
    CHECK(set_number(circle, "cornerRadius", bounds.height * 0.5));
    CHECK(set_transform(circle, fx_transform_scale(0.0, 0.0, 0.0)));

    CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &scaleAnim));
    scales[0] = fx_transform_scale(0.0, 0.0, 0.0);
    scales[1] = fx_transform_scale(1.0, 1.0, 0.0);
    CHECK(anim_transforms(scaleAnim, scales, 2));

    CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "opacity", &opacityAnim));
    CHECK(anim_numbers(opacityAnim, opacities, 2));

    CHECK(api->animation_create(FX_ANIMATION_GROUP, NULL, &animGroup));
    CHECK(anim_keep(animGroup));
    CHECK(anim_number(animGroup, "beginTime", beginTime));
    CHECK(anim_number(animGroup, "repeatCount", HUGE_VALF));
    CHECK(anim_number(animGroup, "duration", 1.0));
    CHECK(api->animation_group_add(animGroup, scaleAnim));
    CHECK(api->animation_group_add(animGroup, opacityAnim));
    CHECK(anim_timing_function(animGroup, kEaseInEaseOut));

    CHECK(api->layer_add_sublayer(layer, circle));
    CHECK(api->layer_add_animation(circle, animGroup, "spinkit-anim"));
    CHECK(api->animation_release(scaleAnim));
    CHECK(api->animation_release(opacityAnim));
    return api->animation_release(animGroup);
}

/*
 * RTSpinKitChasingDotsAnimation.m: a spinner layer turning a full circle in
 * 2 s (five rotation keyframes a quarter turn apart, five linear timing
 * functions for four segments) carrying two dots that grow and shrink a
 * second apart (beginTime = now − 1.0·i), each animated inside the turning
 * layer. Left out: shouldRasterize on the spinner.
 */
static fx_status chasing_dots(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer, spinner;
    fx_animation spinnerAnim;
    fx_size size = { spinner_size, spinner_size };
    double beginTime;
    static const double spinner_times[] = { 0.0, 0.25, 0.5, 0.75, 1.0 };
    const char *linear[] = { kLinear, kLinear, kLinear, kLinear, kLinear };
    fx_transform turns[5];
    int i;
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now();

    CHECK(api->layer_create(FX_LAYER, "spinner", &spinner));
    CHECK(api->layer_set_frame(spinner, (fx_rect){ 0.0, 0.0, size.width, size.height }));
    CHECK(set_point(spinner, "anchorPoint", 0.5, 0.5));
    CHECK(set_transform(spinner, fx_transform_identity()));
    /* spinner.shouldRasterize = YES; rasterizationScale: no key paths. */
    CHECK(api->layer_add_sublayer(layer, spinner));

    CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &spinnerAnim));
    CHECK(anim_keep(spinnerAnim));
    CHECK(anim_number(spinnerAnim, "repeatCount", HUGE_VALF));
    CHECK(anim_number(spinnerAnim, "duration", 2.0));
    CHECK(anim_number(spinnerAnim, "beginTime", beginTime));
    CHECK(anim_key_times(spinnerAnim, spinner_times, 5));
    CHECK(api->animation_set_timing_functions(spinnerAnim, linear, 5));
    turns[0] = fx_transform_rotation(0, 0, 0, 1.0);
    turns[1] = fx_transform_rotation(FX_PI / 2, 0, 0, 1.0);
    turns[2] = fx_transform_rotation(FX_PI, 0, 0, 1.0);
    turns[3] = fx_transform_rotation(3 * (FX_PI / 2), 0, 0, 1.0);
    turns[4] = fx_transform_rotation(2 * FX_PI, 0, 0, 1.0);
    CHECK(anim_transforms(spinnerAnim, turns, 5));
    CHECK(api->layer_add_animation(spinner, spinnerAnim, "spinner-anim"));
    CHECK(api->animation_release(spinnerAnim));

    for (i = 0; i < 2; i += 1) {
        fx_layer circle;
        fx_animation anim;
        fx_rect bounds;
        double offset = size.width * 0.3 * i;
        static const double key_times[] = { 0.0, 0.5, 1.0 };
        const char *functions[] = { kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut };
        fx_transform values[3];
        CHECK(api->layer_create(FX_LAYER, i == 0 ? "circle0" : "circle1", &circle));
        /* CGRectOffset(CGRectApplyAffineTransform(bounds, CGAffineTransformMakeScale(0.6, 0.6)), offset, offset) */
        CHECK(api->layer_set_frame(circle, (fx_rect){ offset, offset, size.width * 0.6, size.height * 0.6 }));
        CHECK(set_color(circle, "backgroundColor", *color));
        CHECK(set_point(circle, "anchorPoint", 0.5, 0.5));
        CHECK(get_bounds(circle, &bounds));
        CHECK(set_number(circle, "cornerRadius", bounds.height * 0.5));
        CHECK(set_transform(circle, fx_transform_scale(0.0, 0.0, 0.0)));

        CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &anim));
        CHECK(anim_keep(anim));
        CHECK(anim_number(anim, "repeatCount", HUGE_VALF));
        CHECK(anim_number(anim, "duration", 2.0));
        CHECK(anim_number(anim, "beginTime", beginTime - (1.0 * i)));
        CHECK(anim_key_times(anim, key_times, 3));
        CHECK(api->animation_set_timing_functions(anim, functions, 3));
        values[0] = fx_transform_scale(0.0, 0.0, 0.0);
        values[1] = fx_transform_scale(1.0, 1.0, 0.0);
        values[2] = fx_transform_scale(0.0, 0.0, 0.0);
        CHECK(anim_transforms(anim, values, 3));

        CHECK(api->layer_add_sublayer(spinner, circle));
        CHECK(api->layer_add_animation(circle, anim, "spinkit-anim"));
        CHECK(api->animation_release(anim));
    }
    return FX_OK;
}

/*
 * RTSpinKitThreeBounceAnimation.m: three dots in a row growing and shrinking
 * in turn, beginTime = now + 0.25·i (so the later dots show their model scale
 * 0 first), duration 1.5, three timingFunctions for two segments.
 */
static fx_status three_bounce(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer;
    fx_size size = { spinner_size, spinner_size };
    double beginTime, offset, circleSize;
    int i;
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now();
    offset = size.width / 8;
    circleSize = offset * 2;

    for (i = 0; i < 3; i += 1) {
        static const char *const names[] = { "circle0", "circle1", "circle2" };
        fx_layer circle;
        fx_animation anim;
        fx_rect bounds;
        static const double key_times[] = { 0.0, 0.5, 1.0 };
        const char *functions[] = { kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut };
        fx_transform values[3];
        CHECK(api->layer_create(FX_LAYER, names[i], &circle));
        CHECK(api->layer_set_frame(circle, (fx_rect){ i * 3 * offset, size.height / 2, circleSize, circleSize }));
        CHECK(set_color(circle, "backgroundColor", *color));
        CHECK(set_point(circle, "anchorPoint", 0.5, 0.5));
        CHECK(get_bounds(circle, &bounds));
        CHECK(set_number(circle, "cornerRadius", bounds.height * 0.5));
        CHECK(set_transform(circle, fx_transform_scale(0.0, 0.0, 0.0)));

        CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &anim));
        CHECK(anim_keep(anim));
        CHECK(anim_number(anim, "repeatCount", HUGE_VALF));
        CHECK(anim_number(anim, "duration", 1.5));
        CHECK(anim_number(anim, "beginTime", beginTime + (0.25 * i)));
        CHECK(anim_key_times(anim, key_times, 3));
        CHECK(api->animation_set_timing_functions(anim, functions, 3));
        values[0] = fx_transform_scale(0.0, 0.0, 0.0);
        values[1] = fx_transform_scale(1.0, 1.0, 0.0);
        values[2] = fx_transform_scale(0.0, 0.0, 0.0);
        CHECK(anim_transforms(anim, values, 3));

        CHECK(api->layer_add_sublayer(layer, circle));
        CHECK(api->layer_add_animation(circle, anim, "spinkit-anim"));
        CHECK(api->animation_release(anim));
    }
    return FX_OK;
}

/*
 * RTSpinKitCircleAnimation.m: twelve squares round a circle, each turned to
 * face outwards (model transform CATransform3DRotate(identity, angle)), model
 * opacity 0, fading from 1 in turn: keyframe "opacity" 1, 0, 0 at keyTimes
 * 0, 0.5, 1 with two easeInEaseOut functions, beginTime = now + 0.084·i.
 * Positions use sinf/cosf, as the original does.
 */
static fx_status circle(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer;
    fx_size size = { spinner_size, spinner_size };
    double beginTime, radius, squareSize;
    int i;
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now();
    radius = size.width / 2;
    squareSize = size.width / 6;

    for (i = 0; i < 12; i += 1) {
        static const char *const names[] = { "square0", "square1", "square2", "square3", "square4", "square5",
                                             "square6", "square7", "square8", "square9", "square10", "square11" };
        fx_layer square;
        fx_animation anim;
        fx_transform transform;
        double angle = i * ((FX_PI / 2) / 3.0);
        double x = radius + sinf((float)angle) * radius;
        double y = radius - cosf((float)angle) * radius;
        static const double key_times[] = { 0.0, 0.5, 1.0 };
        const char *functions[] = { kEaseInEaseOut, kEaseInEaseOut };
        static const double values[] = { 1.0, 0.0, 0.0 };
        CHECK(api->layer_create(FX_LAYER, names[i], &square));
        CHECK(api->layer_set_frame(square, (fx_rect){ x, y, squareSize, squareSize }));
        CHECK(set_color(square, "backgroundColor", *color));
        CHECK(set_point(square, "anchorPoint", 0.5, 0.5));
        CHECK(set_number(square, "opacity", 0.0));

        transform = fx_transform_identity();
        transform = fx_transform_rotate(transform, angle, 0, 0, 1.0);
        CHECK(set_transform(square, transform));

        CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "opacity", &anim));
        CHECK(anim_keep(anim));
        CHECK(anim_number(anim, "repeatCount", HUGE_VALF));
        CHECK(anim_number(anim, "duration", 1.0));
        CHECK(anim_number(anim, "beginTime", beginTime + (0.084 * i)));
        CHECK(anim_key_times(anim, key_times, 3));
        CHECK(api->animation_set_timing_functions(anim, functions, 2));
        CHECK(anim_numbers(anim, values, 3));

        CHECK(api->layer_add_sublayer(layer, square));
        CHECK(api->layer_add_animation(square, anim, "spinkit-anim"));
        CHECK(api->animation_release(anim));
    }
    return FX_OK;
}

/*
 * RTSpinKit9CubeGridAnimation.m: a 3 × 3 grid of squares, each diagonal
 * (x + y = sum) 0.1 s after the previous (beginTime = now + 0.1·sum), scaling
 * 0 → 1 → 1 → 0 at keyTimes 0, 0.4, 0.6, 1; four timingFunctions for three
 * segments; model scale 0, so a square is hidden until its diagonal starts.
 */
static fx_status nine_cube_grid(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer;
    fx_size size = { spinner_size, spinner_size };
    double beginTime, squareSize;
    int sum, x, y;
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now();
    squareSize = size.width / 3;

    for (sum = 0; sum < 5; sum++) {
        for (x = 0; x < 3; x++) {
            for (y = 0; y < 3; y++) {
                if (x + y == sum) {
                    static const char *const names[3][3] = { { "square00", "square01", "square02" },
                                                             { "square10", "square11", "square12" },
                                                             { "square20", "square21", "square22" } };
                    fx_layer square;
                    fx_animation anim;
                    static const double key_times[] = { 0.0, 0.4, 0.6, 1.0 };
                    const char *functions[] = { kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut };
                    fx_transform values[4];
                    CHECK(api->layer_create(FX_LAYER, names[x][y], &square));
                    CHECK(api->layer_set_frame(square, (fx_rect){ x * squareSize, y * squareSize, squareSize, squareSize }));
                    CHECK(set_color(square, "backgroundColor", *color));
                    CHECK(set_transform(square, fx_transform_scale(0.0, 0.0, 0.0)));

                    CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &anim));
                    CHECK(anim_keep(anim));
                    CHECK(anim_number(anim, "repeatCount", HUGE_VALF));
                    CHECK(anim_number(anim, "duration", 1.5));
                    CHECK(anim_number(anim, "beginTime", beginTime + (0.1 * sum)));
                    CHECK(anim_key_times(anim, key_times, 4));
                    CHECK(api->animation_set_timing_functions(anim, functions, 4));
                    values[0] = fx_transform_scale(0.0, 0.0, 0.0);
                    values[1] = fx_transform_scale(1.0, 1.0, 0.0);
                    values[2] = fx_transform_scale(1.0, 1.0, 0.0);
                    values[3] = fx_transform_scale(0.0, 0.0, 0.0);
                    CHECK(anim_transforms(anim, values, 4));

                    CHECK(api->layer_add_sublayer(layer, square));
                    CHECK(api->layer_add_animation(square, anim, "spinkit-anim"));
                    CHECK(api->animation_release(anim));
                }
            }
        }
    }
    return FX_OK;
}

/*
 * RTSpinKitWordPressAnimation.m: a filled disc with a small hole near its
 * rim, turning once a second. The hole is a CAShapeLayer mask: two ellipses
 * in one path with the even-odd fill rule. Rotation keyframes a quarter turn
 * apart, five linear timingFunctions for four segments. Left out: shouldRasterize.
 */
static fx_status word_press(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer, spinner, circleMask;
    fx_animation spinnerAnim;
    fx_path path;
    fx_value v;
    fx_rect frame, bounds;
    fx_size size = { spinner_size, spinner_size };
    double beginTime, circleSize;
    static const double key_times[] = { 0.0, 0.25, 0.5, 0.75, 1.0 };
    const char *linear[] = { kLinear, kLinear, kLinear, kLinear, kLinear };
    fx_transform turns[5];
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now();

    CHECK(api->layer_create(FX_LAYER, "spinner", &spinner));
    frame = (fx_rect){ 0.0, 0.0, size.width, size.height };
    CHECK(api->layer_set_frame(spinner, frame));
    CHECK(set_point(spinner, "anchorPoint", 0.5, 0.5));
    CHECK(set_transform(spinner, fx_transform_identity()));
    CHECK(set_color(spinner, "backgroundColor", *color));
    /* spinner.shouldRasterize = YES; rasterizationScale: no key paths. */
    CHECK(api->layer_add_sublayer(layer, spinner));

    CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &spinnerAnim));
    CHECK(anim_keep(spinnerAnim));
    CHECK(anim_number(spinnerAnim, "repeatCount", HUGE_VALF));
    CHECK(anim_number(spinnerAnim, "duration", 1.0));
    CHECK(anim_number(spinnerAnim, "beginTime", beginTime));
    CHECK(anim_key_times(spinnerAnim, key_times, 5));
    CHECK(api->animation_set_timing_functions(spinnerAnim, linear, 5));
    turns[0] = fx_transform_rotation(0, 0, 0, 1.0);
    turns[1] = fx_transform_rotation(FX_PI / 2, 0, 0, 1.0);
    turns[2] = fx_transform_rotation(FX_PI, 0, 0, 1.0);
    turns[3] = fx_transform_rotation(3 * (FX_PI / 2), 0, 0, 1.0);
    turns[4] = fx_transform_rotation(2 * FX_PI, 0, 0, 1.0);
    CHECK(anim_transforms(spinnerAnim, turns, 5));
    CHECK(api->layer_add_animation(spinner, spinnerAnim, "spinkit-anim"));
    CHECK(api->animation_release(spinnerAnim));

    CHECK(api->layer_create(FX_LAYER_SHAPE, "circleMask", &circleMask));
    CHECK(get_bounds(spinner, &bounds));
    CHECK(api->layer_set_frame(circleMask, bounds));
    CHECK(set_color(circleMask, "fillColor", (fx_color){ 0, 0, 0, 1 }));
    CHECK(set_point(circleMask, "anchorPoint", 0.5, 0.5));

    CHECK(api->path_create(&path));
    CHECK(api->path_add_ellipse(path, frame));
    circleSize = size.width * 0.25;
    CHECK(api->path_add_ellipse(path, (fx_rect){ (frame.x + frame.width / 2) - circleSize / 2, 3.0, circleSize, circleSize }));
    CHECK(api->path_close(path));
    v = fx_path_value(path);
    CHECK(api->layer_set(circleMask, "path", &v));
    v = fx_string_value("evenOdd");
    CHECK(api->layer_set(circleMask, "fillRule", &v));
    CHECK(api->path_release(path));

    return api->layer_set_mask(spinner, circleMask);
}

/*
 * RTSpinKitFadingCircleAnimation.m: eight dots round a circle, model scale 0,
 * growing and shrinking in turn: beginTime = now + 0.125·i, duration 1.0,
 * three timingFunctions for two segments.
 */
static fx_status fading_circle(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer;
    fx_size size = { spinner_size, spinner_size };
    double beginTime, radius, circleSize;
    int i;
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now();
    radius = size.width / 2;
    circleSize = size.width / 4;

    for (i = 0; i < 8; i += 1) {
        static const char *const names[] = { "circle0", "circle1", "circle2", "circle3",
                                             "circle4", "circle5", "circle6", "circle7" };
        fx_layer circle;
        fx_animation anim;
        fx_rect bounds;
        double angle = i * (FX_PI / 4);
        double x = radius + sinf((float)angle) * radius;
        double y = radius - cosf((float)angle) * radius;
        static const double key_times[] = { 0.0, 0.5, 1.0 };
        const char *functions[] = { kEaseInEaseOut, kEaseInEaseOut, kEaseInEaseOut };
        fx_transform values[3];
        CHECK(api->layer_create(FX_LAYER, names[i], &circle));
        CHECK(api->layer_set_frame(circle, (fx_rect){ x, y, circleSize, circleSize }));
        CHECK(set_color(circle, "backgroundColor", *color));
        CHECK(set_point(circle, "anchorPoint", 0.5, 0.5));
        CHECK(get_bounds(circle, &bounds));
        CHECK(set_number(circle, "cornerRadius", bounds.height * 0.5));
        CHECK(set_transform(circle, fx_transform_scale(0.0, 0.0, 0.0)));

        CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &anim));
        CHECK(anim_keep(anim));
        CHECK(anim_number(anim, "repeatCount", HUGE_VALF));
        CHECK(anim_number(anim, "duration", 1.0));
        CHECK(anim_number(anim, "beginTime", beginTime + (0.125 * i)));
        CHECK(anim_key_times(anim, key_times, 3));
        CHECK(api->animation_set_timing_functions(anim, functions, 3));
        values[0] = fx_transform_scale(0.0, 0.0, 0.0);
        values[1] = fx_transform_scale(1.0, 1.0, 0.0);
        values[2] = fx_transform_scale(0.0, 0.0, 0.0);
        CHECK(anim_transforms(anim, values, 3));

        CHECK(api->layer_add_sublayer(layer, circle));
        CHECK(api->layer_add_animation(circle, anim, "spinkit-anim"));
        CHECK(api->animation_release(anim));
    }
    return FX_OK;
}

/*
 * RTSpinKitFadingCircleAltAnimation.m: twelve dots round a circle, each
 * shrinking and fading over 1.2 s. A repeating CAAnimationGroup per dot,
 * beginTime = now − (1.2 − 0.1·i) (already running, each 0.1 s further on),
 * of two keyframe children with neither duration nor keyTimes nor timing
 * functions. Positions use cosf/sinf of SpinKit's degree constant. Left out:
 * shouldRasterize.
 */
static fx_status fading_circle_alt(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer;
    fx_size size = { spinner_size, spinner_size };
    double beginTime, radius;
    int i;
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now();
    radius = size.width / 2;

    for (i = 0; i < 12; i += 1) {
        static const char *const names[] = { "circle0", "circle1", "circle2", "circle3", "circle4", "circle5",
                                             "circle6", "circle7", "circle8", "circle9", "circle10", "circle11" };
        fx_layer circle;
        fx_animation transformAnimation, opacityAnimation, animationGroup;
        fx_rect bounds;
        fx_transform scales[2];
        static const double opacities[] = { 1.0, 0.0 };
        CHECK(api->layer_create(FX_LAYER, names[i], &circle));
        CHECK(set_color(circle, "backgroundColor", *color));
        CHECK(set_point(circle, "anchorPoint", 0.5, 0.5));
        CHECK(api->layer_set_frame(circle, (fx_rect){ radius + cosf((float)(kRTSpinKitDegToRad * (30.0 * i))) * radius,
                                                      radius + sinf((float)(kRTSpinKitDegToRad * (30.0 * i))) * radius,
                                                      radius / 2, radius / 2 }));
        /* circle.shouldRasterize = YES; rasterizationScale: no key paths. */
        CHECK(get_bounds(circle, &bounds));
        CHECK(set_number(circle, "cornerRadius", bounds.height * 0.5));

        CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &transformAnimation));
        scales[0] = fx_transform_scale(1.0, 1.0, 0.0);
        scales[1] = fx_transform_scale(0.0, 0.0, 0.0);
        CHECK(anim_transforms(transformAnimation, scales, 2));

        CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "opacity", &opacityAnimation));
        CHECK(anim_numbers(opacityAnimation, opacities, 2));

        CHECK(api->animation_create(FX_ANIMATION_GROUP, NULL, &animationGroup));
        CHECK(anim_keep(animationGroup));
        CHECK(anim_number(animationGroup, "repeatCount", HUGE_VALF));
        CHECK(anim_number(animationGroup, "duration", 1.2));
        CHECK(anim_number(animationGroup, "beginTime", beginTime - (1.2 - (0.1 * i))));
        CHECK(api->animation_group_add(animationGroup, transformAnimation));
        CHECK(api->animation_group_add(animationGroup, opacityAnimation));
        CHECK(api->layer_add_animation(circle, animationGroup, "spinkit-anim"));
        CHECK(api->layer_add_sublayer(layer, circle));
        CHECK(api->animation_release(transformAnimation));
        CHECK(api->animation_release(opacityAnimation));
        CHECK(api->animation_release(animationGroup));
    }
    return FX_OK;
}

/*
 * RTSpinKitArcAnimation.m: a disc masked to a 300° arc (a stroked CAShapeLayer
 * path from UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:),
 * lineWidth 2, clear fill) turning under rotation keyframes 2π, π, 0 about z
 * in 0.8 s, no timing functions (linear). Not in the library's style list
 * (RTSpinKitUtils.m); ported because it is in its Animations folder.
 */
static fx_status arc(const fx_api *host, fx_layer stage, double spinner_size, const fx_color *color) {
    fx_layer layer, arc, mask;
    fx_animation anim;
    fx_path path;
    fx_value v;
    fx_size size = { spinner_size, spinner_size };
    double beginTime, radius;
    fx_rect frame;
    fx_point center;
    static const double key_times[] = { 0.0, 0.5, 1.0 };
    fx_transform values[3];
    api = host;
    CHECK(view_layer(stage, spinner_size, &layer));
    beginTime = api->now();

    frame = rect_inset((fx_rect){ 0.0, 0.0, size.width, size.height }, 2.0, 2.0);
    radius = frame.width / 2.0;
    center = (fx_point){ frame.x + frame.width / 2, frame.y + frame.height / 2 };

    CHECK(api->layer_create(FX_LAYER, "arc", &arc));
    CHECK(api->layer_set_frame(arc, (fx_rect){ 0.0, 0.0, size.width, size.height }));
    CHECK(set_color(arc, "backgroundColor", *color));
    CHECK(set_point(arc, "anchorPoint", 0.5, 0.5));
    CHECK(set_number(arc, "cornerRadius", size.width / 2.0));

    CHECK(api->path_create(&path));
    CHECK(api->path_arc(path, center.x, center.y, radius, 0.0, kRTSpinKitDegToRad * 300, 1));

    CHECK(api->layer_create(FX_LAYER_SHAPE, "mask", &mask));
    CHECK(api->layer_set_frame(mask, (fx_rect){ 0.0, 0.0, size.width, size.height }));
    v = fx_path_value(path);
    CHECK(api->layer_set(mask, "path", &v));
    CHECK(api->path_release(path));
    CHECK(set_color(mask, "strokeColor", (fx_color){ 0, 0, 0, 1 }));
    CHECK(set_color(mask, "fillColor", (fx_color){ 0, 0, 0, 0 }));
    CHECK(set_number(mask, "lineWidth", 2.0));
    CHECK(set_number(mask, "cornerRadius", frame.width / 2.0));
    CHECK(set_point(mask, "anchorPoint", 0.5, 0.5));

    CHECK(api->layer_set_mask(arc, mask));

    CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, "transform", &anim));
    CHECK(anim_keep(anim));
    CHECK(anim_number(anim, "repeatCount", HUGE_VALF));
    CHECK(anim_number(anim, "duration", 0.8));
    CHECK(anim_number(anim, "beginTime", beginTime));
    CHECK(anim_key_times(anim, key_times, 3));
    values[0] = fx_transform_rotation(FX_PI * 2.0, 0.0, 0.0, 1.0);
    values[1] = fx_transform_rotation(FX_PI, 0.0, 0.0, 1.0);
    values[2] = fx_transform_rotation(0.0, 0.0, 0.0, 1.0);
    CHECK(anim_transforms(anim, values, 3));

    CHECK(api->layer_add_sublayer(layer, arc));
    CHECK(api->layer_add_animation(arc, anim, "spinkit-anim"));
    return api->animation_release(anim);
}

static const fx_param params[] = {
    { sizeof(fx_param), "spinner-size", FX_PARAM_DOUBLE, "the view's size in points (RTSpinKitView: 37)", "37",
      FX_PARAM_HAS_MIN | FX_PARAM_HAS_MAX, 8, 400, NULL, 0 },
    { sizeof(fx_param), "color", FX_PARAM_COLOR, "the spinner's colour (RTSpinKitView: grayColor)", "gray", 0, 0, 0, NULL, 0 },
};

static const fx_factory factories[] = {
    { sizeof(fx_factory), "plane", "RTSpinKitPlaneAnimation", params, 2, (fx_build_fn)plane },
    { sizeof(fx_factory), "circle-flip", "RTSpinKitCircleFlipAnimation", params, 2, (fx_build_fn)circle_flip },
    { sizeof(fx_factory), "bounce", "RTSpinKitBounceAnimation", params, 2, (fx_build_fn)bounce },
    { sizeof(fx_factory), "wave", "RTSpinKitWaveAnimation", params, 2, (fx_build_fn)wave },
    { sizeof(fx_factory), "wandering-cubes", "RTSpinKitWanderingCubesAnimation", params, 2, (fx_build_fn)wandering_cubes },
    { sizeof(fx_factory), "pulse", "RTSpinKitPulseAnimation", params, 2, (fx_build_fn)pulse },
    { sizeof(fx_factory), "chasing-dots", "RTSpinKitChasingDotsAnimation", params, 2, (fx_build_fn)chasing_dots },
    { sizeof(fx_factory), "three-bounce", "RTSpinKitThreeBounceAnimation", params, 2, (fx_build_fn)three_bounce },
    { sizeof(fx_factory), "circle", "RTSpinKitCircleAnimation", params, 2, (fx_build_fn)circle },
    { sizeof(fx_factory), "nine-cube-grid", "RTSpinKit9CubeGridAnimation", params, 2, (fx_build_fn)nine_cube_grid },
    { sizeof(fx_factory), "word-press", "RTSpinKitWordPressAnimation", params, 2, (fx_build_fn)word_press },
    { sizeof(fx_factory), "fading-circle", "RTSpinKitFadingCircleAnimation", params, 2, (fx_build_fn)fading_circle },
    { sizeof(fx_factory), "fading-circle-alt", "RTSpinKitFadingCircleAltAnimation", params, 2, (fx_build_fn)fading_circle_alt },
    { sizeof(fx_factory), "arc", "RTSpinKitArcAnimation", params, 2, (fx_build_fn)arc },
};

static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "spinkit", "1.0.0",
    "SpinKit-ObjC's loaders, ported line for line", factories, sizeof factories / sizeof factories[0],
};

FX_PLUGIN_ENTRY(host) { (void)host; return &plugin; }
