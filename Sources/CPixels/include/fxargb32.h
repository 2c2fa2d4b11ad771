/* SPDX-License-Identifier: MIT */
/*
 * Premultiplied RGBA (an image's bytes, red first) into cairo's ARGB32: each
 * pixel one native-endian 32-bit word, alpha in the top byte, then red, green,
 * blue (cairo's cairo_format_t documentation), so BGRA in memory on a
 * little-endian machine.
 */
#ifndef FXARGB32_H
#define FXARGB32_H

#include <stddef.h>
#include <stdint.h>

/*
 * `height` rows of `width` RGBA pixels, packed (`width` × 4 bytes a row), to
 * rows `stride` bytes apart at `dst` (a cairo image surface's data).
 */
void fx_rgba_to_argb32(const uint8_t *rgba, int width, int height, uint8_t *dst, ptrdiff_t stride);

#endif
