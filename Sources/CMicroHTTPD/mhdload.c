// SPDX-License-Identifier: MIT
#include "fxhttp.h"
#include "fxhttperror.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct fx_mhd table;
static const struct fx_mhd *loaded;
static char error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *lib = dlopen(FX_MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        snprintf(error, sizeof error, "cannot load %s (%s); install libmicrohttpd12", FX_MHD_SONAME, why ? why : "not found");
        return;
    }
    int ok = 1;
#define GET(name)                                                                              \
    if (ok && !(*(void **)&table.name = dlsym(lib, #name))) {                                   \
        snprintf(error, sizeof error, "%s has no %s", FX_MHD_SONAME, #name);                    \
        ok = 0;                                                                                \
    }
    GET(MHD_start_daemon);
    GET(MHD_stop_daemon);
    GET(MHD_get_daemon_info);
    GET(MHD_get_connection_values);
    GET(MHD_lookup_connection_value);
    GET(MHD_create_response_from_buffer);
    GET(MHD_create_response_from_callback);
    GET(MHD_add_response_header);
    GET(MHD_queue_response);
    GET(MHD_destroy_response);
#undef GET
    if (ok) loaded = &table;
}

const struct fx_mhd *fx_mhd_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *fx_mhd_error(void) { return error; }

void fx_http_set_error(const char *what, int e) {
    snprintf(error, sizeof error, "%s (%s)", what, e ? strerror(e) : "the address is in use or not this machine's");
}
