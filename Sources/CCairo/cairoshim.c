// SPDX-License-Identifier: MIT
#include "fxcairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define FX_CAIRO_SONAME "libcairo.so.2"

static void *library;
static char error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    library = dlopen(FX_CAIRO_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(error, sizeof error, "cannot load %s (%s)", FX_CAIRO_SONAME, why ? why : "not found");
    }
}

const char *fx_cairo_failure(void) {
    pthread_once(&once, load);
    return library ? NULL : error;
}

/* The function `name` of libcairo.so.2. cairo is a dependency of fxhost's package (and of pango's),
 * so a library that cannot be loaded is a broken installation: fxhost says so in one line and ends. */
void *fx_cairo_symbol(const char *name) {
    pthread_once(&once, load);
    void *fn = library ? dlsym(library, name) : NULL;
    if (!fn) {
        fprintf(stderr, "fxhost: error: cannot draw: %s has no %s (%s); install Debian's libcairo2\n", FX_CAIRO_SONAME, name,
                library ? "an older cairo" : error);
        fflush(stderr);
        _exit(1);
    }
    return fn;
}
