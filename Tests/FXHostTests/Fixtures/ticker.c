// SPDX-License-Identifier: MIT
/*
 * ticker — a repeating timer chain, as iOS code writes one with
 * DispatchQueue.main.asyncAfter: each tick moves a dot 1 point right and
 * schedules the next tick `tick` seconds later; `ticks` of them (0: forever).
 * Nothing else happens, so the run's natural end is the last tick.
 */
#include "fx.h"

#define CHECK(call) do { fx_status s_ = (call); if (s_ != FX_OK) return s_; } while (0)

static const fx_api *host;
static fx_layer dot;
static double interval;
static int32_t limit, done;

static fx_status tick(void *user) {
    (void)user;
    done += 1;
    CHECK(host->layer_set_frame(dot, (fx_rect){ done, 0, 4, 4 }));
    if (limit == 0 || done < limit) CHECK(host->timer_add(interval, tick, NULL, NULL));
    return FX_OK;
}

static fx_status build(const fx_api *api, fx_layer stage, double every, int32_t ticks) {
    host = api;
    interval = every;
    limit = ticks;
    done = 0;
    CHECK(api->layer_create(FX_LAYER, "dot", &dot));
    CHECK(api->layer_set_frame(dot, (fx_rect){ 0, 0, 4, 4 }));
    CHECK(api->layer_add_sublayer(stage, dot));
    return api->timer_add(interval, tick, NULL, NULL);
}

static const fx_param params[] = {
    { sizeof(fx_param), "tick", FX_PARAM_DOUBLE, "seconds between ticks", "0.2", FX_PARAM_HAS_MIN, 0.001, 0, NULL, 0 },
    { sizeof(fx_param), "ticks", FX_PARAM_INT, "how many ticks (0: forever)", "0", FX_PARAM_HAS_MIN, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "ticker", "a dot moved by a repeating timer", params, 2, (fx_build_fn)build },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "ticker", "1.0.0", "a repeating timer chain", factories, 1,
};
FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
