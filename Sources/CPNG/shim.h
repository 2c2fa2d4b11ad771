/* SPDX-License-Identifier: MIT */
/* libpng's simplified API, for reading PNG files. */
#include <png.h>

/* PNG_FORMAT_RGBA is a macro expression Swift cannot import. */
static inline png_uint_32 fxpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
