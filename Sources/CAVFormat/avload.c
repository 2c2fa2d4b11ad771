/* SPDX-License-Identifier: MIT */
#include "fxav.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define FX_STRING(x) #x
#define FX_SONAME(lib, major) "lib" lib ".so." FX_STRING(major)

static struct fx_av table;
static const struct fx_av *loaded;
static char error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The symbol `name` of `lib`, or NULL with `error` set. */
static void *find(void *lib, const char *soname, const char *name) {
    void *f = dlsym(lib, name);
    if (!f) snprintf(error, sizeof error, "%s has no %s", soname, name);
    return f;
}

static void load(void) {
    const char *names[3] = {FX_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR), FX_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR),
                            FX_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR)};
    void *libs[3];
    for (int i = 0; i < 3; i++) {
        libs[i] = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!libs[i]) {
            const char *why = dlerror();
            snprintf(error, sizeof error, "cannot load %s (%s)", names[i], why ? why : "not found");
            return;
        }
    }
    int ok = 1;
#define GET(i, name) ok = ok && (*(void **)&table.name = find(libs[i], names[i], #name)) != NULL
    GET(0, av_log_set_level);
    GET(0, av_strerror);
    GET(0, av_malloc);
    GET(0, av_freep);
    GET(0, av_dict_set);
    GET(0, av_dict_free);
    GET(0, av_frame_alloc);
    GET(0, av_frame_free);
    GET(0, av_frame_get_buffer);
    GET(0, av_frame_make_writable);
    GET(1, av_packet_alloc);
    GET(1, av_packet_free);
    GET(1, av_packet_rescale_ts);
    GET(1, avcodec_find_encoder_by_name);
    GET(1, avcodec_alloc_context3);
    GET(1, avcodec_free_context);
    GET(1, avcodec_open2);
    GET(1, avcodec_parameters_from_context);
    GET(1, avcodec_send_frame);
    GET(1, avcodec_receive_packet);
    GET(2, avformat_alloc_output_context2);
    GET(2, avformat_free_context);
    GET(2, avformat_new_stream);
    GET(2, avformat_write_header);
    GET(2, av_interleaved_write_frame);
    GET(2, av_write_trailer);
    GET(2, avio_alloc_context);
    GET(2, avio_context_free);
    GET(2, avio_flush);
#undef GET
    if (ok) loaded = &table;
}

const struct fx_av *fx_av_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *fx_av_error(void) { return error; }
