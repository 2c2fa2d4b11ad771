/* SPDX-License-Identifier: MIT */
/*
 * Pixel kernels that fxhost's encoders run on every frame. On x86_64 they use
 * SSE2 (part of the architecture, so no flags are needed); elsewhere plain C
 * that the compiler vectorises. Both give the same bytes: the `_portable`
 * entry points are the plain C, there for tests to compare the two.
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
 * in the 8-bit integer form Microsoft publishes ("Recommended 8-Bit YUV Formats
 * for Video Rendering", learn.microsoft.com):
 *   Y' = ((  66 R + 129 G +  25 B + 128) >> 8) +  16
 *   Cb = (( -38 R -  74 G + 112 B + 128) >> 8) + 128
 *   Cr = (( 112 R -  94 G -  18 B + 128) >> 8) + 128
 * within one level of the exact values.
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

/* The same, always in plain C: the reference the SIMD path must match byte for byte. */
void fx_ycbcr444_portable(const uint8_t *src, ptrdiff_t stride, int red, int blue, int width, int height,
                          uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride);
void fx_ycbcr420_portable(const uint8_t *src, ptrdiff_t stride, int red, int blue, int width, int height,
                          uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride);

/* 1 when fx_ycbcr444 and fx_ycbcr420 use SIMD (SSE2) on this build, 0 when they are the portable C. */
int fx_ycbcr_simd(void);

#endif
