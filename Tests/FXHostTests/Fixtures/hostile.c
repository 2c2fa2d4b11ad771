/* SPDX-License-Identifier: MIT */
/*
 * hostile — plugins that misbehave in one way each, chosen with -DCASE=n.
 * The host must survive every one and report it as the plugin's fault.
 *   1 segfault in build              2 abort in a did-stop callback
 *   3 infinite loop in a timer       4 unbounded recursion in build
 *   5 exit(3) in build               6 a constructor that crashes at load
 *   7 absurd factory count           8 a factory with a NULL name
 *   9 thousands of factories         10 a schema that lies (says double, takes a string)
 *  11 NaN, infinities, huge values   12 a gigantic allocation through the API
 *  13 the API from another thread    14 an animation-adding storm
 *  15 a build that never returns
 */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fx.h"

static const fx_api *A;
static char line[256];

static void say(const char *what, fx_status s) {
    snprintf(line, sizeof line, "%s -> %d", what, (int)s);
    A->log(FX_LOG_INFO, line);
}

#if CASE == 6
__attribute__((constructor)) static void crash_at_load(void) { raise(SIGSEGV); }
#endif

static fx_status stop_aborts(void *user, int32_t finished) { (void)user; (void)finished; abort(); }
static fx_status spin_forever(void *user) { volatile int x = 0; (void)user; for (;;) { x++; } return FX_OK; }

/* Unbounded recursion the compiler cannot prove: it stops only when n wraps to exactly -1. */
static int depth(int n) { volatile char pad[512]; pad[0] = (char)n; return n == -1 ? 0 : depth(n + 1) + pad[0]; }

static void *other_thread(void *arg) {
    fx_layer l;
    *(fx_status *)arg = A->layer_create(FX_LAYER, "from another thread", &l);
    return NULL;
}

static fx_status build(const fx_api *api, fx_layer stage, double number) {
    fx_layer l;
    fx_animation a;
    fx_value v;
    A = api;
    (void)number;
    api->layer_create(FX_LAYER, "victim", &l);
    api->layer_add_sublayer(stage, l);
    switch (CASE) {
    case 1: { volatile int *p = NULL; *p = 42; break; }
    case 2:
        api->animation_create(FX_ANIMATION_BASIC, "opacity", &a);
        v = fx_number(0.5); api->animation_set(a, "duration", &v);
        api->animation_set_callbacks(a, NULL, stop_aborts, NULL);
        api->layer_add_animation(l, a, "doomed");
        break;
    case 3: api->timer_add(0.2, spin_forever, NULL, NULL); break;
    case 4: return depth(0) ? FX_OK : FX_ERR_FAILED;
    case 5: exit(3);
    case 11:
        v = fx_number(NAN); say("opacity NaN", api->layer_set(l, "opacity", &v));
        v = fx_number(INFINITY); say("opacity +inf", api->layer_set(l, "opacity", &v));
        v = fx_number(-INFINITY); say("zPosition -inf", api->layer_set(l, "zPosition", &v));
        v = fx_point_value(1e300, -1e300); say("position huge", api->layer_set(l, "position", &v));
        v = fx_rect_value(0, 0, 1e300, 1e300); say("bounds huge", api->layer_set(l, "bounds", &v));
        v = fx_color_value(1, 0, 0, 1); api->layer_set(l, "backgroundColor", &v);
        api->animation_create(FX_ANIMATION_BASIC, "position.x", &a);
        v = fx_number(NAN); say("duration NaN", api->animation_set(a, "duration", &v));
        v = fx_number(-1); say("duration negative", api->animation_set(a, "duration", &v));
        v = fx_number(1e308); say("to huge", api->animation_set(a, "to", &v));
        v = fx_number(1e308); say("speed huge", api->animation_set(a, "speed", &v));
        say("add", api->layer_add_animation(l, a, NULL));
        say("timer NaN", api->timer_add(NAN, spin_forever, NULL, NULL));
        say("timer inf", api->timer_add(INFINITY, spin_forever, NULL, NULL));
        break;
    case 12: {
        fx_image img;
        static uint8_t px[16];
        fx_layer extra;
        int i;
        fx_status s = FX_OK;
        say("image 100000x100000", api->image_create_rgba(100000, 100000, px, &img));
        say("image -1x5", api->image_create_rgba(-1, 5, px, &img));
        for (i = 0; i < 200000 && s == FX_OK; i++) s = api->layer_create(FX_LAYER, NULL, &extra);
        say("200000 layers", s);
        {
            fx_value big = fx_numbers_value(NULL, 4000000000u);
            say("4e9 numbers", api->layer_set(l, "lineDashPattern", &big));
        }
        break;
    }
    case 13: {
        pthread_t t;
        fx_status s = FX_OK;
        pthread_create(&t, NULL, other_thread, &s);
        pthread_join(t, NULL);
        say("layer_create from another thread", s);
        break;
    }
    case 14: {
        int i;
        fx_status s = FX_OK;
        api->animation_create(FX_ANIMATION_BASIC, "opacity", &a);
        for (i = 0; i < 2000000 && s == FX_OK; i++) s = api->layer_add_animation(l, a, NULL);
        say("2000000 animations", s);
        break;
    }
    case 15: for (;;) {}
    default: break;
    }
    return FX_OK;
}

static fx_status lying_build(const fx_api *api, fx_layer stage, const char *text) {
    (void)api; (void)stage;
    return text[0] == 'x' ? FX_OK : FX_ERR_FAILED;  /* reads a double as a pointer */
}

static const fx_param params[] = {
    { sizeof(fx_param), "number", FX_PARAM_DOUBLE, "a number", "0.25", 0, 0, 0, NULL, 0 },
};
static fx_factory factories[] = {
    { sizeof(fx_factory), CASE == 8 ? NULL : "hostile", "", params, 1,
      CASE == 10 ? (fx_build_fn)lying_build : (fx_build_fn)build },
};

#define MANY 5000
static fx_factory many[MANY];

static fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "hostile", "0", "misbehaves", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    if (CASE == 7) plugin.factory_count = 1000000000u;
    if (CASE == 9) {
        int i;
        for (i = 0; i < MANY; i++) { many[i] = factories[0]; many[i].name = "same"; }
        plugin.factories = many;
        plugin.factory_count = MANY;
    }
    return &plugin;
}
