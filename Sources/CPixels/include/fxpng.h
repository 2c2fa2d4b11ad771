/* SPDX-License-Identifier: MIT */
/*
 * PNG's row filters reversed, for FXPNG's decoder of plain 8-bit RGB and RGBA
 * files (libpng decodes every other kind).
 */
#ifndef FXPNG_ROWS_H
#define FXPNG_ROWS_H

#include <stddef.h>
#include <stdint.h>

/*
 * `rows` holds `height` rows as PNG's zlib stream gives them (PNG, 3rd edition,
 * section 7.3): a filter-type byte, then `width` pixels of `channels` (3: RGB,
 * 4: RGBA) 8-bit samples. The filters (section 9: None, Sub, Up, Average,
 * Paeth) are undone in place, and each row written to `out` as `width` RGBA
 * pixels, `width` × 4 bytes apart, with colour premultiplied by alpha
 * (fx_premultiply_rgba; RGB gets alpha 255).
 * Returns 0, or -1 at a filter type other than 0 to 4 (`out` is then partial).
 */
int fx_png_unfilter(uint8_t *rows, int width, int height, int channels, uint8_t *out);

#endif
