/* SPDX-License-Identifier: MIT */
/*
 * scale — a plugin that asks for a lot, one factory per resource; --count N
 * says how much. Within the host's limits the run must finish in time
 * proportional to N; past them, the call that crosses a limit must get
 * FX_ERR_LIMIT and the run must go on (or end in one line).
 *   chain       a chain of N nested layers, each drawn
 *   timers      N timers at distinct times within the first second
 *   retimer     a timer that adds itself again 1 ns later, without end
 *   animations  N animations on N / 10,000 layers, at distinct times
 *   handlers    N event handlers
 *   text        N text layers, each with a 64 KiB string
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fx.h"

static const fx_api *A;

static void say(const char *what, long n, fx_status s) {
    char line[200];
    snprintf(line, sizeof line, "%s: %ld -> %d", what, n, (int)s);
    A->log(FX_LOG_INFO, line);
}

static fx_status chain(const fx_api *api, fx_layer stage, double count) {
    fx_layer parent = stage, l;
    fx_status s = FX_OK;
    fx_value v;
    long i;
    A = api;
    for (i = 0; i < (long)count && s == FX_OK; i++) {
        s = api->layer_create(FX_LAYER, "link", &l);
        v = fx_rect_value(0, 0, 10, 10); api->layer_set(l, "bounds", &v);
        v = fx_point_value(5.001, 5); api->layer_set(l, "position", &v);
        v = fx_color_value(0, 0, 1, 1); api->layer_set(l, "backgroundColor", &v);
        if (s == FX_OK) s = api->layer_add_sublayer(parent, l);
        parent = l;
    }
    say("chain", i, s);
    return FX_OK;
}

static fx_status nothing(void *user) { (void)user; return FX_OK; }

static fx_status timers(const fx_api *api, fx_layer stage, double count) {
    fx_status s = FX_OK;
    long i;
    (void)stage;
    A = api;
    for (i = 0; i < (long)count && s == FX_OK; i++) s = api->timer_add((double)i / count, nothing, NULL, NULL);
    say("timers", s == FX_OK ? i : i - 1, s);
    return FX_OK;
}

static long readds;
static fx_status again(void *user) {
    fx_status s = A->timer_add(1e-9, again, user, NULL);
    readds++;
    if (s != FX_OK) say("re-added timers", readds, s);
    return FX_OK;
}

static fx_status retimer(const fx_api *api, fx_layer stage, double count) {
    (void)stage; (void)count;
    A = api;
    return api->timer_add(0, again, NULL, NULL);
}

static fx_status animations(const fx_api *api, fx_layer stage, double count) {
    fx_status s = FX_OK;
    fx_layer l = 0;
    fx_animation a;
    fx_value v;
    long i;
    A = api;
    for (i = 0; i < (long)count && s == FX_OK; i++) {
        if (i % 10000 == 0) {
            api->layer_create(FX_LAYER, "field", &l);
            api->layer_add_sublayer(stage, l);
        }
        api->animation_create(FX_ANIMATION_BASIC, "opacity", &a);
        v = fx_number(0); api->animation_set(a, "from", &v);
        v = fx_number((double)i / count); api->animation_set(a, "beginTime", &v);
        v = fx_number(0.001); api->animation_set(a, "duration", &v);
        s = api->layer_add_animation(l, a, NULL);
        api->animation_release(a);
    }
    say("animations", s == FX_OK ? i : i - 1, s);
    return FX_OK;
}

static fx_status handle(void *user, const char *name) { (void)user; (void)name; return FX_OK; }

static fx_status handlers(const fx_api *api, fx_layer stage, double count) {
    fx_status s = FX_OK;
    long i;
    char name[32];
    (void)stage;
    A = api;
    for (i = 0; i < (long)count && s == FX_OK; i++) {
        snprintf(name, sizeof name, "event%ld", i % 1000);
        s = api->event_on(name, handle, NULL);
    }
    say("handlers", s == FX_OK ? i : i - 1, s);
    return FX_OK;
}

static fx_status text(const fx_api *api, fx_layer stage, double count) {
    static char big[64 * 1024];
    fx_status s = FX_OK;
    fx_layer l;
    fx_value v;
    long i;
    A = api;
    memset(big, 'x', sizeof big - 1);
    for (i = 0; i < (long)count && s == FX_OK; i++) {
        s = api->layer_create(FX_LAYER_TEXT, "words", &l);
        if (s == FX_OK) s = api->layer_add_sublayer(stage, l);
        big[0] = (char)('a' + i % 26);
        v = fx_string_value(big);
        if (s == FX_OK) s = api->layer_set(l, "string", &v);
    }
    say("text layers", s == FX_OK ? i : i - 1, s);
    return FX_OK;
}

static const fx_param params[] = {
    { sizeof(fx_param), "count", FX_PARAM_DOUBLE, "how many", "1000", 0, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "chain", "nested layers", params, 1, (fx_build_fn)chain },
    { sizeof(fx_factory), "timers", "timers at distinct times", params, 1, (fx_build_fn)timers },
    { sizeof(fx_factory), "retimer", "a timer that re-adds itself", params, 1, (fx_build_fn)retimer },
    { sizeof(fx_factory), "animations", "animations at distinct times", params, 1, (fx_build_fn)animations },
    { sizeof(fx_factory), "handlers", "event handlers", params, 1, (fx_build_fn)handlers },
    { sizeof(fx_factory), "text", "text layers with long strings", params, 1, (fx_build_fn)text },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "scale", "0", "asks for a lot", factories, 6,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
