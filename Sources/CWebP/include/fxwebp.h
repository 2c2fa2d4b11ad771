/* SPDX-License-Identifier: MIT */
/*
 * libwebp and libwebpmux, for the animated WebP writer, loaded with dlopen
 * the first time a WebP is written rather than linked: linked, they (and,
 * for GIF, libimagequant with libgomp) cost every fxhost process about
 * 0.8 ms of its start, also the many runs that write no WebP.
 *
 * The types and constants are the headers' (libwebp-dev); the functions are
 * called through `fx_webp_load()`'s table, whose fields have the headers' own
 * types. Several of the headers' functions are inline wrappers around an
 * exported, version-checked one: the table holds the exported function, and
 * the `fx_` functions below are those wrappers, calling through the table.
 */
#ifndef FX_WEBP_H
#define FX_WEBP_H

#include <webp/encode.h>
#include <webp/mux.h>

#define FX_WEBP_FUNCTION(name) __typeof__(&name) _Nonnull name

/* The libraries' names, as dlopen is given them (their SONAMEs). */
#define FX_WEBP_SONAME "libwebp.so.7"
#define FX_WEBPMUX_SONAME "libwebpmux.so.3"

/* The functions the WebP writer calls, under their exported names. */
struct fx_webp {
    /* libwebp */
    FX_WEBP_FUNCTION(WebPConfigInitInternal);
    FX_WEBP_FUNCTION(WebPValidateConfig);
    FX_WEBP_FUNCTION(WebPPictureInitInternal);
    FX_WEBP_FUNCTION(WebPPictureImportRGBA);
    FX_WEBP_FUNCTION(WebPPictureFree);
    FX_WEBP_FUNCTION(WebPFree);
    /* libwebpmux */
    FX_WEBP_FUNCTION(WebPAnimEncoderOptionsInitInternal);
    FX_WEBP_FUNCTION(WebPAnimEncoderNewInternal);
    FX_WEBP_FUNCTION(WebPAnimEncoderAdd);
    FX_WEBP_FUNCTION(WebPAnimEncoderAssemble);
    FX_WEBP_FUNCTION(WebPAnimEncoderGetError);
    FX_WEBP_FUNCTION(WebPAnimEncoderDelete);
};

/*
 * The table, loaded on the first call (once, safe from any thread); NULL when
 * a library is missing or lacks a function, with `fx_webp_error()` saying which.
 */
const struct fx_webp *_Nullable fx_webp_load(void);
const char *_Nonnull fx_webp_error(void);

/*
 * The headers' inline functions, as the headers define them (with the ABI
 * versions of the headers fxhost was built with), through the table. They
 * may be called only once `fx_webp_load()` has returned the table.
 */
int fx_webp_config_init(WebPConfig *_Nonnull config);
int fx_webp_picture_init(WebPPicture *_Nonnull picture);
int fx_webp_anim_encoder_options_init(WebPAnimEncoderOptions *_Nonnull options);
WebPAnimEncoder *_Nullable fx_webp_anim_encoder_new(int width, int height, const WebPAnimEncoderOptions *_Nonnull options);
void fx_webp_data_clear(WebPData *_Nonnull data);

#endif
