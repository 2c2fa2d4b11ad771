#include "fxpixels.h"

/*
 * BT.601's matrix with 8-bit coefficients, in the integer form Microsoft's
 * "Converting RGB888 to YUV 4:4:4" gives (learn.microsoft.com, "Recommended
 * 8-Bit YUV Formats for Video Rendering"):
 *   Y' = ((  66 R + 129 G +  25 B + 128) >> 8) +  16
 *   Cb = (( -38 R -  74 G + 112 B + 128) >> 8) + 128
 *   Cr = (( 112 R -  94 G -  18 B + 128) >> 8) + 128
 * within one level of the exact matrix. With the offsets folded in, every sum
 * lies in 0..65535, so it is computed modulo 2^16: the compiler then works on
 * eight or sixteen pixels at once in 16-bit lanes.
 */
#define LUMA(r, g, b) ((uint8_t)((uint16_t)(66 * (r) + 129 * (g) + 25 * (b) + 128 + (16 << 8)) >> 8))
#define BLUE(r, g, b) ((uint8_t)((uint16_t)(112 * (b) - 38 * (r) - 74 * (g) + 128 + (128 << 8)) >> 8))
#define RED(r, g, b) ((uint8_t)((uint16_t)(112 * (r) - 94 * (g) - 18 * (b) + 128 + (128 << 8)) >> 8))

static void row444(const uint8_t *restrict p, int red, int blue, int width,
                   uint8_t *restrict yo, uint8_t *restrict bo, uint8_t *restrict ro) {
    for (int x = 0; x < width; x++) {
        uint16_t r = p[4 * x + red], g = p[4 * x + 1], b = p[4 * x + blue];
        yo[x] = LUMA(r, g, b);
        bo[x] = BLUE(r, g, b);
        ro[x] = RED(r, g, b);
    }
}

void fx_ycbcr444(const uint8_t *src, ptrdiff_t stride, int red, int blue, int width, int height,
                 uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride) {
    for (int row = 0; row < height; row++) {
        const uint8_t *p = src + row * stride;
        /* Constant offsets let the loads be shuffled in vectors: one copy of the loop per byte order. */
        if (red == 2) row444(p, 2, 0, width, y + row * y_stride, cb + row * cb_stride, cr + row * cr_stride);
        else row444(p, 0, 2, width, y + row * y_stride, cb + row * cb_stride, cr + row * cr_stride);
    }
    (void)blue;
}

static void row420(const uint8_t *restrict p, const uint8_t *restrict q, int red, int blue, int width,
                   uint8_t *restrict y0, uint8_t *restrict y1, uint8_t *restrict bo, uint8_t *restrict ro) {
    for (int x = 0; x < width; x++) {
        uint16_t r0 = p[4 * x + red], g0 = p[4 * x + 1], b0 = p[4 * x + blue];
        uint16_t r1 = q[4 * x + red], g1 = q[4 * x + 1], b1 = q[4 * x + blue];
        y0[x] = LUMA(r0, g0, b0);
        y1[x] = LUMA(r1, g1, b1);
    }
    for (int x = 0; x < width / 2; x++) {
        uint16_t r = (uint16_t)(p[8 * x + red] + p[8 * x + 4 + red] + q[8 * x + red] + q[8 * x + 4 + red] + 2) >> 2;
        uint16_t g = (uint16_t)(p[8 * x + 1] + p[8 * x + 5] + q[8 * x + 1] + q[8 * x + 5] + 2) >> 2;
        uint16_t b = (uint16_t)(p[8 * x + blue] + p[8 * x + 4 + blue] + q[8 * x + blue] + q[8 * x + 4 + blue] + 2) >> 2;
        bo[x] = BLUE(r, g, b);
        ro[x] = RED(r, g, b);
    }
}

void fx_ycbcr420(const uint8_t *src, ptrdiff_t stride, int red, int blue, int width, int height,
                 uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride) {
    for (int row = 0; row + 1 < height; row += 2) {
        const uint8_t *p = src + row * stride, *q = p + stride;
        uint8_t *y0 = y + row * y_stride, *y1 = y0 + y_stride;
        uint8_t *bo = cb + (row / 2) * cb_stride, *ro = cr + (row / 2) * cr_stride;
        if (red == 2) row420(p, q, 2, 0, width, y0, y1, bo, ro);
        else row420(p, q, 0, 2, width, y0, y1, bo, ro);
    }
    (void)blue;
}
