/* SPDX-License-Identifier: MIT */
#include "fxpango.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct fx_pango table;
static const struct fx_pango *loaded;
static char error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;
static _Atomic int failed;

static void attempt(void) {
    void *lib = dlopen(FX_PANGO_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *why = dlerror();
        snprintf(error, sizeof error, "cannot load %s (%s)", FX_PANGO_SONAME, why ? why : "not found");
        return;
    }
    /* dlsym on the handle also searches the libraries it needs: g_object_unref is libgobject's. */
#define GET(name)                                                                              \
    if ((*(void **)&table.name = dlsym(lib, #name)) == NULL) {                                 \
        snprintf(error, sizeof error, "%s and its libraries have no %s", FX_PANGO_SONAME, #name); \
        return;                                                                                \
    }
    GET(pango_cairo_create_layout)
    GET(pango_cairo_show_layout)
    GET(pango_cairo_context_set_font_options)
    GET(pango_layout_get_context)
    GET(pango_context_set_round_glyph_positions)
    GET(pango_layout_context_changed)
    GET(pango_layout_set_font_description)
    GET(pango_layout_set_text)
    GET(pango_layout_set_width)
    GET(pango_layout_get_width)
    GET(pango_layout_set_wrap)
    GET(pango_layout_set_ellipsize)
    GET(pango_layout_set_alignment)
    GET(pango_layout_set_justify)
    GET(pango_layout_get_extents)
    GET(pango_font_description_new)
    GET(pango_font_description_from_string)
    GET(pango_font_description_set_family)
    GET(pango_font_description_set_absolute_size)
    GET(pango_font_description_free)
    GET(g_object_unref)
    GET(pango_attr_list_new)
    GET(pango_attr_list_insert)
    GET(pango_attr_list_unref)
    GET(pango_attr_foreground_new)
    GET(pango_attr_foreground_alpha_new)
    GET(pango_layout_set_attributes)
#undef GET
    loaded = &table;
}

static void load(void) {
    attempt();
    if (!loaded) failed = 1;
}

const struct fx_pango *fx_pango_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *fx_pango_error(void) { return error; }

int fx_pango_failed(void) { return failed; }
