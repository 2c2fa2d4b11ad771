/* SPDX-License-Identifier: MIT */
/*
 * probe — a test plugin that exercises the host function table and reports
 * what it sees through api->log, so that tests can read it on stderr.
 * Factories:
 *   args    : one parameter of every type; logs the values it received
 *   errors  : makes every kind of bad call and logs each status it got
 *   motion  : a layer flying in, a did-stop pulse, a timer and a "tap" event
 *   fail    : reports failure through api->fail
 *   keys    : adds keyed animations and removes one on "focus"
 */
#include <stdio.h>
#include <string.h>
#include "fx.h"

static const fx_api *A;
static char line[512];

static void say(const char *fmt, const char *a, double x) {
    snprintf(line, sizeof line, fmt, a, x);
    A->log(FX_LOG_INFO, line);
}

static fx_status args(const fx_api *api, fx_layer stage, const char *text, double number, int32_t whole,
                      int32_t flag, const fx_color *color, const char *file, int32_t choice) {
    A = api;
    (void)stage;
    snprintf(line, sizeof line, "args text=%s number=%.17g whole=%d flag=%d color=%.3f,%.3f,%.3f,%.3f file=%s choice=%d",
             text, number, whole, flag, color->red, color->green, color->blue, color->alpha, file, choice);
    api->log(FX_LOG_INFO, line);
    return FX_OK;
}

static fx_status errors(const fx_api *api, fx_layer stage) {
    fx_layer l, forged = 12345;
    fx_animation a, stale;
    fx_value v = fx_number(1), s = fx_string_value("x"), bad = fx_number(0.0 / 0.0);
    A = api;
    api->layer_create(FX_LAYER, "l", &l);
    api->layer_add_sublayer(stage, l);
    say("forged handle ->%s %g", "", api->layer_set(forged, "opacity", &v));
    api->animation_create(FX_ANIMATION_BASIC, "opacity", &a);
    stale = a;
    api->animation_release(a);
    say("stale handle ->%s %g", "", api->animation_set(stale, "duration", &v));
    say("unknown key path ->%s %g", "", api->layer_set(l, "positon", &v));
    say("wrong type ->%s %g", "", api->layer_set(l, "opacity", &s));
    say("nan ->%s %g", "", api->layer_set(l, "opacity", &bad));
    say("wrong kind ->%s %g", "", api->layer_set(l, "strokeEnd", &v));
    say("last error ->%s %g", api->last_error(), 0);
    say("null value ->%s %g", "", api->layer_set(l, "opacity", NULL));
    say("cycle ->%s %g", "", api->layer_add_sublayer(l, stage));
    api->animation_create(FX_ANIMATION_BASIC, "opacity", &a);
    say("unknown field ->%s %g", "", api->animation_set(a, "durration", &v));
    say("ok ->%s %g", "", api->layer_set(l, "opacity", &v));
    return FX_OK;
}

static fx_layer mover;

static fx_status pulse(void *user, int32_t finished) {
    fx_animation p;
    fx_value from = fx_number(1.25), to = fx_number(1), d = fx_number(0.25);
    (void)user;
    say("did-stop finished=%s at %g", finished ? "1" : "0", A->now());
    A->animation_create(FX_ANIMATION_BASIC, "transform.scale", &p);
    A->animation_set(p, "from", &from);
    A->animation_set(p, "to", &to);
    A->animation_set(p, "duration", &d);
    A->layer_add_animation(mover, p, NULL);
    return A->animation_release(p);
}

static fx_status started(void *user) {
    (void)user;
    say("did-start%s at %g", "", A->now());
    return FX_OK;
}

static fx_status timer(void *user) {
    (void)user;
    say("timer%s at %g", "", A->now());
    return FX_OK;
}

static fx_status tap(void *user, const char *name) {
    fx_value red = fx_color_value(1, 0, 0, 1);
    (void)user;
    say("event %s at %g", name, A->now());
    return A->layer_set(mover, "backgroundColor", &red);
}

static fx_status motion(const fx_api *api, fx_layer stage, double delay) {
    fx_animation fly;
    fx_value v;
    A = api;
    api->layer_create(FX_LAYER, "mover", &mover);
    api->layer_set_frame(mover, (fx_rect){ 10, 20, 40, 30 });
    api->layer_add_sublayer(stage, mover);
    api->animation_create(FX_ANIMATION_BASIC, "position.x", &fly);
    v = fx_number(-100); api->animation_set(fly, "from", &v);
    v = fx_number(300); api->animation_set(fly, "to", &v);
    v = fx_number(0.5); api->animation_set(fly, "duration", &v);
    v = fx_number(api->now() + delay); api->animation_set(fly, "beginTime", &v);
    v = fx_string_value("both"); api->animation_set(fly, "fillMode", &v);
    api->animation_set_callbacks(fly, started, pulse, NULL);
    api->layer_add_animation(mover, fly, "fly");
    api->animation_release(fly);
    api->timer_add(0.1, timer, NULL, NULL);
    return api->event_on("tap", tap, NULL);
}

static fx_status fail(const fx_api *api, fx_layer stage) {
    (void)stage;
    api->fail("the probe was asked to fail");
    return FX_ERR_FAILED;
}

static fx_layer info;

static fx_status stopped(void *user, int32_t finished) {
    say("%s stopped finished=%g", (const char *)user, finished);
    return FX_OK;
}

static fx_status focus(void *user, const char *name) {
    uint32_t n = 0;
    const char *key;
    (void)user; (void)name;
    A->layer_animation_count(info, &n);
    say("keys before%s: %g", "", n);
    A->layer_animation_key(info, 0, &key);
    say("first key %s%g", key, 0);
    A->layer_remove_animation(info, "infoappear");
    A->layer_remove_animation(info, "fadein");
    A->layer_animation_count(info, &n);
    say("keys after%s: %g", "", n);
    return FX_OK;
}

static fx_status keys(const fx_api *api, fx_layer stage) {
    fx_animation a;
    fx_value v;
    A = api;
    api->layer_create(FX_LAYER_TEXT, "info", &info);
    api->layer_add_sublayer(stage, info);
    api->animation_create(FX_ANIMATION_BASIC, "position.x", &a);
    v = fx_number(500); api->animation_set(a, "from", &v);
    v = fx_number(5); api->animation_set(a, "duration", &v);
    api->animation_set_callbacks(a, NULL, stopped, "infoappear");
    api->layer_add_animation(info, a, "infoappear");
    api->animation_release(a);
    api->animation_create(FX_ANIMATION_BASIC, "opacity", &a);
    v = fx_number(0.2); api->animation_set(a, "from", &v);
    v = fx_number(4.5); api->animation_set(a, "duration", &v);
    api->animation_set_callbacks(a, NULL, stopped, "fadein");
    api->layer_add_animation(info, a, "fadein");
    api->animation_release(a);
    return api->event_on("focus", focus, NULL);
}

static const char *const sides[] = { "left", "right" };
static const fx_param arg_params[] = {
    { sizeof(fx_param), "text", FX_PARAM_STRING, "any text", "hello", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "number", FX_PARAM_DOUBLE, "a number", "0.5", FX_PARAM_HAS_MIN | FX_PARAM_HAS_MAX, 0, 10, NULL, 0 },
    { sizeof(fx_param), "whole", FX_PARAM_INT, "a whole number", "3", FX_PARAM_HAS_MIN, -5, 0, NULL, 0 },
    { sizeof(fx_param), "flag", FX_PARAM_BOOL, "a flag", "false", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "color", FX_PARAM_COLOR, "a colour", "#336699", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "file", FX_PARAM_FILE, "a file", "", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "side", FX_PARAM_CHOICE, "a side", "right", 0, 0, 0, sides, 2 },
};
static const fx_param motion_params[] = {
    { sizeof(fx_param), "delay", FX_PARAM_DOUBLE, "when the fly-in starts", "0.3", FX_PARAM_HAS_MIN, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "args", "logs its arguments", arg_params, 7, (fx_build_fn)args },
    { sizeof(fx_factory), "errors", "makes bad calls", NULL, 0, (fx_build_fn)errors },
    { sizeof(fx_factory), "motion", "flies a layer in", motion_params, 1, (fx_build_fn)motion },
    { sizeof(fx_factory), "fail", "fails", NULL, 0, (fx_build_fn)fail },
    { sizeof(fx_factory), "keys", "keyed animations", NULL, 0, (fx_build_fn)keys },
};

#ifndef PROBE_MAJOR
#define PROBE_MAJOR FX_ABI_MAJOR
#endif
#ifndef PROBE_MINOR
#define PROBE_MINOR FX_ABI_MINOR
#endif

static const fx_plugin plugin = {
    sizeof(fx_plugin), PROBE_MAJOR, PROBE_MINOR, "probe", "0.1", "a test plugin", factories, 5,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
