/*
 * Pixel kernels that fxhost's encoders run on every frame, in plain C so that
 * the compiler vectorises them (clang does at the optimisation level of a
 * release build; nothing here needs flags or intrinsics).
 */
#ifndef FXPIXELS_H
#define FXPIXELS_H

#include <stddef.h>
#include <stdint.h>

/*
 * R'G'B' (full range, 8 bits) to Y'CbCr with BT.601's matrix in limited range
 * (Y' 16-235, Cb and Cr 16-240), as Rec. ITU-R BT.601-7 gives it:
 *   Y' = 16  + ( 65.481 R + 128.553 G +  24.966 B) / 255
 *   Cb = 128 + (-37.797 R -  74.203 G + 112.000 B) / 255
 *   Cr = 128 + (112.000 R -  93.786 G -  18.214 B) / 255
 * in fixed point with 15 fraction bits, rounded to nearest.
 *
 * `src` holds `height` rows of `width` four-byte pixels, `stride` bytes apart;
 * `red` and `blue` are the byte offsets of R and B within a pixel (0 and 2 for
 * RGBX, 2 and 0 for BGRX, cairo's ARGB32 in memory); G is at 1, the fourth byte
 * is ignored.
 */
void fx_ycbcr444(const uint8_t *src, ptrdiff_t stride, int red, int blue, int width, int height,
                 uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride);

/*
 * The same with 4:2:0 chroma: Y' for every pixel; Cb and Cr for each 2x2 block
 * from the block's mean R, G and B (rounded), so chroma sits at the block's
 * centre. `width` and `height` must be even.
 */
void fx_ycbcr420(const uint8_t *src, ptrdiff_t stride, int red, int blue, int width, int height,
                 uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride);

#endif
