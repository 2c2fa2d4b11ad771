/* SPDX-License-Identifier: MIT */
/*
 * pango, loaded with dlopen at the first text fxhost draws.
 *
 * Linking pango (libpangocairo, libpango, libgobject, libglib) brings some
 * fifteen shared libraries into every run — harfbuzz, fribidi, libthai,
 * graphite2, gio, libmount, libselinux … — about 3 ms of every process's
 * start and a megabyte of its memory, also for the many runs that draw no
 * text (a Lottie file of shapes, a spinner). So the renderer links cairo only
 * and reaches pango through this table, filled at the first text drawn.
 *
 * The types are pango's, declared here as the opaque structs pango's own
 * headers declare (no pango header is needed to build); the enumerations'
 * values are pango's (pango-layout.h, stable since pango 1.0). A test compiles
 * this header beside pango's and assigns each of pango's functions to its
 * member, so a signature that drifted fails the build of that test.
 */
#ifndef FXPANGO_H
#define FXPANGO_H

#include <cairo/cairo.h>

typedef struct _PangoLayout PangoLayout;
typedef struct _PangoContext PangoContext;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoAttribute PangoAttribute;
typedef struct _PangoAttrList PangoAttrList;

/* The head every PangoAttribute starts with (pango-attributes.h): the byte
 * range of the layout's text it applies to, set after the attribute is made. */
typedef struct {
    const void *klass;
    unsigned int start_index, end_index;
} fx_pango_attribute_head;

/* PangoRectangle, in pango units (1/1024 of a point). */
typedef struct {
    int x, y, width, height;
} fx_pango_rectangle;

enum { FX_PANGO_ALIGN_LEFT = 0, FX_PANGO_ALIGN_CENTER = 1, FX_PANGO_ALIGN_RIGHT = 2 };
enum { FX_PANGO_WRAP_WORD_CHAR = 2 };
enum { FX_PANGO_ELLIPSIZE_NONE = 0, FX_PANGO_ELLIPSIZE_START = 1, FX_PANGO_ELLIPSIZE_MIDDLE = 2, FX_PANGO_ELLIPSIZE_END = 3 };

/* The pango functions fxhost calls, under their own names. */
struct fx_pango {
    PangoLayout *(*pango_cairo_create_layout)(cairo_t *cr);
    void (*pango_cairo_show_layout)(cairo_t *cr, PangoLayout *layout);
    void (*pango_cairo_context_set_font_options)(PangoContext *context, const cairo_font_options_t *options);
    PangoContext *(*pango_layout_get_context)(PangoLayout *layout);
    void (*pango_context_set_round_glyph_positions)(PangoContext *context, int round_positions);
    void (*pango_layout_context_changed)(PangoLayout *layout);
    void (*pango_layout_set_font_description)(PangoLayout *layout, const PangoFontDescription *desc);
    void (*pango_layout_set_text)(PangoLayout *layout, const char *text, int length);
    void (*pango_layout_set_width)(PangoLayout *layout, int width);
    int (*pango_layout_get_width)(PangoLayout *layout);
    void (*pango_layout_set_wrap)(PangoLayout *layout, int wrap);
    void (*pango_layout_set_ellipsize)(PangoLayout *layout, int ellipsize);
    void (*pango_layout_set_alignment)(PangoLayout *layout, int alignment);
    void (*pango_layout_set_justify)(PangoLayout *layout, int justify);
    void (*pango_layout_get_extents)(PangoLayout *layout, fx_pango_rectangle *ink, fx_pango_rectangle *logical);
    PangoFontDescription *(*pango_font_description_new)(void);
    PangoFontDescription *(*pango_font_description_from_string)(const char *text);
    void (*pango_font_description_set_family)(PangoFontDescription *desc, const char *family);
    void (*pango_font_description_set_absolute_size)(PangoFontDescription *desc, double size);
    void (*pango_font_description_free)(PangoFontDescription *desc);
    void (*g_object_unref)(void *object);
    /* Attributes for ranges of the text (a text layer's foregroundColorRuns). */
    PangoAttrList *(*pango_attr_list_new)(void);
    void (*pango_attr_list_insert)(PangoAttrList *list, PangoAttribute *attr);
    void (*pango_attr_list_unref)(PangoAttrList *list);
    PangoAttribute *(*pango_attr_foreground_new)(unsigned short red, unsigned short green, unsigned short blue);
    PangoAttribute *(*pango_attr_foreground_alpha_new)(unsigned short alpha);
    void (*pango_layout_set_attributes)(PangoLayout *layout, PangoAttrList *attrs);
};

/* The library's name, as dlopen is given it. */
#define FX_PANGO_SONAME "libpangocairo-1.0.so.0"

/* The table, loaded on the first call (once, safe from any thread); NULL when
 * the library or one of its functions is missing: fx_pango_error says which. */
const struct fx_pango *fx_pango_load(void);
const char *fx_pango_error(void);
/* Whether a load was tried and failed (without trying one). */
int fx_pango_failed(void);

/* Starts loading the table on a thread of its own and returns at once: the first text drawn
 * then waits only for what is left of the load. For a run that knows it will draw text before
 * it draws (a text layer was made while the plugin still builds). Once per process; the
 * thread is detached. */
void fx_pango_prepare(void);
/* Whether fx_pango_prepare was called in this process. */
int fx_pango_prepared(void);

/* fontconfig's configuration, loaded as FcInit loads it (FcInitLoadConfigAndFonts: its
 * fonts.conf with everything it includes, then the fonts from their caches), but for one step:
 * FcInit also parses every file in fontconfig's template folder (conf.avail, the forty-odd
 * configurations fontconfig ships whether enabled or not) without applying them, only so that
 * fc-conflist can describe them. That parse took 40 % of FcInit's time (6.0 → 3.6 ms with
 * Debian 12's default configuration), for nothing a match uses. NULL, and FcInit left to do it
 * all, for a configuration of the user's own (FONTCONFIG_FILE, FONTCONFIG_PATH or
 * FONTCONFIG_SYSROOT set: one that fails is then read, and its errors printed, once) and where
 * fontconfig itself would do more than load: FC_DEBUG set (its tracing), a configuration that
 * does not load (its built-in fallback and warning) or one that names no cache folder (its added
 * folder and warning). The table's load makes it fontconfig's current
 * configuration (FcConfigSetCurrent) before pango first uses fontconfig. The caller owns the
 * reference (FcConfigDestroy). */
void *fx_fontconfig_configuration(void);

/* fontconfig's library's name, as dlopen is given it. */
#define FX_FONTCONFIG_SONAME "libfontconfig.so.1"

#endif
