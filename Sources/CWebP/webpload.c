/* SPDX-License-Identifier: MIT */
#include "fxwebp.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct fx_webp table;
static const struct fx_webp *loaded;
static char error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The library `soname`, or NULL with `error` set. */
static void *open_library(const char *soname) {
    void *lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        snprintf(error, sizeof error, "cannot load %s (%s)", soname, why ? why : "not found");
    }
    return lib;
}

/* The symbol `name` of `lib`, or NULL with `error` set. */
static void *find(void *lib, const char *soname, const char *name) {
    void *f = dlsym(lib, name);
    if (!f) snprintf(error, sizeof error, "%s has no %s", soname, name);
    return f;
}

static void load(void) {
    /* libwebpmux first: it is the one the messages name (it needs libwebp, which comes with it). */
    void *mux = open_library(FX_WEBPMUX_SONAME);
    if (!mux) return;
    void *webp = open_library(FX_WEBP_SONAME);
    if (!webp) return;
    int ok = 1;
#define GET(lib, soname, name) ok = ok && (*(void **)&table.name = find(lib, soname, #name)) != NULL
    GET(webp, FX_WEBP_SONAME, WebPConfigInitInternal);
    GET(webp, FX_WEBP_SONAME, WebPValidateConfig);
    GET(webp, FX_WEBP_SONAME, WebPPictureInitInternal);
    GET(webp, FX_WEBP_SONAME, WebPPictureImportRGBA);
    GET(webp, FX_WEBP_SONAME, WebPPictureFree);
    GET(webp, FX_WEBP_SONAME, WebPFree);
    GET(mux, FX_WEBPMUX_SONAME, WebPAnimEncoderOptionsInitInternal);
    GET(mux, FX_WEBPMUX_SONAME, WebPAnimEncoderNewInternal);
    GET(mux, FX_WEBPMUX_SONAME, WebPAnimEncoderAdd);
    GET(mux, FX_WEBPMUX_SONAME, WebPAnimEncoderAssemble);
    GET(mux, FX_WEBPMUX_SONAME, WebPAnimEncoderGetError);
    GET(mux, FX_WEBPMUX_SONAME, WebPAnimEncoderDelete);
#undef GET
    if (ok) loaded = &table;
}

const struct fx_webp *fx_webp_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *fx_webp_error(void) { return error; }

int fx_webp_config_init(WebPConfig *config) {
    return table.WebPConfigInitInternal(config, WEBP_PRESET_DEFAULT, 75.f, WEBP_ENCODER_ABI_VERSION);
}

int fx_webp_picture_init(WebPPicture *picture) { return table.WebPPictureInitInternal(picture, WEBP_ENCODER_ABI_VERSION); }

int fx_webp_anim_encoder_options_init(WebPAnimEncoderOptions *options) {
    return table.WebPAnimEncoderOptionsInitInternal(options, WEBP_MUX_ABI_VERSION);
}

WebPAnimEncoder *fx_webp_anim_encoder_new(int width, int height, const WebPAnimEncoderOptions *options) {
    return table.WebPAnimEncoderNewInternal(width, height, options, WEBP_MUX_ABI_VERSION);
}

void fx_webp_data_clear(WebPData *data) {
    table.WebPFree((void *)data->bytes);
    memset(data, 0, sizeof *data);
}
