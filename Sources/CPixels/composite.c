/* SPDX-License-Identifier: MIT */
#include "fxcomposite.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline uint32_t mul_un8(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 0x80;
    return ((t >> 8) + t) >> 8;
}

static inline uint32_t over_pixel(uint32_t d, uint32_t s, uint32_t mask) {
    if (mask != 255) {
        s = mul_un8(s >> 24, mask) << 24 | mul_un8(s >> 16 & 0xff, mask) << 16 |
            mul_un8(s >> 8 & 0xff, mask) << 8 | mul_un8(s & 0xff, mask);
    }
    uint32_t inverse = 255 - (s >> 24), out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t c = (s >> shift & 0xff) + mul_un8(d >> shift & 0xff, inverse);
        out |= (c > 255 ? 255 : c) << shift;
    }
    return out;
}

void fx_over_row_portable(uint32_t *dst, const uint32_t *src, int count, uint8_t mask) {
    for (int i = 0; i < count; i++) {
        uint32_t s = src[i];
        /* A clear source leaves the pixel, an opaque one unmasked replaces it: both as the formula gives. */
        if (s == 0) continue;
        dst[i] = (mask == 255 && s >> 24 == 255) ? s : over_pixel(dst[i], s, mask);
    }
}

#if defined(__SSE2__)
/* MUL in eight 16-bit lanes: (t * 0x101) >> 16 equals ((t >> 8) + t) >> 8 for t < 2^16. */
static inline __m128i mul_lanes(__m128i a, __m128i b) {
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(a, b), _mm_set1_epi16(0x80));
    return _mm_mulhi_epu16(t, _mm_set1_epi16(0x0101));
}

/* Each pixel's alpha (lane 3 of each four) copied to its four lanes. */
static inline __m128i alpha_lanes(__m128i p) {
    return _mm_shufflehi_epi16(_mm_shufflelo_epi16(p, _MM_SHUFFLE(3, 3, 3, 3)), _MM_SHUFFLE(3, 3, 3, 3));
}

/* Two pixels, spread to 16-bit lanes. */
static inline __m128i over_lanes(__m128i d, __m128i s) {
    return mul_lanes(d, _mm_sub_epi16(_mm_set1_epi16(255), alpha_lanes(s)));
}

/* Four pixels OVER through a mask in general: s' = MUL(s, m), d = s' + MUL(d, 255 - s'.alpha) saturated. */
static inline __m128i over_masked(__m128i s, __m128i d, __m128i m) {
    const __m128i zero = _mm_setzero_si128();
    __m128i slo = mul_lanes(_mm_unpacklo_epi8(s, zero), m), shi = mul_lanes(_mm_unpackhi_epi8(s, zero), m);
    __m128i dlo = over_lanes(_mm_unpacklo_epi8(d, zero), slo), dhi = over_lanes(_mm_unpackhi_epi8(d, zero), shi);
    return _mm_adds_epu8(_mm_packus_epi16(slo, shi), _mm_packus_epi16(dlo, dhi));
}

/* Four pixels plain OVER: d = s + MUL(d, 255 - s.alpha) saturated. */
static inline __m128i over_plain(__m128i s, __m128i d) {
    const __m128i zero = _mm_setzero_si128();
    __m128i slo = _mm_unpacklo_epi8(s, zero), shi = _mm_unpackhi_epi8(s, zero);
    __m128i dlo = over_lanes(_mm_unpacklo_epi8(d, zero), slo), dhi = over_lanes(_mm_unpackhi_epi8(d, zero), shi);
    return _mm_adds_epu8(s, _mm_packus_epi16(dlo, dhi));
}

static inline int all_opaque(__m128i s) {
    const __m128i opaque = _mm_set1_epi32((int)0xff000000u);
    return _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s, opaque), opaque)) == 0xffff;
}

static inline int all_clear(__m128i s) {
    return _mm_movemask_epi8(_mm_cmpeq_epi32(s, _mm_setzero_si128())) == 0xffff;
}

void fx_over_row(uint32_t *dst, const uint32_t *src, int count, uint8_t mask) {
    const __m128i zero = _mm_setzero_si128(), m = _mm_set1_epi16(mask), rest = _mm_set1_epi16((short)(255 - mask));
    int i = 0;
    if (mask == 255) {
        for (; i + 4 <= count; i += 4) {
            __m128i s = _mm_loadu_si128((const __m128i *)(src + i));
            if (all_opaque(s)) {
                _mm_storeu_si128((__m128i *)(dst + i), s);
            } else if (!all_clear(s)) {
                __m128i d = _mm_loadu_si128((const __m128i *)(dst + i));
                _mm_storeu_si128((__m128i *)(dst + i), over_plain(s, d));
            }
        }
    } else {
        for (; i + 4 <= count; i += 4) {
            __m128i s = _mm_loadu_si128((const __m128i *)(src + i));
            __m128i d = _mm_loadu_si128((const __m128i *)(dst + i));
            if (all_opaque(s)) {
                /* Opaque pixels: s'.alpha = MUL(255, mask) = mask, so 255 - s'.alpha is 255 - mask, and
                 * MUL(s, mask) + MUL(d, 255 - mask) cannot exceed 255. */
                __m128i lo = _mm_add_epi16(mul_lanes(_mm_unpacklo_epi8(s, zero), m), mul_lanes(_mm_unpacklo_epi8(d, zero), rest));
                __m128i hi = _mm_add_epi16(mul_lanes(_mm_unpackhi_epi8(s, zero), m), mul_lanes(_mm_unpackhi_epi8(d, zero), rest));
                _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi16(lo, hi));
            } else if (!all_clear(s)) {
                _mm_storeu_si128((__m128i *)(dst + i), over_masked(s, d, m));
            }
        }
    }
    fx_over_row_portable(dst + i, src + i, count - i, mask);
}
#else
void fx_over_row(uint32_t *dst, const uint32_t *src, int count, uint8_t mask) {
    fx_over_row_portable(dst, src, count, mask);
}
#endif
