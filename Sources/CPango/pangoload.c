/* SPDX-License-Identifier: MIT */
#include "fxpango.h"
#include "fxcairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static struct fx_pango table;
static const struct fx_pango *loaded;
static char error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;
static _Atomic int failed;

/* fontconfig's functions fxhost calls, from the library cairo and pango both link. */
typedef void FcConfig;
typedef void FcStrList;
static struct {
    FcConfig *(*FcConfigCreate)(void);
    int (*FcConfigParseAndLoad)(FcConfig *, const unsigned char *, int);
    FcStrList *(*FcConfigGetCacheDirs)(FcConfig *);
    unsigned char *(*FcStrListNext)(FcStrList *);
    void (*FcStrListDone)(FcStrList *);
    int (*FcConfigBuildFonts)(FcConfig *);
    int (*FcConfigSetCurrent)(FcConfig *);
    void (*FcConfigDestroy)(FcConfig *);
} fc;

static pthread_once_t fc_once = PTHREAD_ONCE_INIT;
static int fc_found;

static void fc_find(void) {
    void *l = dlopen(FX_FONTCONFIG_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!l) return;
#define GET(name) \
    if ((*(void **)&fc.name = dlsym(l, #name)) == NULL) return;
    GET(FcConfigCreate)
    GET(FcConfigParseAndLoad)
    GET(FcConfigGetCacheDirs)
    GET(FcStrListNext)
    GET(FcStrListDone)
    GET(FcConfigBuildFonts)
    GET(FcConfigSetCurrent)
    GET(FcConfigDestroy)
#undef GET
    fc_found = 1;
}

static int fontconfig_functions(void) {
    pthread_once(&fc_once, fc_find);
    return fc_found;
}

void *fx_fontconfig_configuration(void) {
    /* A configuration of the user's own (or fontconfig's tracing) is FcInit's to load: a file that
     * fails would otherwise be read, and its errors printed, twice (here, then by FcInit). */
    static const char *const own[] = {"FC_DEBUG", "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"};
    for (size_t k = 0; k < sizeof own / sizeof *own; k++) {
        const char *v = getenv(own[k]);
        if (v && *v) return NULL;
    }
    if (!fontconfig_functions()) return NULL;
    FcConfig *config = fc.FcConfigCreate();
    if (!config) return NULL;
    /* NULL: fontconfig's own fonts.conf. */
    if (!fc.FcConfigParseAndLoad(config, NULL, 1)) {
        fc.FcConfigDestroy(config);
        return NULL;
    }
    FcStrList *dirs = fc.FcConfigGetCacheDirs(config);
    int cached = dirs && fc.FcStrListNext(dirs) != NULL;
    if (dirs) fc.FcStrListDone(dirs);
    if (!cached || !fc.FcConfigBuildFonts(config)) {
        fc.FcConfigDestroy(config);
        return NULL;
    }
    return config;
}

/* Makes fx_fontconfig_configuration's configuration fontconfig's current one before pango
 * first asks for it, so that pango's FcInit finds one made and returns. Run inside the load,
 * before the table is handed out, so no fontmap of pango's exists yet. (Plugin code that used
 * fontconfig itself earlier sees its current configuration replaced by an equal one; what it
 * holds a reference to stays valid.) */
static void adopt_fontconfig(void) {
    FcConfig *config = fx_fontconfig_configuration();
    if (!config) return;
    fc.FcConfigSetCurrent(config);
    fc.FcConfigDestroy(config);
}

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
    adopt_fontconfig();
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

static void *prepare(void *unused) {
    (void)unused;
    fx_pango_load();
    return NULL;
}

static _Atomic int started;

int fx_pango_prepared(void) { return started != 0; }

void fx_pango_prepare(void) { fx_start_once(&started, prepare); }

const char *fx_pango_error(void) { return error; }

int fx_pango_failed(void) { return failed; }
