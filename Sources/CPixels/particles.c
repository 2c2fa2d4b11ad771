/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* sincos */
#include "fxparticles.h"

#include <math.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>
#define FX_PARTICLE_HAS_AVX2_LOOP 1
#endif

/* The row spans are computed in doubles exactly as written, on every CPU: a fused
 * multiply-add would round differently from the Swift code that places particles. */
#pragma STDC FP_CONTRACT OFF

/*
 * The portable loop holds a pixel's four channels in the low bytes of four 16-bit
 * lanes of a 64-bit word (B, R, G, A from the bottom), so that one multiply
 * works all four without carries between them.
 */
#define LANES 0x00FF00FF00FF00FFull

static inline uint64_t spread(uint32_t p) {
    uint64_t x = p;
    return (x & 0x00FF00FFu) | (x & 0xFF00FF00u) << 24;
}

static inline uint32_t pack(uint64_t x) { return (uint32_t)((x & 0x00FF00FFu) | (x >> 24 & 0xFF00FF00u)); }

static inline uint64_t lerp(uint64_t a, uint64_t b, uint64_t w) { return (a * (256 - w) + b * w) >> 8 & LANES; }

/* x * a / 255 per lane, rounded as pixman rounds, a in 0..255. */
static inline uint64_t mul255(uint64_t x, uint64_t a) {
    uint64_t t = x * a + 0x0080008000800080ull;
    return (t + (t >> 8 & LANES)) >> 8 & LANES;
}

/* a + b per lane, saturating at 255. */
static inline uint64_t add_sat(uint64_t a, uint64_t b) {
    uint64_t s = a + b, over = s & 0x0100010001000100ull;
    return (s | (over - (over >> 8))) & LANES;
}

/* ceil(x) for |x| < 2e9, as the Swift placement computes it. */
static inline int64_t ceiling(double x) {
    int64_t i = (int64_t)x;
    return (double)i < x ? i + 1 : i;
}

/* The columns of row y the loop visits; false when none. */
static inline int row_span(const fx_particle *p, int64_t y, int64_t x0, int64_t x1, int64_t *xs, int64_t *xe) {
    double fy = (double)y;
    double lu = p->left_u + p->slope_u * fy, lv = p->left_v + p->slope_v * fy;
    double ru = p->right_u + p->slope_u * fy, rv = p->right_v + p->slope_v * fy;
    double lo = (lu > lv ? lu : lv) - 1.0 / 1048576, hi = (ru < rv ? ru : rv) + 1.0 / 1048576;
    if (!(hi > lo && lo < 1e9 && hi > -1e9)) return 0;
    int64_t a = ceiling(lo > -1e9 ? lo : -1e9), b = ceiling(hi < 1e9 ? hi : 1e9);
    *xs = a > x0 ? a : x0;
    *xe = b < x1 ? b : x1;
    return *xs < *xe;
}

/* The texel index of sample (uf, vf), clamped into the border when asked. */
static inline int64_t texel_at(const fx_particle *p, int clamp, int64_t uf, int64_t vf) {
    int64_t iu = uf >> 32, iv = vf >> 32;
    if (clamp) {
        iu = iu < -2 ? -2 : iu > p->width ? p->width : iu;
        iv = iv < -2 ? -2 : iv > p->height ? p->height : iv;
    }
    return iv * p->row_length + iu;
}

/* The bilinear alpha of a quad (bytes: top left, top right, bottom left, bottom right). */
static inline uint32_t quad_alpha(uint32_t q, uint32_t fu, uint32_t fv) {
    uint32_t top = ((q & 0xFF) * (256 - fu) + (q >> 8 & 0xFF) * fu) >> 8;
    uint32_t bottom = ((q >> 16 & 0xFF) * (256 - fu) + (q >> 24) * fu) >> 8;
    return (top * (256 - fv) + bottom * fv) >> 8;
}

/* One pixel of the portable loop: src in lanes, blended onto *d. */
static inline void blend_one(uint32_t *d, uint64_t src, int kind, int add) {
    uint64_t dst = spread(*d), out;
    if (add) out = add_sat(src, dst);
    else if (kind == FX_PARTICLE_GREY) out = src + mul255(dst, 255 - (src >> 48));  /* stays within 255 */
    else out = add_sat(src, mul255(dst, 255 - (src >> 48)));
    *d = pack(out);
}

static void row_portable(const fx_particle *p, int kind, int add, int clamp, uint32_t *row, int64_t xs, int64_t xe,
                         int64_t uf, int64_t vf) {
    uint64_t tint = spread(p->tint), alpha256 = p->alpha256;
    for (int64_t x = xs; x < xe; x++) {
        int64_t at = texel_at(p, clamp, uf, vf);
        uint32_t fu = (uint32_t)(uf >> 24) & 0xFF, fv = (uint32_t)(vf >> 24) & 0xFF;
        uf = (int64_t)((uint64_t)uf + (uint64_t)p->dux);
        vf = (int64_t)((uint64_t)vf + (uint64_t)p->dvx);
        uint64_t src;
        if (kind == FX_PARTICLE_COLOUR) {
            const uint64_t *t = p->texels + at;
            uint64_t t00 = t[0], t10 = t[1], t01 = t[p->row_length], t11 = t[p->row_length + 1];
            if ((t00 | t10 | t01 | t11) == 0) continue;
            uint64_t texel = lerp(lerp(t00, t10, fu), lerp(t01, t11, fu), fv);
            src = (texel * alpha256) >> 8 & LANES;
        } else {
            uint32_t q = p->quads[at];
            if (q == 0) continue;
            uint64_t a = quad_alpha(q, fu, fv);
            src = kind == FX_PARTICLE_GREY ? ((a * alpha256) >> 8) * 0x0001000100010001ull : mul255(tint, a);
        }
        if (src == 0) continue;
        blend_one(row + x, src, kind, add);
    }
}

#if defined(__SSE2__)

/* x * a / 255 per 16-bit lane, rounded as pixman rounds (x, a <= 255). */
static inline __m128i mul255_16(__m128i x, __m128i a) {
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(x, a), _mm_set1_epi16(0x80));
    return _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
}

/* What a group of four pixels needs of its particle, in registers. */
typedef struct {
    const uint32_t *quads;
    /* Four pixels' steps (64-bit lanes); the border as 16-bit lanes (four across, four down); (1, row length) pairs. */
    __m128i u4, v4, low, high, rows;
    __m128i zero, w256, ones, c255, alpha256, tint;
} alpha_loop;

/*
 * Pixels 0 to n - 1 (n <= 4) of a group. The samples are kept in 64-bit lanes
 * (u01, u23: pixels 0 and 1, 2 and 3; v likewise): their high words are the
 * texels, which with the row length make the indices (16-bit multiply-adds, as
 * the level is less than 2^15 texels a side), their low words' top bytes the
 * weights. The texel reads are scalar (one word a pixel, its four alphas); the
 * bilinear sample (as multiply-adds of 16-bit pairs), the blend and the pack
 * are vector work. A sample of zero leaves its pixel as it was under either
 * operator (MUL(d, 255) = d), so no pixel needs a test of its own; a group of
 * fewer than four reads and writes its own pixels alone.
 */
static inline __attribute__((always_inline)) void alpha_group(
    const alpha_loop *l, const int kind, const int add, const int clamp, const int n, uint32_t *d,
    __m128i *u01, __m128i *u23, __m128i *v01, __m128i *v23) {
    const __m128 uu0 = _mm_castsi128_ps(*u01), uu1 = _mm_castsi128_ps(*u23);
    const __m128 vv0 = _mm_castsi128_ps(*v01), vv1 = _mm_castsi128_ps(*v23);
    const __m128i fu = _mm_srli_epi32(_mm_castps_si128(_mm_shuffle_ps(uu0, uu1, _MM_SHUFFLE(2, 0, 2, 0))), 24);
    const __m128i fv = _mm_srli_epi32(_mm_castps_si128(_mm_shuffle_ps(vv0, vv1, _MM_SHUFFLE(2, 0, 2, 0))), 24);
    /* Texels across then down, 16-bit (saturating: clamping after it is clamping the whole), clamped into the border. */
    __m128i t = _mm_packs_epi32(_mm_castps_si128(_mm_shuffle_ps(uu0, uu1, _MM_SHUFFLE(3, 1, 3, 1))),
                                _mm_castps_si128(_mm_shuffle_ps(vv0, vv1, _MM_SHUFFLE(3, 1, 3, 1))));
    if (clamp) t = _mm_min_epi16(_mm_max_epi16(t, l->low), l->high);
    int32_t at[4];
    _mm_storeu_si128((__m128i *)at, _mm_madd_epi16(_mm_unpacklo_epi16(t, _mm_unpackhi_epi64(t, t)), l->rows));
    *u01 = _mm_add_epi64(*u01, l->u4); *u23 = _mm_add_epi64(*u23, l->u4);
    *v01 = _mm_add_epi64(*v01, l->v4); *v23 = _mm_add_epi64(*v23, l->v4);
    const uint32_t *quads = l->quads;
    const uint32_t q0 = quads[at[0]], q1 = n > 1 ? quads[at[1]] : 0, q2 = n > 2 ? quads[at[2]] : 0, q3 = n > 3 ? quads[at[3]] : 0;
    const __m128i zero = l->zero;
    const __m128i q = _mm_setr_epi32((int)q0, (int)q1, (int)q2, (int)q3);
    /* Weights as 16-bit pairs (256 - f, f), a pair a pixel. */
    const __m128i wu = _mm_or_si128(_mm_slli_epi32(fu, 16), _mm_sub_epi32(l->w256, fu));
    const __m128i wv = _mm_or_si128(_mm_slli_epi32(fv, 16), _mm_sub_epi32(l->w256, fv));
    /* Each pixel's alphas (top left, top right, bottom left, bottom right) in 16-bit lanes, two pixels a
     * vector: across both rows at once, as 32-bit (top, bottom) pairs, then down. */
    const __m128i h01 = _mm_srli_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(q, zero), _mm_unpacklo_epi32(wu, wu)), 8);
    const __m128i h23 = _mm_srli_epi32(_mm_madd_epi16(_mm_unpackhi_epi8(q, zero), _mm_unpackhi_epi32(wu, wu)), 8);
    const __m128i alpha = _mm_srli_epi32(_mm_madd_epi16(_mm_packs_epi32(h01, h23), wv), 8);
    __m128i dst;
    switch (n) {
    case 4: dst = _mm_loadu_si128((const __m128i *)d); break;
    case 3: dst = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)d), _mm_cvtsi32_si128((int)d[2])); break;
    case 2: dst = _mm_loadl_epi64((const __m128i *)d); break;
    default: dst = _mm_cvtsi32_si128((int)d[0]);
    }
    __m128i r;
    if (kind == FX_PARTICLE_GREY) {
        /* s in every byte of its pixel. */
        __m128i s = _mm_srli_epi32(_mm_madd_epi16(alpha, l->alpha256), 8);
        s = _mm_or_si128(s, _mm_slli_epi32(s, 8));
        s = _mm_or_si128(s, _mm_slli_epi32(s, 16));
        if (add) {
            r = _mm_adds_epu8(dst, s);
        } else {
            /* s + MUL(d, 255 - s), which stays within 255. */
            const __m128i i = _mm_xor_si128(s, l->ones);
            const __m128i m = _mm_packus_epi16(mul255_16(_mm_unpacklo_epi8(dst, zero), _mm_unpacklo_epi8(i, zero)),
                                               mul255_16(_mm_unpackhi_epi8(dst, zero), _mm_unpackhi_epi8(i, zero)));
            r = _mm_add_epi8(m, s);
        }
    } else {
        /* Each pixel's alpha in its four lanes, two pixels a vector; src = MUL(tint, alpha). */
        const __m128i a = _mm_packs_epi32(alpha, alpha), aa = _mm_unpacklo_epi16(a, a);
        const __m128i s01 = mul255_16(l->tint, _mm_unpacklo_epi32(aa, aa));
        const __m128i s23 = mul255_16(l->tint, _mm_unpackhi_epi32(aa, aa));
        const __m128i s = _mm_packus_epi16(s01, s23);
        if (add) {
            r = _mm_adds_epu8(dst, s);
        } else {
#define INVERSE_ALPHA(s) _mm_sub_epi16(l->c255, _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF))
            const __m128i m = _mm_packus_epi16(mul255_16(_mm_unpacklo_epi8(dst, zero), INVERSE_ALPHA(s01)),
                                               mul255_16(_mm_unpackhi_epi8(dst, zero), INVERSE_ALPHA(s23)));
#undef INVERSE_ALPHA
            r = _mm_adds_epu8(m, s);
        }
    }
    switch (n) {
    case 4: _mm_storeu_si128((__m128i *)d, r); break;
    case 3: _mm_storel_epi64((__m128i *)d, r); d[2] = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(r, 8)); break;
    case 2: _mm_storel_epi64((__m128i *)d, r); break;
    default: d[0] = (uint32_t)_mm_cvtsi128_si32(r);
    }
}

/* The kinds that read the sprite's alpha alone, four pixels of a row at a time. */
static inline __attribute__((always_inline)) void draw_alpha_sse2(
    const fx_particle *p, const int kind, const int add, const int clamp, const int spans, uint32_t *pixels,
    ptrdiff_t stride, int64_t x0, int64_t x1, int64_t y0, int64_t y1) {
    const __m128i zero = _mm_setzero_si128();
    const int64_t dux = p->dux, dvx = p->dvx;
    const alpha_loop l = {
        p->quads,
        _mm_set1_epi64x((int64_t)(4 * (uint64_t)dux)), _mm_set1_epi64x((int64_t)(4 * (uint64_t)dvx)),
        _mm_set1_epi16(-2),
        _mm_setr_epi16((short)p->width, (short)p->width, (short)p->width, (short)p->width,
                       (short)p->height, (short)p->height, (short)p->height, (short)p->height),
        _mm_set1_epi32((int)((uint32_t)p->row_length << 16 | 1)),
        zero, _mm_set1_epi32(256), _mm_set1_epi8(-1), _mm_set1_epi16(255), _mm_set1_epi32((int)p->alpha256),
        /* The tint twice, in 16-bit lanes in memory order (B, G, R, A). */
        _mm_unpacklo_epi8(_mm_set1_epi32((int)p->tint), zero),
    };
    const __m128i steps_u = _mm_set_epi64x((int64_t)(uint64_t)dux, 0), steps_v = _mm_set_epi64x((int64_t)(uint64_t)dvx, 0);
    const __m128i two_u = _mm_set1_epi64x((int64_t)(2 * (uint64_t)dux)), two_v = _mm_set1_epi64x((int64_t)(2 * (uint64_t)dvx));
    for (int64_t y = y0; y < y1; y++) {
        int64_t xs = x0, xe = x1;
        if (spans && !row_span(p, y, x0, x1, &xs, &xe)) continue;
        uint64_t dy = (uint64_t)(y - p->box_y0), dx = (uint64_t)(xs - p->box_x0);
        int64_t uf = (int64_t)((uint64_t)p->u + (uint64_t)p->duy * dy + (uint64_t)dux * dx);
        int64_t vf = (int64_t)((uint64_t)p->v + (uint64_t)p->dvy * dy + (uint64_t)dvx * dx);
        uint32_t *row = pixels + y * stride;
        __m128i u01 = _mm_add_epi64(_mm_set1_epi64x(uf), steps_u), u23 = _mm_add_epi64(u01, two_u);
        __m128i v01 = _mm_add_epi64(_mm_set1_epi64x(vf), steps_v), v23 = _mm_add_epi64(v01, two_v);
        int64_t x = xs;
        for (; x + 4 <= xe; x += 4) alpha_group(&l, kind, add, clamp, 4, row + x, &u01, &u23, &v01, &v23);
        switch (xe - x) {
        case 3: alpha_group(&l, kind, add, clamp, 3, row + x, &u01, &u23, &v01, &v23); break;
        case 2: alpha_group(&l, kind, add, clamp, 2, row + x, &u01, &u23, &v01, &v23); break;
        case 1: alpha_group(&l, kind, add, clamp, 1, row + x, &u01, &u23, &v01, &v23); break;
        default: break;
        }
    }
}

/*
 * The colour kind one pixel at a time, in 16-bit lanes: both texels of a row of
 * the read in one load, the two rows across at once, then down.
 */
static void row_colour_sse2(const fx_particle *p, int add, int clamp, uint32_t *row, int64_t xs, int64_t xe,
                            int64_t uf, int64_t vf) {
    const uint64_t *texels = p->texels;
    const int64_t rl = p->row_length;
    const __m128i zero = _mm_setzero_si128(), w256 = _mm_set1_epi16(256), c255 = _mm_set1_epi16(255);
    const __m128i alpha256 = _mm_set1_epi16((short)p->alpha256);
    for (int64_t x = xs; x < xe; x++) {
        const uint64_t *t = texels + texel_at(p, clamp, uf, vf);
        int fu = (int)((uint64_t)uf >> 24 & 0xFF), fv = (int)((uint64_t)vf >> 24 & 0xFF);
        uf = (int64_t)((uint64_t)uf + (uint64_t)p->dux);
        vf = (int64_t)((uint64_t)vf + (uint64_t)p->dvx);
        __m128i upper = _mm_loadu_si128((const __m128i *)t), lower = _mm_loadu_si128((const __m128i *)(t + rl));
        __m128i left = _mm_unpacklo_epi64(upper, lower), right = _mm_unpackhi_epi64(upper, lower);
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(left, right), zero)) == 0xFFFF) continue;
        __m128i wu = _mm_set1_epi16((short)fu);
        __m128i across = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(left, _mm_sub_epi16(w256, wu)), _mm_mullo_epi16(right, wu)), 8);
        __m128i wv = _mm_unpacklo_epi64(_mm_set1_epi16((short)(256 - fv)), _mm_set1_epi16((short)fv));
        __m128i both = _mm_mullo_epi16(across, wv);
        __m128i texel = _mm_srli_epi16(_mm_add_epi16(both, _mm_srli_si128(both, 8)), 8);
        /* Lanes B, R, G, A to memory order B, G, R, A. */
        __m128i s = _mm_shufflelo_epi16(_mm_srli_epi16(_mm_mullo_epi16(texel, alpha256), 8), 0xD8);
        __m128i dst = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)row[x]), zero), out;
        if (add) {
            out = _mm_adds_epu8(_mm_packus_epi16(s, zero), _mm_packus_epi16(dst, zero));
        } else {
            __m128i inverse = _mm_sub_epi16(c255, _mm_shufflelo_epi16(s, 0xFF));
            out = _mm_adds_epu8(_mm_packus_epi16(s, zero), _mm_packus_epi16(mul255_16(dst, inverse), zero));
        }
        row[x] = (uint32_t)_mm_cvtsi128_si32(out);
    }
}

#endif

#if defined(FX_PARTICLE_HAS_AVX2_LOOP)

#define AVX2 __attribute__((target("avx2"), always_inline)) static inline

/* x * a / 255 per 16-bit lane, rounded as pixman rounds (x, a <= 255). */
AVX2 __m256i mul255_16x16(__m256i x, __m256i a) {
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(x, a), _mm256_set1_epi16(0x80));
    return _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
}

/* What a group of eight pixels needs of its particle, in registers. */
typedef struct {
    const uint32_t *quads;
    /* Eight pixels' steps (64-bit lanes); the border (32-bit lanes); the row length. */
    __m256i u8, v8, low, width, height, rows;
    __m256i zero, w256, ones, c255, alpha256, tint, lanes;
} alpha_loop8;

/*
 * Pixels 0 to n - 1 (n <= 8) of a group: the SSE2 group's work (alpha_group) on
 * eight pixels at once. The samples are kept in 64-bit lanes (u0: pixels 0 to 3,
 * u4: 4 to 7); their high words are the texels, their low words' top bytes the
 * weights, gathered into pixel order. The four alphas of each read are gathered;
 * a group of fewer than eight reads (texels and pixels) and writes its own pixels alone.
 */
AVX2 void alpha_group8(const alpha_loop8 *l, const int kind, const int add, const int clamp, const int full,
                       const int64_t n, uint32_t *d, __m256i *u0, __m256i *u4, __m256i *v0, __m256i *v4) {
    /* (high words of pixels 0, 1, 4, 5 | 2, 3, 6, 7), then into pixel order. */
    const __m256 uu0 = _mm256_castsi256_ps(*u0), uu4 = _mm256_castsi256_ps(*u4);
    const __m256 vv0 = _mm256_castsi256_ps(*v0), vv4 = _mm256_castsi256_ps(*v4);
    __m256i iu = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(uu0, uu4, _MM_SHUFFLE(3, 1, 3, 1))), 0xD8);
    __m256i iv = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(vv0, vv4, _MM_SHUFFLE(3, 1, 3, 1))), 0xD8);
    const __m256i fu = _mm256_srli_epi32(
        _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(uu0, uu4, _MM_SHUFFLE(2, 0, 2, 0))), 0xD8), 24);
    const __m256i fv = _mm256_srli_epi32(
        _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(vv0, vv4, _MM_SHUFFLE(2, 0, 2, 0))), 0xD8), 24);
    if (clamp) {
        iu = _mm256_min_epi32(_mm256_max_epi32(iu, l->low), l->width);
        iv = _mm256_min_epi32(_mm256_max_epi32(iv, l->low), l->height);
    }
    const __m256i at = _mm256_add_epi32(_mm256_mullo_epi32(iv, l->rows), iu);
    *u0 = _mm256_add_epi64(*u0, l->u8); *u4 = _mm256_add_epi64(*u4, l->u8);
    *v0 = _mm256_add_epi64(*v0, l->v8); *v4 = _mm256_add_epi64(*v4, l->v8);
    const __m256i zero = l->zero;
    const __m256i mask = full ? l->ones : _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), l->lanes);
    const __m256i q = full ? _mm256_i32gather_epi32((const int *)l->quads, at, 4)
                           : _mm256_mask_i32gather_epi32(zero, (const int *)l->quads, at, mask, 4);
    const __m256i wu = _mm256_or_si256(_mm256_slli_epi32(fu, 16), _mm256_sub_epi32(l->w256, fu));
    const __m256i wv = _mm256_or_si256(_mm256_slli_epi32(fv, 16), _mm256_sub_epi32(l->w256, fv));
    const __m256i h01 = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi8(q, zero), _mm256_unpacklo_epi32(wu, wu)), 8);
    const __m256i h23 = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi8(q, zero), _mm256_unpackhi_epi32(wu, wu)), 8);
    const __m256i alpha = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_packs_epi32(h01, h23), wv), 8);
    const __m256i dst = full ? _mm256_loadu_si256((const __m256i *)d) : _mm256_maskload_epi32((const int *)d, mask);
    __m256i r;
    if (kind == FX_PARTICLE_GREY) {
        __m256i s = _mm256_srli_epi32(_mm256_madd_epi16(alpha, l->alpha256), 8);
        s = _mm256_or_si256(s, _mm256_slli_epi32(s, 8));
        s = _mm256_or_si256(s, _mm256_slli_epi32(s, 16));
        if (add) {
            r = _mm256_adds_epu8(dst, s);
        } else {
            const __m256i i = _mm256_xor_si256(s, l->ones);
            const __m256i m = _mm256_packus_epi16(mul255_16x16(_mm256_unpacklo_epi8(dst, zero), _mm256_unpacklo_epi8(i, zero)),
                                                  mul255_16x16(_mm256_unpackhi_epi8(dst, zero), _mm256_unpackhi_epi8(i, zero)));
            r = _mm256_add_epi8(m, s);
        }
    } else {
        const __m256i a = _mm256_packs_epi32(alpha, alpha), aa = _mm256_unpacklo_epi16(a, a);
        const __m256i s01 = mul255_16x16(l->tint, _mm256_unpacklo_epi32(aa, aa));
        const __m256i s23 = mul255_16x16(l->tint, _mm256_unpackhi_epi32(aa, aa));
        const __m256i s = _mm256_packus_epi16(s01, s23);
        if (add) {
            r = _mm256_adds_epu8(dst, s);
        } else {
#define INVERSE_ALPHA(s) _mm256_sub_epi16(l->c255, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, 0xFF), 0xFF))
            const __m256i m = _mm256_packus_epi16(mul255_16x16(_mm256_unpacklo_epi8(dst, zero), INVERSE_ALPHA(s01)),
                                                  mul255_16x16(_mm256_unpackhi_epi8(dst, zero), INVERSE_ALPHA(s23)));
#undef INVERSE_ALPHA
            r = _mm256_adds_epu8(m, s);
        }
    }
    if (full) _mm256_storeu_si256((__m256i *)d, r);
    else _mm256_maskstore_epi32((int *)d, mask, r);
}

/* The kinds that read the sprite's alpha alone, eight pixels of a row at a time. */
AVX2 void draw_alpha_avx2(const fx_particle *p, const int kind, const int add, const int clamp, const int spans,
                          uint32_t *pixels, ptrdiff_t stride, int64_t x0, int64_t x1, int64_t y0, int64_t y1) {
    const __m256i zero = _mm256_setzero_si256();
    const int64_t dux = p->dux, dvx = p->dvx;
    const alpha_loop8 l = {
        p->quads,
        _mm256_set1_epi64x((int64_t)(8 * (uint64_t)dux)), _mm256_set1_epi64x((int64_t)(8 * (uint64_t)dvx)),
        _mm256_set1_epi32(-2), _mm256_set1_epi32((int)p->width), _mm256_set1_epi32((int)p->height),
        _mm256_set1_epi32((int)p->row_length),
        zero, _mm256_set1_epi32(256), _mm256_set1_epi8(-1), _mm256_set1_epi16(255), _mm256_set1_epi32((int)p->alpha256),
        /* The tint in 16-bit lanes in memory order (B, G, R, A), twice in each half. */
        _mm256_unpacklo_epi8(_mm256_set1_epi32((int)p->tint), zero),
        _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
    };
    const __m256i steps_u = _mm256_setr_epi64x(0, dux, (int64_t)(2 * (uint64_t)dux), (int64_t)(3 * (uint64_t)dux));
    const __m256i steps_v = _mm256_setr_epi64x(0, dvx, (int64_t)(2 * (uint64_t)dvx), (int64_t)(3 * (uint64_t)dvx));
    const __m256i four_u = _mm256_set1_epi64x((int64_t)(4 * (uint64_t)dux)), four_v = _mm256_set1_epi64x((int64_t)(4 * (uint64_t)dvx));
    for (int64_t y = y0; y < y1; y++) {
        int64_t xs = x0, xe = x1;
        if (spans && !row_span(p, y, x0, x1, &xs, &xe)) continue;
        uint64_t dy = (uint64_t)(y - p->box_y0), dx = (uint64_t)(xs - p->box_x0);
        int64_t uf = (int64_t)((uint64_t)p->u + (uint64_t)p->duy * dy + (uint64_t)dux * dx);
        int64_t vf = (int64_t)((uint64_t)p->v + (uint64_t)p->dvy * dy + (uint64_t)dvx * dx);
        uint32_t *row = pixels + y * stride;
        __m256i u0 = _mm256_add_epi64(_mm256_set1_epi64x(uf), steps_u), u4 = _mm256_add_epi64(u0, four_u);
        __m256i v0 = _mm256_add_epi64(_mm256_set1_epi64x(vf), steps_v), v4 = _mm256_add_epi64(v0, four_v);
        int64_t x = xs;
        for (; x + 8 <= xe; x += 8) alpha_group8(&l, kind, add, clamp, 1, 8, row + x, &u0, &u4, &v0, &v4);
        if (x < xe) alpha_group8(&l, kind, add, clamp, 0, xe - x, row + x, &u0, &u4, &v0, &v4);
    }
}

/* One loop for each kind, operator and bound, with nothing to test inside it. */
__attribute__((target("avx2"), noinline)) static void draw_avx2(
    const fx_particle *p, int kind, int add, int clamp, int spans, uint32_t *pixels, ptrdiff_t stride,
    int64_t x0, int64_t x1, int64_t y0, int64_t y1) {
#define ALPHA(k, a, c) draw_alpha_avx2(p, k, a, c, spans, pixels, stride, x0, x1, y0, y1)
    if (kind == FX_PARTICLE_GREY) {
        if (add) { if (clamp) ALPHA(FX_PARTICLE_GREY, 1, 1); else ALPHA(FX_PARTICLE_GREY, 1, 0); }
        else { if (clamp) ALPHA(FX_PARTICLE_GREY, 0, 1); else ALPHA(FX_PARTICLE_GREY, 0, 0); }
    } else {
        if (add) { if (clamp) ALPHA(FX_PARTICLE_TINT, 1, 1); else ALPHA(FX_PARTICLE_TINT, 1, 0); }
        else { if (clamp) ALPHA(FX_PARTICLE_TINT, 0, 1); else ALPHA(FX_PARTICLE_TINT, 0, 0); }
    }
#undef ALPHA
}

#undef AVX2

/* AVX2, and the operating system saving the registers it uses. */
static int cpu_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & bit_AVX2) != 0;
}

/* Asked once: 1 or 0, -1 before the first question. */
static int avx2_state = -1;

static int use_avx2(void) {
    int s = __atomic_load_n(&avx2_state, __ATOMIC_RELAXED);
    if (s < 0) {
        s = cpu_has_avx2();
        __atomic_store_n(&avx2_state, s, __ATOMIC_RELAXED);
    }
    return s;
}

#endif

/* sin and cos of x: glibc's sincos, which computes both as its sin and cos do (the same
 * reduction and polynomials, so the same doubles) for about the price of one. */
static inline void turn(double x, double *s, double *c) {
#if defined(__GLIBC__)
    sincos(x, s, c);
#else
    *s = sin(x);
    *c = cos(x);
#endif
}

/* Swift's min and max, NaN and all. */
static inline double min2(double x, double y) { return y < x ? y : x; }
static inline double max2(double x, double y) { return y >= x ? y : x; }

/* For a sample s = s0 + sx x + sy y: the pixels x of row y with -1 <= s < size are
 * left + slope y <= x < right + slope y (every x when s hardly changes along a row). */
static inline void edges(double s0, double sx, double sy, double size, double *left, double *right, double *slope) {
    if (!(fabs(sx) > 1e-3)) {
        *left = -1e9; *right = 1e9; *slope = 0;
        return;
    }
    double a = (-1 - s0) / sx, b = (size - s0) / sx;
    *left = sx > 0 ? a : b;
    *right = sx > 0 ? b : a;
    *slope = -sy / sx;
}

/* round(x) for 0 <= x < 2^31, without a call into libm: x less its whole part is exact. */
static inline uint32_t round_small(double x) {
    double whole = (double)(int64_t)x;
    return (uint32_t)whole + (x - whole >= 0.5);
}

/* A channel, 0...1, to 0...255, rounded half away from zero. */
static inline uint32_t channel(double v) { return round_small(min2(1, max2(0, v)) * 255); }

/* |o| + |sx| span_x + |sy| span_y stays far inside the fixed-point range. */
static inline int bounded(double o, double sx, double sy, double span_x, double span_y) {
    return fabs(sx) < 1e6 && fabs(sy) < 1e6 && fabs(o) + fabs(sx) * span_x + fabs(sy) * span_y < 1e9;
}

int fx_particle_place(const fx_particle_input *in, const fx_particle_sprite *sprite, fx_particle *out,
                      fx_particle_box *box) {
    const double sx = sprite->x, sy = sprite->y, w = sprite->w, h = sprite->h;
    if (!(w > 0 && h > 0)) return 0;
    /* translate(x, y) . rotate . scale . translate(-w/2, -h/2), then the matrix and the device offset. */
    double cosine, sine;
    turn(in->rotation, &sine, &cosine);
    const double c = cosine * in->scale, s = sine * in->scale;
    const double a = in->xx * c + in->xy * s, b = in->yx * c + in->yy * s;
    const double cc = -in->xx * s + in->xy * c, d = -in->yx * s + in->yy * c;
    const double tx = in->xx * in->x + in->xy * in->y + in->x0 + in->offset_x - (a * w / 2 + cc * h / 2);
    const double ty = in->yx * in->x + in->yy * in->y + in->y0 + in->offset_y - (b * w / 2 + d * h / 2);
    const double det = a * d - b * cc;
    if (!isfinite(det) || !(fabs(det) > 1e-12)) return 0;
    const double xs0 = tx, xs1 = tx + a * w, xs2 = tx + cc * h, xs3 = tx + a * w + cc * h;
    const double ys0 = ty, ys1 = ty + b * w, ys2 = ty + d * h, ys3 = ty + b * w + d * h;
    const double bx0 = min2(min2(xs0, xs1), min2(xs2, xs3)), bx1 = max2(max2(xs0, xs1), max2(xs2, xs3));
    const double by0 = min2(min2(ys0, ys1), min2(ys2, ys3)), by1 = max2(max2(ys0, ys1), max2(ys2, ys3));
    if (!(bx0 > -1e9 && by0 > -1e9 && bx1 < 1e9 && by1 < 1e9)) return 0;
    /* Device to texels of the drawn part; the level follows the texel step a pixel. */
    const double ia = d / det, ib = -b / det, ic = -cc / det, id = a / det;
    const double step = max2(sqrt(ia * ia + ib * ib), sqrt(ic * ic + id * id));
    int64_t level = 0;
    if (step >= 2) {
        /* ilogb(step) for a finite step of 2 or more (its exponent); more than any level when infinite. */
        uint64_t bits;
        memcpy(&bits, &step, sizeof bits);
        level = (int64_t)(bits >> 52 & 0x7FF) - 1023;
    }
    if (level > sprite->level_count - 1) level = sprite->level_count - 1;
    const fx_mip_level lv = sprite->levels[level];
    const double f = 1 / (double)((int64_t)1 << level);
    /* Bilinear reads reach a texel of the level beyond the quad's edge. */
    const double reach = (double)((int64_t)1 << level) * max2(sqrt(a * a + b * b), sqrt(cc * cc + d * d));
    if (!(reach < 1e9)) return 0;
    box->x0 = -ceiling(reach - bx0); box->y0 = -ceiling(reach - by0);
    box->x1 = ceiling(bx1 + reach); box->y1 = ceiling(by1 + reach);
    const int64_t rl = lv.width + 4;
    box->origin = lv.offset + 2 * rl + 2;
    /* The sample at device pixel (x, y) is (u0 + dxu x + dyu y, v0 + dxv x + dyv y). */
    const double dxu = ia * f, dxv = ib * f, dyu = ic * f, dyv = id * f;
    const double u0 = (ia * (0.5 - tx) + ic * (0.5 - ty) + sx) * f - 0.5;
    const double v0 = (ib * (0.5 - tx) + id * (0.5 - ty) + sy) * f - 0.5;
    const double cu = u0 + dxu * (double)box->x0 + dyu * (double)box->y0;
    const double cv = v0 + dxv * (double)box->x0 + dyv * (double)box->y0;
    const double span_x = (double)(box->x1 - box->x0), span_y = (double)(box->y1 - box->y0);
    if (!bounded(cu, dxu, dyu, span_x, span_y) || !bounded(cv, dxv, dyv, span_x, span_y)) return 0;
    const double one = 4294967296.0;
    out->u = (int64_t)(cu * one); out->v = (int64_t)(cv * one);
    out->dux = (int64_t)(dxu * one); out->dvx = (int64_t)(dxv * one);
    out->duy = (int64_t)(dyu * one); out->dvy = (int64_t)(dyv * one);
    out->box_x0 = box->x0; out->box_y0 = box->y0;
    edges(u0, dxu, dyu, (double)lv.width, &out->left_u, &out->right_u, &out->slope_u);
    edges(v0, dxv, dyv, (double)lv.height, &out->left_v, &out->right_v, &out->slope_v);
    out->quads = sprite->quads + box->origin;
    out->texels = sprite->texels + box->origin;
    out->row_length = rl; out->width = lv.width; out->height = lv.height;
    box->spans_bound = fabs(dxu) > 1e-3 && fabs(dxv) > 1e-3 && fabs(dxu) < 65536 && fabs(dxv) < 65536;
    const double pa = min2(1, max2(0, in->alpha * in->opacity));
    box->white = in->red == 1 && in->green == 1 && in->blue == 1;
    box->kind = !box->white ? FX_PARTICLE_TINT : sprite->grey ? FX_PARTICLE_GREY : FX_PARTICLE_COLOUR;
    out->alpha256 = round_small(pa * 256);
    out->tint = box->white ? 0
        : channel(pa) << 24 | channel(in->red * pa) << 16 | channel(in->green * pa) << 8 | channel(in->blue * pa);
    return 1;
}

uint32_t fx_particle_warm_rows(const uint32_t *pixels, ptrdiff_t stride, int64_t x0, int64_t x1, int64_t y0, int64_t y1) {
    uint32_t seen = 0;
    for (int64_t y = y0; y < y1; y++) {
        const uint32_t *row = pixels + y * stride;
        for (int64_t x = x0; x < x1; x += 16) seen ^= row[x];
        if (x1 > x0) seen ^= row[x1 - 1];
    }
    return seen;
}

int fx_particle_avx2(void) {
#if defined(FX_PARTICLE_HAS_AVX2_LOOP)
    return use_avx2();
#else
    return 0;
#endif
}

int fx_particle_vectorised(void) {
#if defined(__SSE2__)
    return 1;
#else
    return 0;
#endif
}

/* Row by row: the portable loop, or (when `vector`) the colour kind's vector one. */
static void draw_rows(const fx_particle *p, int kind, int add, int clamp, int spans, int vector, uint32_t *pixels,
                      ptrdiff_t stride, int64_t x0, int64_t x1, int64_t y0, int64_t y1) {
    (void)vector;
    for (int64_t y = y0; y < y1; y++) {
        int64_t xs = x0, xe = x1;
        if (spans && !row_span(p, y, x0, x1, &xs, &xe)) continue;
        uint64_t dy = (uint64_t)(y - p->box_y0), dx = (uint64_t)(xs - p->box_x0);
        int64_t uf = (int64_t)((uint64_t)p->u + (uint64_t)p->duy * dy + (uint64_t)p->dux * dx);
        int64_t vf = (int64_t)((uint64_t)p->v + (uint64_t)p->dvy * dy + (uint64_t)p->dvx * dx);
        uint32_t *row = pixels + y * stride;
#if defined(__SSE2__)
        if (vector && kind == FX_PARTICLE_COLOUR) {
            row_colour_sse2(p, add, clamp, row, xs, xe, uf, vf);
            continue;
        }
#endif
        row_portable(p, kind, add, clamp, row, xs, xe, uf, vf);
    }
}

void fx_particle_draw(const fx_particle *p, int kind, int flags, uint32_t *pixels, ptrdiff_t stride,
                      int64_t x0, int64_t x1, int64_t y0, int64_t y1) {
    const int add = (flags & FX_PARTICLE_ADD) != 0, clamp = (flags & FX_PARTICLE_CLAMP) != 0;
    const int spans = (flags & FX_PARTICLE_SPANS) != 0, vector = (flags & FX_PARTICLE_PORTABLE) == 0;
#if defined(FX_PARTICLE_HAS_AVX2_LOOP)
    if (vector && !(flags & FX_PARTICLE_SSE2) && kind != FX_PARTICLE_COLOUR && p->width < 32000 && p->height < 32000 &&
        use_avx2()) {
        draw_avx2(p, kind, add, clamp, spans, pixels, stride, x0, x1, y0, y1);
        return;
    }
#endif
#if defined(__SSE2__)
    if (vector && kind != FX_PARTICLE_COLOUR && p->width < 32000 && p->height < 32000) {
        /* One loop for each kind, operator and bound, with nothing to test inside it. */
#define ALPHA(k, a, c) draw_alpha_sse2(p, k, a, c, spans, pixels, stride, x0, x1, y0, y1)
        if (kind == FX_PARTICLE_GREY) {
            if (add) { if (clamp) ALPHA(FX_PARTICLE_GREY, 1, 1); else ALPHA(FX_PARTICLE_GREY, 1, 0); }
            else { if (clamp) ALPHA(FX_PARTICLE_GREY, 0, 1); else ALPHA(FX_PARTICLE_GREY, 0, 0); }
        } else {
            if (add) { if (clamp) ALPHA(FX_PARTICLE_TINT, 1, 1); else ALPHA(FX_PARTICLE_TINT, 1, 0); }
            else { if (clamp) ALPHA(FX_PARTICLE_TINT, 0, 1); else ALPHA(FX_PARTICLE_TINT, 0, 0); }
        }
#undef ALPHA
        return;
    }
#endif
    draw_rows(p, kind, add, clamp, spans, vector, pixels, stride, x0, x1, y0, y1);
}
