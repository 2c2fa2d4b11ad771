/* SPDX-License-Identifier: MIT */
/*
 * Straight alpha to premultiplied, for FXPNG's decoder (the rows it unfilters
 * itself, fx_png_unfilter, and the images libpng decodes): on x86_64 in SSE2,
 * elsewhere plain C; both give the same bytes.
 */
#ifndef FXPREMULTIPLY_H
#define FXPREMULTIPLY_H

#include <stddef.h>
#include <stdint.h>

/*
 * `count` RGBA pixels (four bytes each, alpha last) in place: each colour
 * c' = (c × a + 127) / 255, rounded to nearest, as cairo's image_create_rgba
 * does; alpha unchanged (and so is every pixel with alpha 255).
 */
void fx_premultiply_rgba(uint8_t *pixels, size_t count);

/* The same, always in plain C: the reference the SIMD path must match byte for byte. */
void fx_premultiply_rgba_portable(uint8_t *pixels, size_t count);

#endif
