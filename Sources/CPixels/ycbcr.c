/* SPDX-License-Identifier: MIT */
#include "fxpixels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* Pixels `from` ..< `width` of a row, one at a time: the portable path, and the SIMD path's tail. */
static void row444(const uint8_t *restrict p, int red, int blue, int from, int width,
                   uint8_t *restrict yo, uint8_t *restrict bo, uint8_t *restrict ro) {
    for (int x = from; x < width; x++) {
        uint16_t r = p[4 * x + red], g = p[4 * x + 1], b = p[4 * x + blue];
        yo[x] = LUMA(r, g, b);
        bo[x] = BLUE(r, g, b);
        ro[x] = RED(r, g, b);
    }
}

/* Luma of both rows' pixels `from` ..< `width`, chroma of blocks `from / 2` ..< `width / 2`. */
static void row420(const uint8_t *restrict p, const uint8_t *restrict q, int red, int blue, int from, int width,
                   uint8_t *restrict y0, uint8_t *restrict y1, uint8_t *restrict bo, uint8_t *restrict ro) {
    for (int x = from; x < width; x++) {
        uint16_t r0 = p[4 * x + red], g0 = p[4 * x + 1], b0 = p[4 * x + blue];
        uint16_t r1 = q[4 * x + red], g1 = q[4 * x + 1], b1 = q[4 * x + blue];
        y0[x] = LUMA(r0, g0, b0);
        y1[x] = LUMA(r1, g1, b1);
    }
    for (int x = from / 2; x < width / 2; x++) {
        uint16_t r = (uint16_t)(p[8 * x + red] + p[8 * x + 4 + red] + q[8 * x + red] + q[8 * x + 4 + red] + 2) >> 2;
        uint16_t g = (uint16_t)(p[8 * x + 1] + p[8 * x + 5] + q[8 * x + 1] + q[8 * x + 5] + 2) >> 2;
        uint16_t b = (uint16_t)(p[8 * x + blue] + p[8 * x + 4 + blue] + q[8 * x + blue] + q[8 * x + 4 + blue] + 2) >> 2;
        bo[x] = BLUE(r, g, b);
        ro[x] = RED(r, g, b);
    }
}

/* Constant offsets let the loads be shuffled in vectors: one copy of each loop per byte order. */
static void rows444_portable(const uint8_t *src, ptrdiff_t stride, int red, int width, int height,
                             uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride) {
    for (int row = 0; row < height; row++) {
        const uint8_t *p = src + row * stride;
        if (red == 2) row444(p, 2, 0, 0, width, y + row * y_stride, cb + row * cb_stride, cr + row * cr_stride);
        else row444(p, 0, 2, 0, width, y + row * y_stride, cb + row * cb_stride, cr + row * cr_stride);
    }
}

static void rows420_portable(const uint8_t *src, ptrdiff_t stride, int red, int width, int height,
                             uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride) {
    for (int row = 0; row + 1 < height; row += 2) {
        const uint8_t *p = src + row * stride, *q = p + stride;
        uint8_t *y0 = y + row * y_stride, *y1 = y0 + y_stride;
        uint8_t *bo = cb + (row / 2) * cb_stride, *ro = cr + (row / 2) * cr_stride;
        if (red == 2) row420(p, q, 2, 0, 0, width, y0, y1, bo, ro);
        else row420(p, q, 0, 2, 0, width, y0, y1, bo, ro);
    }
}

void fx_ycbcr444_portable(const uint8_t *src, ptrdiff_t stride, int red, int blue, int width, int height,
                          uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride) {
    rows444_portable(src, stride, red, width, height, y, y_stride, cb, cb_stride, cr, cr_stride);
    (void)blue;
}

void fx_ycbcr420_portable(const uint8_t *src, ptrdiff_t stride, int red, int blue, int width, int height,
                          uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride) {
    rows420_portable(src, stride, red, width, height, y, y_stride, cb, cb_stride, cr, cr_stride);
    (void)blue;
}

#if defined(__SSE2__)
/*
 * The same sums in SSE2, four pixels to a register. A pixel's 32-bit lane is
 * split into two pairs of 16-bit values: the bytes at offsets 0 and 2 (B and R,
 * or R and B), and G beside a constant 2; one pmaddwd of each pair with a pair of
 * coefficients, added, is the whole dot product with its offset (the offsets are
 * 2 × 2112 = 128 + 16·256 and 2 × 16448 = 128 + 128·256, since a coefficient must
 * fit in 16 signed bits). The sums are exact in 32 bits and lie in 0..65535, so
 * `>> 8` gives the same byte as the portable code's 16-bit arithmetic.
 */
typedef struct {
    __m128i y02, yg, b02, bg, r02, rg;
} coefficients;

static coefficients coefficients_for(int red) {
    coefficients k;
    /* _mm_set_epi16 lists lanes from the highest: a pair (lane 2i, lane 2i + 1) is written "hi, lo". */
#define PAIR(lo, hi) _mm_set_epi16(hi, lo, hi, lo, hi, lo, hi, lo)
    if (red == 2) {
        k.y02 = PAIR(25, 66); k.b02 = PAIR(112, -38); k.r02 = PAIR(-18, 112);
    } else {
        k.y02 = PAIR(66, 25); k.b02 = PAIR(-38, 112); k.r02 = PAIR(112, -18);
    }
    k.yg = PAIR(129, 2112); k.bg = PAIR(-74, 16448); k.rg = PAIR(-94, 16448);
#undef PAIR
    return k;
}

/* (c0, c2) and (g, 2) of four pixels, in 16-bit pairs. */
static inline void split(__m128i px, __m128i *c02, __m128i *gk) {
    const __m128i low = _mm_set1_epi32(0x00FF00FF), two = _mm_set1_epi32(0x00020000);
    *c02 = _mm_and_si128(px, low);
    *gk = _mm_or_si128(_mm_srli_epi32(_mm_slli_epi32(px, 16), 24), two);
}

static inline __m128i dot(__m128i c02, __m128i gk, __m128i k02, __m128i kg) {
    return _mm_srli_epi32(_mm_add_epi32(_mm_madd_epi16(c02, k02), _mm_madd_epi16(gk, kg)), 8);
}

/* Sixteen 32-bit values, each 0..255, as sixteen bytes. */
static inline __m128i narrow(__m128i a, __m128i b, __m128i c, __m128i d) {
    return _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d));
}

static void rows444_sse2(const uint8_t *src, ptrdiff_t stride, int red, int width, int height,
                         uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride) {
    const coefficients k = coefficients_for(red);
    const int whole = width & ~15;
    for (int row = 0; row < height; row++) {
        const uint8_t *p = src + row * stride;
        uint8_t *yo = y + row * y_stride, *bo = cb + row * cb_stride, *ro = cr + row * cr_stride;
        for (int x = 0; x < whole; x += 16) {
            __m128i vy[4], vb[4], vr[4];
            for (int i = 0; i < 4; i++) {
                __m128i c02, gk;
                split(_mm_loadu_si128((const __m128i *)(p + 4 * x + 16 * i)), &c02, &gk);
                vy[i] = dot(c02, gk, k.y02, k.yg);
                vb[i] = dot(c02, gk, k.b02, k.bg);
                vr[i] = dot(c02, gk, k.r02, k.rg);
            }
            _mm_storeu_si128((__m128i *)(yo + x), narrow(vy[0], vy[1], vy[2], vy[3]));
            _mm_storeu_si128((__m128i *)(bo + x), narrow(vb[0], vb[1], vb[2], vb[3]));
            _mm_storeu_si128((__m128i *)(ro + x), narrow(vr[0], vr[1], vr[2], vr[3]));
        }
        if (red == 2) row444(p, 2, 0, whole, width, yo, bo, ro);
        else row444(p, 0, 2, whole, width, yo, bo, ro);
    }
}

/*
 * Sums over 2×2 blocks of the 16-bit pairs of eight pixels (two registers) of
 * two rows: lanes 2i and 2i + 1 of a register hold pixels 2i and 2i + 1, so the
 * even lanes of both registers, added to the odd lanes, are the four blocks.
 * Then the rounded mean, (sum + 2) >> 2, of each 16-bit value: the (g, 2) pairs
 * sum to (4 g, 8) and give (mean g, 2) again.
 */
static inline __m128i block_means(__m128i p0, __m128i p1, __m128i q0, __m128i q1) {
    __m128 a = _mm_castsi128_ps(_mm_add_epi16(p0, q0)), b = _mm_castsi128_ps(_mm_add_epi16(p1, q1));
    __m128i even = _mm_castps_si128(_mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)));
    __m128i odd = _mm_castps_si128(_mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)));
    return _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(even, odd), _mm_set1_epi16(2)), 2);
}

static void rows420_sse2(const uint8_t *src, ptrdiff_t stride, int red, int width, int height,
                         uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride) {
    const coefficients k = coefficients_for(red);
    const int whole = width & ~15;
    for (int row = 0; row + 1 < height; row += 2) {
        const uint8_t *p = src + row * stride, *q = p + stride;
        uint8_t *y0 = y + row * y_stride, *y1 = y0 + y_stride;
        uint8_t *bo = cb + (row / 2) * cb_stride, *ro = cr + (row / 2) * cr_stride;
        for (int x = 0; x < whole; x += 16) {
            /* Sixteen pixels of each row, split once for luma and chroma alike. */
            __m128i pc[4], pg[4], qc[4], qg[4], vp[4], vq[4], vb[2], vr[2];
            for (int i = 0; i < 4; i++) {
                split(_mm_loadu_si128((const __m128i *)(p + 4 * x + 16 * i)), &pc[i], &pg[i]);
                split(_mm_loadu_si128((const __m128i *)(q + 4 * x + 16 * i)), &qc[i], &qg[i]);
                vp[i] = dot(pc[i], pg[i], k.y02, k.yg);
                vq[i] = dot(qc[i], qg[i], k.y02, k.yg);
            }
            _mm_storeu_si128((__m128i *)(y0 + x), narrow(vp[0], vp[1], vp[2], vp[3]));
            _mm_storeu_si128((__m128i *)(y1 + x), narrow(vq[0], vq[1], vq[2], vq[3]));
            for (int i = 0; i < 2; i++) {
                __m128i c02 = block_means(pc[2 * i], pc[2 * i + 1], qc[2 * i], qc[2 * i + 1]);
                __m128i gk = block_means(pg[2 * i], pg[2 * i + 1], qg[2 * i], qg[2 * i + 1]);
                vb[i] = dot(c02, gk, k.b02, k.bg);
                vr[i] = dot(c02, gk, k.r02, k.rg);
            }
            __m128i b = _mm_packs_epi32(vb[0], vb[1]), r = _mm_packs_epi32(vr[0], vr[1]);
            _mm_storel_epi64((__m128i *)(bo + x / 2), _mm_packus_epi16(b, b));
            _mm_storel_epi64((__m128i *)(ro + x / 2), _mm_packus_epi16(r, r));
        }
        if (red == 2) row420(p, q, 2, 0, whole, width, y0, y1, bo, ro);
        else row420(p, q, 0, 2, whole, width, y0, y1, bo, ro);
    }
}
#endif

int fx_ycbcr_simd(void) {
#if defined(__SSE2__)
    return 1;
#else
    return 0;
#endif
}

void fx_ycbcr444(const uint8_t *src, ptrdiff_t stride, int red, int blue, int width, int height,
                 uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride) {
#if defined(__SSE2__)
    rows444_sse2(src, stride, red, width, height, y, y_stride, cb, cb_stride, cr, cr_stride);
#else
    rows444_portable(src, stride, red, width, height, y, y_stride, cb, cb_stride, cr, cr_stride);
#endif
    (void)blue;
}

void fx_ycbcr420(const uint8_t *src, ptrdiff_t stride, int red, int blue, int width, int height,
                 uint8_t *y, ptrdiff_t y_stride, uint8_t *cb, ptrdiff_t cb_stride, uint8_t *cr, ptrdiff_t cr_stride) {
#if defined(__SSE2__)
    rows420_sse2(src, stride, red, width, height, y, y_stride, cb, cb_stride, cr, cr_stride);
#else
    rows420_portable(src, stride, red, width, height, y, y_stride, cb, cb_stride, cr, cr_stride);
#endif
    (void)blue;
}
