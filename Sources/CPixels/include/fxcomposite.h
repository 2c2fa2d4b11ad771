/* SPDX-License-Identifier: MIT */
/*
 * Rows of premultiplied ARGB32 pixels composited as pixman composites them
 * (cairo's image backend), so that a renderer may do in one pass over a row
 * what cairo does in one pass over the whole target per paint, and get the
 * same bytes. With 8-bit channels, pixman multiplies as
 *   MUL(a, b) = ((t >> 8) + t) >> 8,  t = a * b + 0x80
 * (a * b / 255 rounded to nearest), and adds with saturation.
 */
#ifndef FXCOMPOSITE_H
#define FXCOMPOSITE_H

#include <stdint.h>

/*
 * OVER with a constant mask, per channel c of each of `count` pixels:
 *   s' = MUL(src.c, mask),  dst.c = s'.c + MUL(dst.c, 255 - s'.alpha)  (saturated)
 * which is pixman's in_over for an 8888 source, a solid mask and an 8888
 * destination; mask 255 is plain OVER (s' = src). cairo_paint_with_alpha(a)
 * gives pixman the mask (a * 65535 + 0.5) >> 8 as a 16-bit colour's top byte.
 */
void fx_over_row(uint32_t *dst, const uint32_t *src, int count, uint8_t mask);

/* The same with only the portable C code (for tests that compare the two). */
void fx_over_row_portable(uint32_t *dst, const uint32_t *src, int count, uint8_t mask);

#endif
