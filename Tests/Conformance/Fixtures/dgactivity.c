/* SPDX-License-Identifier: MIT */
/*
 * dgactivity — four loaders of DGActivityIndicatorView
 * (github.com/gontovnik/DGActivityIndicatorView, MIT licence, Danil Gontovnik and
 * contributors), ported by hand to fx.h, one factory each: the ones whose Core
 * Animation the SpinKit ports do not already exercise (custom Bézier timing
 * functions, sub-key-paths of transform, an animation group's timeOffset, nil
 * fills, keyframed translations).
 *
 * Every factory is the body of one `-setupAnimationInLayer:withSize:tintColor:`
 * from DGActivityIndicatorView/Animations/DGActivityIndicator*Animation.m, with
 * every value kept, `float` literals (0.7f, 1.25f …) included: they are floats
 * in the original, so they are here. The `layer` it is handed
 * (DGActivityIndicatorView's animation layer, as big as the view) covers the
 * stage; `size` is `indicator-size` (the library's default: 40), the tint white
 * (its default). DGActivityIndicatorAnimation's helpers set
 * removedOnCompletion = NO on every animation they create; so does this file.
 *
 *     cc -std=c99 -shared -fPIC -I Sources/CFX/include dgactivity.c -o dgactivity.so
 *     fxhost --plugin ./dgactivity.so --factory ball-triangle-path --background black --sheet triangle.png
 *
 * A derivative work of DGActivityIndicatorView, under its MIT licence (the
 * permission notice is the one in this project's LICENSE file):
 *   Copyright (c) 2015 Danil Gontovnik (DGActivityIndicatorView)
 *   Copyright 2026 The fxhost authors (the port)
 */
#include "fx.h"

#include <stdio.h>
#include <stdlib.h>

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static const fx_api *api;

static fx_status set_color(fx_layer layer, const char *key, fx_color c) {
    fx_value value = fx_color_value(c.red, c.green, c.blue, c.alpha);
    return api->layer_set(layer, key, &value);
}
static fx_status set_number(fx_layer layer, const char *key, double v) {
    fx_value value = fx_number(v);
    return api->layer_set(layer, key, &value);
}
/* shape.fillColor = nil */
static fx_status set_nil(fx_layer layer, const char *key) {
    fx_value none = fx_number(0);
    none.type = FX_VALUE_NONE;
    return api->layer_set(layer, key, &none);
}
static fx_status set_path(fx_layer layer, fx_path path) {
    fx_value value = fx_path_value(path);
    CHECK(api->layer_set(layer, "path", &value));
    return api->path_release(path);
}
/* UIBezierPath(roundedRect:cornerRadius:) */
static fx_status rounded_rect_path(fx_rect rect, double radius, fx_path *out) {
    CHECK(api->path_create(out));
    return api->path_add_rounded_rect(*out, rect, radius);
}

static fx_status anim_number(fx_animation a, const char *field, double v) {
    fx_value value = fx_number(v);
    return api->animation_set(a, field, &value);
}
static fx_status anim_key_times(fx_animation a, const double *times, uint32_t count) {
    fx_value value = fx_numbers_value(times, count);
    return api->animation_set(a, "keyTimes", &value);
}
static fx_status anim_numbers(fx_animation a, const double *v, uint32_t count) {
    fx_value values[8];
    uint32_t i;
    for (i = 0; i < count; i++) values[i] = fx_number(v[i]);
    return api->animation_set_values(a, values, count);
}
/* anim.timingFunction = [CAMediaTimingFunction functionWithControlPoints: …] */
static fx_status anim_timing_curve(fx_animation a, const double *control_points) {
    fx_value value = fx_numbers_value(control_points, 4);
    return api->animation_set(a, "timingFunction", &value);
}
/* anim.timingFunctions = @[f, f, …]: `count` copies of one custom curve. */
static fx_status anim_timing_curves(fx_animation a, const double *control_points, uint32_t count) {
    double all[4 * 8];
    uint32_t i, j;
    for (i = 0; i < count; i++)
        for (j = 0; j < 4; j++) all[4 * i + j] = control_points[j];
    return api->animation_set_timing_curves(a, all, count);
}

/* DGActivityIndicatorAnimation: createKeyframeAnimationWithKeyPath: and createAnimationGroup. */
static fx_status create_keyframe_animation(const char *key_path, fx_animation *out) {
    fx_value no = fx_bool_value(0);
    CHECK(api->animation_create(FX_ANIMATION_KEYFRAME, key_path, out));
    return api->animation_set(*out, "removedOnCompletion", &no);
}
static fx_status create_animation_group(fx_animation *out) {
    fx_value no = fx_bool_value(0);
    CHECK(api->animation_create(FX_ANIMATION_GROUP, NULL, out));
    return api->animation_set(*out, "removedOnCompletion", &no);
}

/* DGActivityIndicatorView's animation layer: `frame = self.bounds`, the whole stage. */
static fx_status animation_layer(fx_layer stage, fx_layer *out) {
    fx_size s;
    CHECK(api->stage_size(&s));
    CHECK(api->layer_create(FX_LAYER, "animationLayer", out));
    CHECK(api->layer_set_frame(*out, (fx_rect){ 0, 0, s.width, s.height }));
    return api->layer_add_sublayer(stage, *out);
}
static fx_status layer_bounds(fx_layer layer, fx_rect *out) {
    fx_value v;
    CHECK(api->layer_get(layer, "bounds", &v));
    *out = v.u.rect;
    return FX_OK;
}

/*
 * DGActivityIndicatorLineScalePulseOutAnimation.m: five bars squashing from the
 * middle out. One keyframe animation of "transform.scale.y" (1, 0.4, 1 at
 * keyTimes 0, 0.5, 1) with a custom Bézier (0.85, 0.25, 0.37, 0.85) per
 * segment, repeated forever, re-added to each bar with beginTime 0.4, 0.2, 0,
 * 0.2, 0.4 (absolute layer times, not offsets from CACurrentMediaTime()).
 * Bars are CAShapeLayers filled with a rounded-rect path.
 */
static fx_status line_scale_pulse_out(const fx_api *host, fx_layer stage, double indicator_size, const fx_color *tintColor) {
    fx_layer layer;
    fx_rect bounds;
    fx_animation animation;
    fx_size size = { indicator_size, indicator_size };
    double duration = 1.0f;
    static const double beginTimes[] = { 0.4f, 0.2f, 0.0f, 0.2f, 0.4f };
    static const double timingFunction[] = { 0.85f, 0.25f, 0.37f, 0.85f };
    static const double key_times[] = { 0.0f, 0.5f, 1.0f };
    static const double values[] = { 1.0f, 0.4f, 1.0f };
    double lineSize, x, y;
    int i;
    api = host;
    CHECK(animation_layer(stage, &layer));
    CHECK(layer_bounds(layer, &bounds));
    lineSize = size.width / 9;
    x = (bounds.width - size.width) / 2;
    y = (bounds.height - size.height) / 2;

    CHECK(create_keyframe_animation("transform.scale.y", &animation));
    CHECK(anim_key_times(animation, key_times, 3));
    CHECK(anim_numbers(animation, values, 3));
    CHECK(anim_timing_curves(animation, timingFunction, 2));
    CHECK(anim_number(animation, "repeatCount", HUGE_VALF));
    CHECK(anim_number(animation, "duration", duration));

    for (i = 0; i < 5; i++) {
        static const char *const names[] = { "line0", "line1", "line2", "line3", "line4" };
        fx_layer line;
        fx_path linePath;
        CHECK(api->layer_create(FX_LAYER_SHAPE, names[i], &line));
        CHECK(rounded_rect_path((fx_rect){ 0, 0, lineSize, size.height }, lineSize / 2, &linePath));

        CHECK(anim_number(animation, "beginTime", beginTimes[i]));
        CHECK(set_color(line, "fillColor", *tintColor));
        CHECK(set_path(line, linePath));
        CHECK(api->layer_add_animation(line, animation, "animation"));
        CHECK(api->layer_set_frame(line, (fx_rect){ x + lineSize * 2 * i, y, lineSize, size.height }));
        CHECK(api->layer_add_sublayer(layer, line));
    }
    return api->animation_release(animation);
}

/*
 * DGActivityIndicatorBallScaleRippleMultipleAnimation.m: three stroked rings
 * growing and fading. One CAAnimationGroup (1.25 s, forever, beginTime now) of
 * a "transform.scale" keyframe animation (0.1 → 1 at keyTimes 0, 0.7, whose
 * own timingFunction is the Bézier (0.21, 0.53, 0.56, 0.8)) and an "opacity"
 * one (1, 0.7, 0 at 0, 0.7, 1, that Bézier per segment), added to each ring
 * with the group's timeOffset 0, 0.2, 0.4. The rings have fillColor nil.
 */
static fx_status ball_scale_ripple_multiple(const fx_api *host, fx_layer stage, double indicator_size, const fx_color *tintColor) {
    fx_layer layer;
    fx_rect bounds;
    fx_animation scaleAnimation, opacityAnimation, animation;
    fx_size size = { indicator_size, indicator_size };
    double duration = 1.25f;
    static const double timingFunction[] = { 0.21f, 0.53f, 0.56f, 0.8f };
    static const double timeOffsets[] = { 0.0f, 0.2f, 0.4f };
    static const double scale_times[] = { 0.0f, 0.7f };
    static const double scale_values[] = { 0.1f, 1.0f };
    static const double opacity_times[] = { 0.0f, 0.7f, 1.0f };
    static const double opacity_values[] = { 1.0f, 0.7f, 0.0f };
    int i;
    api = host;
    CHECK(animation_layer(stage, &layer));
    CHECK(layer_bounds(layer, &bounds));

    /* Scale animation */
    CHECK(create_keyframe_animation("transform.scale", &scaleAnimation));
    CHECK(anim_number(scaleAnimation, "duration", duration));
    CHECK(anim_key_times(scaleAnimation, scale_times, 2));
    CHECK(anim_numbers(scaleAnimation, scale_values, 2));
    CHECK(anim_timing_curve(scaleAnimation, timingFunction));

    /* Opacity animation */
    CHECK(create_keyframe_animation("opacity", &opacityAnimation));
    CHECK(anim_number(opacityAnimation, "duration", duration));
    CHECK(anim_key_times(opacityAnimation, opacity_times, 3));
    CHECK(anim_numbers(opacityAnimation, opacity_values, 3));
    CHECK(anim_timing_curves(opacityAnimation, timingFunction, 2));

    /* Animation */
    CHECK(create_animation_group(&animation));
    CHECK(api->animation_group_add(animation, scaleAnimation));
    CHECK(api->animation_group_add(animation, opacityAnimation));
    CHECK(anim_number(animation, "duration", duration));
    CHECK(anim_number(animation, "repeatCount", HUGE_VALF));
    CHECK(anim_number(animation, "beginTime", api->now()));

    /* Draw circles */
    for (i = 0; i < 3; i++) {
        static const char *const names[] = { "circle0", "circle1", "circle2" };
        fx_layer circle;
        fx_path circlePath;
        CHECK(api->layer_create(FX_LAYER_SHAPE, names[i], &circle));
        CHECK(rounded_rect_path((fx_rect){ 0, 0, size.width, size.height }, size.width / 2, &circlePath));

        CHECK(anim_number(animation, "timeOffset", timeOffsets[i]));
        CHECK(set_nil(circle, "fillColor"));
        CHECK(set_number(circle, "lineWidth", 2));
        CHECK(set_color(circle, "strokeColor", *tintColor));
        CHECK(set_path(circle, circlePath));
        CHECK(api->layer_add_animation(circle, animation, "animation"));
        CHECK(api->layer_set_frame(circle, (fx_rect){ (bounds.width - size.width) / 2, (bounds.height - size.height) / 2,
                                                      size.width, size.height }));
        CHECK(api->layer_add_sublayer(layer, circle));
    }
    CHECK(api->animation_release(scaleAnimation));
    CHECK(api->animation_release(opacityAnimation));
    return api->animation_release(animation);
}

/*
 * DGActivityIndicatorBallClipRotatePulseAnimation.m: a dot pulsing inside two
 * arcs that turn and pulse, all with the Bézier (0.09, 0.57, 0.49, 0.9) per
 * segment. The dot: a "transform.scale" keyframe animation on its own; the
 * arcs: a group of "transform.scale" and "transform.rotation.z" (0, π, 2π)
 * keyframe animations on one layer, 1 s, forever. The arcs are one path of
 * two arcs with a moveTo between them, stroked, fillColor nil.
 *
 * One change, the only one in either corpus: the original gives its
 * "transform.scale" animations CATransform3D values
 * (CATransform3DMakeScale(0.3, 0.3, 1) …) where the key path's values are
 * numbers; fx.h refuses a transform for a number key path, so the values
 * here are the numbers those matrices scale x and y by (1, 0.3, 1 and 1, 0.6, 1).
 */
static fx_status ball_clip_rotate_pulse(const fx_api *host, fx_layer stage, double indicator_size, const fx_color *tintColor) {
    fx_layer layer;
    fx_rect bounds;
    fx_size size = { indicator_size, indicator_size };
    double duration = 1.0f;
    static const double timingFunction[] = { 0.09f, 0.57f, 0.49f, 0.9f };
    api = host;
    CHECK(animation_layer(stage, &layer));
    CHECK(layer_bounds(layer, &bounds));

    /* Small circle */
    {
        fx_animation scaleAnimation;
        fx_layer circle;
        double circleSize = size.width / 2;
        static const double key_times[] = { 0.0f, 0.3f, 1.0f };
        static const double scales[] = { 1.0f, 0.3f, 1.0f };
        CHECK(create_keyframe_animation("transform.scale", &scaleAnimation));
        CHECK(anim_key_times(scaleAnimation, key_times, 3));
        CHECK(anim_numbers(scaleAnimation, scales, 3));
        CHECK(anim_number(scaleAnimation, "duration", duration));
        CHECK(anim_number(scaleAnimation, "repeatCount", HUGE_VALF));
        CHECK(anim_timing_curves(scaleAnimation, timingFunction, 2));

        CHECK(api->layer_create(FX_LAYER, "smallCircle", &circle));
        CHECK(api->layer_set_frame(circle, (fx_rect){ (bounds.width - circleSize) / 2, (bounds.height - circleSize) / 2,
                                                      circleSize, circleSize }));
        CHECK(set_color(circle, "backgroundColor", *tintColor));
        CHECK(set_number(circle, "cornerRadius", circleSize / 2));
        CHECK(api->layer_add_animation(circle, scaleAnimation, "animation"));
        CHECK(api->layer_add_sublayer(layer, circle));
        CHECK(api->animation_release(scaleAnimation));
    }

    /* Big circle */
    {
        fx_animation scaleAnimation, rotateAnimation, animation;
        fx_layer circle;
        fx_path circlePath;
        double circleSize = size.width;
        static const double key_times[] = { 0.0f, 0.5f, 1.0f };
        static const double scales[] = { 1.0f, 0.6f, 1.0f };
        const double angles[] = { 0, FX_PI, 2 * FX_PI };

        /* Scale animation */
        CHECK(create_keyframe_animation("transform.scale", &scaleAnimation));
        CHECK(anim_key_times(scaleAnimation, key_times, 3));
        CHECK(anim_numbers(scaleAnimation, scales, 3));
        CHECK(anim_number(scaleAnimation, "duration", duration));
        CHECK(anim_timing_curves(scaleAnimation, timingFunction, 2));

        /* Rotate animation */
        CHECK(create_keyframe_animation("transform.rotation.z", &rotateAnimation));
        CHECK(anim_numbers(rotateAnimation, angles, 3));
        CHECK(anim_key_times(rotateAnimation, key_times, 3)); /* scaleAnimation.keyTimes */
        CHECK(anim_number(rotateAnimation, "duration", duration));
        CHECK(anim_timing_curves(rotateAnimation, timingFunction, 2));

        /* Animation */
        CHECK(create_animation_group(&animation));
        CHECK(api->animation_group_add(animation, scaleAnimation));
        CHECK(api->animation_group_add(animation, rotateAnimation));
        CHECK(anim_number(animation, "duration", duration));
        CHECK(anim_number(animation, "repeatCount", HUGE_VALF));

        /* Draw big circle */
        CHECK(api->layer_create(FX_LAYER_SHAPE, "bigCircle", &circle));
        CHECK(api->path_create(&circlePath));
        CHECK(api->path_arc(circlePath, circleSize / 2, circleSize / 2, circleSize / 2, -3 * FX_PI / 4, -FX_PI / 4, 1));
        CHECK(api->path_move_to(circlePath, circleSize / 2 - circleSize / 2 * cosf((float)(FX_PI / 4)),
                                circleSize / 2 + circleSize / 2 * sinf((float)(FX_PI / 4))));
        CHECK(api->path_arc(circlePath, circleSize / 2, circleSize / 2, circleSize / 2, -5 * FX_PI / 4, -7 * FX_PI / 4, 0));
        CHECK(set_path(circle, circlePath));
        CHECK(set_number(circle, "lineWidth", 2));
        CHECK(set_nil(circle, "fillColor"));
        CHECK(set_color(circle, "strokeColor", *tintColor));

        CHECK(api->layer_set_frame(circle, (fx_rect){ (bounds.width - circleSize) / 2, (bounds.height - circleSize) / 2,
                                                      circleSize, circleSize }));
        CHECK(api->layer_add_animation(circle, animation, "animation"));
        CHECK(api->layer_add_sublayer(layer, circle));
        CHECK(api->animation_release(scaleAnimation));
        CHECK(api->animation_release(rotateAnimation));
        CHECK(api->animation_release(animation));
    }
    return FX_OK;
}

/* The original's -translate:withDeltaX:deltaY: writes each delta with "%f" and
   CGPointFromString reads it back: the deltas are rounded to six decimals. */
static double through_percent_f(double v) {
    char text[64];
    snprintf(text, sizeof text, "%f", v);
    return strtod(text, NULL);
}

/* -changeAnimation:values:deltaX:deltaY:, with each "{…,…}" given as multiples
   of deltaX and deltaY (h: one, f: two, as "hx" and "fx" say). */
static fx_status change_animation(fx_animation animation, const double (*raw)[2], double deltaX, double deltaY) {
    fx_value values[4];
    double dx = through_percent_f(deltaX), dy = through_percent_f(deltaY);
    double fullDeltaX = through_percent_f(2 * deltaX), fullDeltaY = through_percent_f(2 * deltaY);
    int i;
    for (i = 0; i < 4; i++) {
        double px = raw[i][0] == 1 ? dx : raw[i][0] == -1 ? -dx : raw[i][0] == 2 ? fullDeltaX : raw[i][0] == -2 ? -fullDeltaX : 0;
        double py = raw[i][1] == 1 ? dy : raw[i][1] == -1 ? -dy : raw[i][1] == 2 ? fullDeltaY : raw[i][1] == -2 ? -fullDeltaY : 0;
        values[i] = fx_transform_value(fx_transform_translation(px, py, 0));
    }
    return api->animation_set_values(animation, values, 4);
}

/* -createCircleWithSize:color:: a stroked ring, fillColor nil, lineWidth 1. */
static fx_status create_circle(const char *name, double size, const fx_color *color, fx_layer *out) {
    fx_path circlePath;
    CHECK(api->layer_create(FX_LAYER_SHAPE, name, out));
    CHECK(rounded_rect_path((fx_rect){ 0, 0, size, size }, size / 2, &circlePath));
    CHECK(set_nil(*out, "fillColor"));
    CHECK(set_color(*out, "strokeColor", *color));
    CHECK(set_number(*out, "lineWidth", 1));
    return set_path(*out, circlePath);
}

/*
 * DGActivityIndicatorBallTrianglePathAnimation.m: three rings chasing each
 * other round a triangle. One keyframe "transform" animation of four
 * CATransform3DMakeTranslation values (keyTimes 0, 0.33, 0.66, 1,
 * easeInEaseOut per segment, 2 s, forever), its values changed before each
 * ring is added: {0,0} {hx,fy} {-hx,fy} {0,0}; {0,0} {hx,-fy} {fx,0} {0,0};
 * {0,0} {-fx,0} {-hx,-fy} {0,0}.
 */
static fx_status ball_triangle_path(const fx_api *host, fx_layer stage, double indicator_size, const fx_color *tintColor) {
    fx_layer layer, topCenterCircle, bottomLeftCircle, bottomRightCircle;
    fx_rect bounds;
    fx_animation animation;
    fx_size size = { indicator_size, indicator_size };
    double duration = 2.0f, circleSize, deltaX, deltaY, x, y;
    static const double key_times[] = { 0.0f, 0.33f, 0.66f, 1.0f };
    const char *functions[] = { "easeInEaseOut", "easeInEaseOut", "easeInEaseOut" };
    static const double topCenter[4][2] = { { 0, 0 }, { 1, 2 }, { -1, 2 }, { 0, 0 } };
    static const double bottomLeft[4][2] = { { 0, 0 }, { 1, -2 }, { 2, 0 }, { 0, 0 } };
    static const double bottomRight[4][2] = { { 0, 0 }, { -2, 0 }, { -1, -2 }, { 0, 0 } };
    api = host;
    CHECK(animation_layer(stage, &layer));
    CHECK(layer_bounds(layer, &bounds));
    circleSize = size.width / 5;
    deltaX = size.width / 2 - circleSize / 2;
    deltaY = size.height / 2 - circleSize / 2;
    x = (bounds.width - size.width) / 2;
    y = (bounds.height - size.height) / 2;

    /* Animation */
    CHECK(create_keyframe_animation("transform", &animation));
    CHECK(anim_key_times(animation, key_times, 4));
    CHECK(anim_number(animation, "duration", duration));
    CHECK(api->animation_set_timing_functions(animation, functions, 3));
    CHECK(anim_number(animation, "repeatCount", HUGE_VALF));

    /* Top-center circle */
    CHECK(create_circle("topCenterCircle", circleSize, tintColor, &topCenterCircle));
    CHECK(change_animation(animation, topCenter, deltaX, deltaY));
    CHECK(api->layer_set_frame(topCenterCircle, (fx_rect){ x + size.width / 2 - circleSize / 2, y, circleSize, circleSize }));
    CHECK(api->layer_add_animation(topCenterCircle, animation, "animation"));
    CHECK(api->layer_add_sublayer(layer, topCenterCircle));

    /* Bottom-left circle */
    CHECK(create_circle("bottomLeftCircle", circleSize, tintColor, &bottomLeftCircle));
    CHECK(change_animation(animation, bottomLeft, deltaX, deltaY));
    CHECK(api->layer_set_frame(bottomLeftCircle, (fx_rect){ x, y + size.height - circleSize, circleSize, circleSize }));
    CHECK(api->layer_add_animation(bottomLeftCircle, animation, "animation"));
    CHECK(api->layer_add_sublayer(layer, bottomLeftCircle));

    /* Bottom-right circle */
    CHECK(create_circle("bottomRightCircle", circleSize, tintColor, &bottomRightCircle));
    CHECK(change_animation(animation, bottomRight, deltaX, deltaY));
    CHECK(api->layer_set_frame(bottomRightCircle, (fx_rect){ x + size.width - circleSize, y + size.height - circleSize,
                                                             circleSize, circleSize }));
    CHECK(api->layer_add_animation(bottomRightCircle, animation, "animation"));
    CHECK(api->layer_add_sublayer(layer, bottomRightCircle));
    return api->animation_release(animation);
}

static const fx_param params[] = {
    { sizeof(fx_param), "indicator-size", FX_PARAM_DOUBLE, "the size handed to the animation (DGActivityIndicatorView: 40)", "40",
      FX_PARAM_HAS_MIN | FX_PARAM_HAS_MAX, 8, 400, NULL, 0 },
    { sizeof(fx_param), "tint-color", FX_PARAM_COLOR, "the tint (DGActivityIndicatorView: whiteColor)", "white", 0, 0, 0, NULL, 0 },
};

static const fx_factory factories[] = {
    { sizeof(fx_factory), "line-scale-pulse-out", "DGActivityIndicatorLineScalePulseOutAnimation", params, 2,
      (fx_build_fn)line_scale_pulse_out },
    { sizeof(fx_factory), "ball-scale-ripple-multiple", "DGActivityIndicatorBallScaleRippleMultipleAnimation", params, 2,
      (fx_build_fn)ball_scale_ripple_multiple },
    { sizeof(fx_factory), "ball-clip-rotate-pulse", "DGActivityIndicatorBallClipRotatePulseAnimation", params, 2,
      (fx_build_fn)ball_clip_rotate_pulse },
    { sizeof(fx_factory), "ball-triangle-path", "DGActivityIndicatorBallTrianglePathAnimation", params, 2,
      (fx_build_fn)ball_triangle_path },
};

static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "dgactivity", "1.0.0",
    "four DGActivityIndicatorView loaders, ported line for line", factories, sizeof factories / sizeof factories[0],
};

FX_PLUGIN_ENTRY(host) { (void)host; return &plugin; }
