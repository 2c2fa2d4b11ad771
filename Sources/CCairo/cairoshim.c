// SPDX-License-Identifier: MIT
#include "fxcairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

#define FX_CAIRO_SONAME "libcairo.so.2"

static void *library;
static char error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* cairoload.c (generated): the functions fxhost calls, and their table. */
extern const int fx_cairo_count;
extern const char *const fx_cairo_names[];
extern _Atomic(void *) fx_cairo_table[];

/* Looks every function up as the library loads: dlsym takes the dynamic loader's lock, which a
 * library another thread is loading holds for milliseconds (pango's, prepared beside the build:
 * Sources/CPango), so a drawing call that looked its function up only when first made would wait. */
static void load(void) {
    library = dlopen(FX_CAIRO_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(error, sizeof error, "cannot load %s (%s)", FX_CAIRO_SONAME, why ? why : "not found");
        return;
    }
    for (int k = 0; k < fx_cairo_count; k++) atomic_store_explicit(&fx_cairo_table[k], dlsym(library, fx_cairo_names[k]), memory_order_release);
}

static void *prepare(void *unused) {
    (void)unused;
    pthread_once(&once, load);
    return NULL;
}

void fx_start_once(_Atomic int *started, void *(*body)(void *)) {
    if ((*started)++) return;
    pthread_attr_t attributes;
    pthread_t thread;
    if (pthread_attr_init(&attributes) != 0) return;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attributes, body, NULL) != 0) *started = 0;
    pthread_attr_destroy(&attributes);
}

void fx_cairo_prepare(void) {
    static _Atomic int started;
    fx_start_once(&started, prepare);
}

const char *fx_cairo_failure(void) {
    pthread_once(&once, load);
    return library ? NULL : error;
}

/* The function fx_cairo_names[k] of libcairo.so.2. cairo is a dependency of fxhost's package (and of
 * pango's), so a library that cannot be loaded is a broken installation: fxhost says so in one line
 * and ends. */
void *fx_cairo_function(int k) {
    /* Every drawing call comes through here: once the table is filled, one load and no call. */
    void *fn = atomic_load_explicit(&fx_cairo_table[k], memory_order_acquire);
    if (fn) return fn;
    pthread_once(&once, load);
    fn = atomic_load_explicit(&fx_cairo_table[k], memory_order_acquire);
    if (!fn) {
        fprintf(stderr, "fxhost: error: cannot draw: %s has no %s (%s); install Debian's libcairo2\n", FX_CAIRO_SONAME,
                fx_cairo_names[k], library ? "an older cairo" : error);
        fflush(stderr);
        _exit(1);
    }
    return fn;
}
