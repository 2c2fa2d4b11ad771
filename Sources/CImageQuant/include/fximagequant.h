/* SPDX-License-Identifier: MIT */
/*
 * libimagequant (pngquant's library), for the GIF writer's palettes, loaded
 * with dlopen when a GIF output is made rather than linked: linked, it (with
 * libgomp, which it needs) and libwebp cost every fxhost process about 0.8 ms
 * of its start, also the many runs that write no GIF.
 *
 * The types and constants are the header's (libimagequant-dev); the functions
 * are called through `fx_liq_load()`'s table, whose fields have the header's
 * own types.
 */
#ifndef FX_IMAGEQUANT_H
#define FX_IMAGEQUANT_H

#include <libimagequant.h>

#define FX_LIQ_FUNCTION(name) __typeof__(&name) _Nonnull name

/* The library's name, as dlopen is given it (its SONAME). */
#define FX_LIQ_SONAME "libimagequant.so.0"

/* The functions the GIF writer calls. */
struct fx_liq {
    FX_LIQ_FUNCTION(liq_attr_create);
    FX_LIQ_FUNCTION(liq_attr_destroy);
    FX_LIQ_FUNCTION(liq_set_speed);
    FX_LIQ_FUNCTION(liq_image_create_rgba);
    FX_LIQ_FUNCTION(liq_image_destroy);
    FX_LIQ_FUNCTION(liq_image_quantize);
    FX_LIQ_FUNCTION(liq_result_destroy);
    FX_LIQ_FUNCTION(liq_set_dithering_level);
    FX_LIQ_FUNCTION(liq_write_remapped_image);
    FX_LIQ_FUNCTION(liq_get_palette);
};

/*
 * The table, loaded on the first call (once, safe from any thread); NULL when
 * the library is missing or lacks a function, with `fx_liq_error()` saying which.
 */
const struct fx_liq *_Nullable fx_liq_load(void);
const char *_Nonnull fx_liq_error(void);

#endif
