/* SPDX-License-Identifier: MIT */
#include "fxpremultiply.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * x / 255 for x = c × a + 127 is (x + 1 + (x >> 8)) >> 8 for every x in
 * 0 ... 65152 (255 × 255 + 127): the division without a divide, exact there
 * (the tests check every (c, a)), and every intermediate below 65536, so two
 * colours sit in the 16-bit lanes of one 32-bit word, or eight samples in an SSE2
 * register, without carrying into one another.
 */

void fx_premultiply_rgba_portable(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + 4 * i;
        uint32_t a = p[3];
        /* Red and blue in the lanes at bits 0 and 16, green alone. */
        uint32_t rb = ((uint32_t)p[0] | (uint32_t)p[2] << 16) * a + 0x007F007F, g = p[1] * a + 0x7F;
        rb = (rb + 0x00010001 + (rb >> 8 & 0x00FF00FF)) >> 8;
        g = (g + 1 + (g >> 8)) >> 8;
        p[0] = (uint8_t)rb;
        p[1] = (uint8_t)g;
        p[2] = (uint8_t)(rb >> 16);
    }
}

#if defined(__SSE2__)
/*
 * Four pixels a register, widened to 16-bit lanes and multiplied by (a, a, a,
 * 255): alpha's lane gives (a × 255 + 127) / 255 = a back. A run of four
 * opaque pixels is left as it is (their product is themselves).
 */
static void premultiply_sse2(uint8_t *pixels, size_t count) {
    const __m128i zero = _mm_setzero_si128(), bias = _mm_set1_epi16(127), one = _mm_set1_epi16(1);
    const __m128i colours = _mm_set_epi16(0, -1, -1, -1, 0, -1, -1, -1), alpha = _mm_set_epi16(255, 0, 0, 0, 255, 0, 0, 0);
    const __m128i opaque = _mm_set1_epi32((int)0xFF000000);
    const size_t whole = count & ~(size_t)3;
    for (size_t i = 0; i < whole; i += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(pixels + 4 * i));
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(v, opaque), opaque)) == 0xFFFF) continue;
        __m128i lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero);
        /* Each pixel's alpha in its four lanes, then 255 in the alpha lane. */
        __m128i alo = _mm_shufflehi_epi16(_mm_shufflelo_epi16(lo, 0xFF), 0xFF);
        __m128i ahi = _mm_shufflehi_epi16(_mm_shufflelo_epi16(hi, 0xFF), 0xFF);
        alo = _mm_or_si128(_mm_and_si128(alo, colours), alpha);
        ahi = _mm_or_si128(_mm_and_si128(ahi, colours), alpha);
        __m128i xl = _mm_add_epi16(_mm_mullo_epi16(lo, alo), bias), xh = _mm_add_epi16(_mm_mullo_epi16(hi, ahi), bias);
        xl = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(xl, one), _mm_srli_epi16(xl, 8)), 8);
        xh = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(xh, one), _mm_srli_epi16(xh, 8)), 8);
        _mm_storeu_si128((__m128i *)(pixels + 4 * i), _mm_packus_epi16(xl, xh));
    }
    fx_premultiply_rgba_portable(pixels + 4 * whole, count - whole);
}
#endif

void fx_premultiply_rgba(uint8_t *pixels, size_t count) {
#if defined(__SSE2__)
    premultiply_sse2(pixels, count);
#else
    fx_premultiply_rgba_portable(pixels, count);
#endif
}
