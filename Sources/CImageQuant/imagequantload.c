/* SPDX-License-Identifier: MIT */
#include "fximagequant.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct fx_liq table;
static const struct fx_liq *loaded;
static char error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *lib = dlopen(FX_LIQ_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        snprintf(error, sizeof error, "cannot load %s (%s)", FX_LIQ_SONAME, why ? why : "not found");
        return;
    }
#define GET(name)                                                                 \
    if ((*(void **)&table.name = dlsym(lib, #name)) == NULL) {                    \
        snprintf(error, sizeof error, "%s has no %s", FX_LIQ_SONAME, #name);      \
        return;                                                                   \
    }
    GET(liq_attr_create)
    GET(liq_attr_destroy)
    GET(liq_set_speed)
    GET(liq_image_create_rgba)
    GET(liq_image_destroy)
    GET(liq_image_quantize)
    GET(liq_result_destroy)
    GET(liq_set_dithering_level)
    GET(liq_write_remapped_image)
    GET(liq_get_palette)
#undef GET
    loaded = &table;
}

const struct fx_liq *fx_liq_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *fx_liq_error(void) { return error; }
