/* SPDX-License-Identifier: MIT */
#include "fxramp.h"

#include <math.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>

/* Four pixels from the table at the four indices of `k`. */
static inline void gather4(uint32_t *row, __m128i k, const uint32_t *table) {
    uint32_t at[4];
    _mm_storeu_si128((__m128i *)at, k);
    row[0] = table[at[0]];
    row[1] = table[at[1]];
    row[2] = table[at[2]];
    row[3] = table[at[3]];
}
#endif

/* The scalar rules the header states; the SSE2 loops below do the same operations lane by lane.
 * No multiply and add may be fused into one rounding (where the target has FMA), or the two would
 * differ: ISO C's pragma for clang (SwiftPM's compiler), GCC's own for GCC, which ignores ISO's. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

static inline uint32_t linear_pixel(double t, double dt, int i, const uint32_t *table, int steps) {
    double u = t + dt * (double)i;
    u = u > 0 ? u : 0; /* a NaN (not given) would read entry 0, not past the table */
    u = u < 1 ? u : 1;
    return table[(int)(u * (double)steps + 0.5)];
}

static inline uint32_t radial_pixel(float u0, float v0, float du, float dv, float k, const uint32_t *table, float scale) {
    float u = u0 + du * k, v = v0 + dv * k;
    float s = u * u + v * v;
    s = s < 1 ? s : 1;
    float x = sqrtf(s) * scale + 12582912.0f;
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    return table[bits & 0x3fffff];
}

static inline uint32_t focal_pixel(float u0, float v0, float du, float dv, float n, float fx, float fy, float kk, float scale,
                                   float top, const uint32_t *table) {
    float u = u0 + du * n, v = v0 + dv * n;
    float fd = fx * u + fy * v, dd = u * u + v * v;
    float root = sqrtf(fd * fd + dd * kk);
    float s = (fd + root) * scale;
    s = s < top ? s : top; /* a NaN (not given) reads the last entry */
    float x = s + 12582912.0f;
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    return table[bits & 0x3fffff];
}

void fx_radial_focal_ramp_run_portable(uint32_t *row, int first, int last, float u0, float v0, float du, float dv, float fx, float fy,
                                       float kk, const uint32_t *table, int steps) {
    const float top = (float)steps, scale = top / kk;
    for (int i = first; i < last; i++) row[i] = focal_pixel(u0, v0, du, dv, (float)(i - first), fx, fy, kk, scale, top, table);
}

void fx_radial_focal_ramp_run(uint32_t *row, int first, int last, float u0, float v0, float du, float dv, float fx, float fy,
                              float kk, const uint32_t *table, int steps) {
    const float top = (float)steps, scale = top / kk;
    int i = first;
#if defined(__SSE2__)
    const __m128 vu0 = _mm_set1_ps(u0), vv0 = _mm_set1_ps(v0), vdu = _mm_set1_ps(du), vdv = _mm_set1_ps(dv);
    const __m128 vfx = _mm_set1_ps(fx), vfy = _mm_set1_ps(fy), vkk = _mm_set1_ps(kk), vscale = _mm_set1_ps(scale);
    const __m128 vtop = _mm_set1_ps(top), magic = _mm_set1_ps(12582912.0f), four = _mm_set1_ps(4);
    const __m128i low = _mm_set1_epi32(0x3fffff);
    __m128 vn = _mm_set_ps(3, 2, 1, 0);
    for (; i + 3 < last; i += 4) {
        __m128 u = _mm_add_ps(vu0, _mm_mul_ps(vdu, vn)), v = _mm_add_ps(vv0, _mm_mul_ps(vdv, vn));
        __m128 fd = _mm_add_ps(_mm_mul_ps(vfx, u), _mm_mul_ps(vfy, v)), dd = _mm_add_ps(_mm_mul_ps(u, u), _mm_mul_ps(v, v));
        __m128 root = _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(fd, fd), _mm_mul_ps(dd, vkk)));
        __m128 s = _mm_min_ps(_mm_mul_ps(_mm_add_ps(fd, root), vscale), vtop);
        __m128i k = _mm_and_si128(_mm_castps_si128(_mm_add_ps(s, magic)), low);
        gather4(row + i, k, table);
        vn = _mm_add_ps(vn, four);
    }
#endif
    for (; i < last; i++) row[i] = focal_pixel(u0, v0, du, dv, (float)(i - first), fx, fy, kk, scale, top, table);
}

void fx_linear_ramp_row_portable(uint32_t *row, int width, double t, double dt, const uint32_t *table, int steps) {
    for (int i = 0; i < width; i++) row[i] = linear_pixel(t, dt, i, table, steps);
}

void fx_radial_ramp_run_portable(uint32_t *row, int first, int last, float u0, float v0, float du, float dv, const uint32_t *table,
                                 int steps) {
    for (int i = first; i < last; i++) row[i] = radial_pixel(u0, v0, du, dv, (float)(i - first), table, (float)steps);
}

void fx_linear_ramp_row(uint32_t *row, int width, double t, double dt, const uint32_t *table, int steps) {
    int i = 0;
#if defined(__SSE2__)
    const __m128d vt = _mm_set1_pd(t), vdt = _mm_set1_pd(dt), zero = _mm_setzero_pd(), one = _mm_set1_pd(1);
    const __m128d scale = _mm_set1_pd((double)steps), half = _mm_set1_pd(0.5), two = _mm_set1_pd(2);
    __m128d vi = _mm_set_pd(1, 0);
    for (; i + 1 < width; i += 2) {
        __m128d u = _mm_add_pd(vt, _mm_mul_pd(vdt, vi));
        u = _mm_min_pd(_mm_max_pd(u, zero), one);
        __m128i k = _mm_cvttpd_epi32(_mm_add_pd(_mm_mul_pd(u, scale), half));
        row[i] = table[_mm_cvtsi128_si32(k)];
        row[i + 1] = table[_mm_cvtsi128_si32(_mm_srli_si128(k, 4))];
        vi = _mm_add_pd(vi, two);
    }
#endif
    for (; i < width; i++) row[i] = linear_pixel(t, dt, i, table, steps);
}

void fx_radial_ramp_run(uint32_t *row, int first, int last, float u0, float v0, float du, float dv, const uint32_t *table, int steps) {
    const float scale = (float)steps;
    int i = first;
#if defined(__SSE2__)
    const __m128 vu0 = _mm_set1_ps(u0), vv0 = _mm_set1_ps(v0), vdu = _mm_set1_ps(du), vdv = _mm_set1_ps(dv);
    const __m128 one = _mm_set1_ps(1), vscale = _mm_set1_ps(scale), magic = _mm_set1_ps(12582912.0f), four = _mm_set1_ps(4);
    const __m128i low = _mm_set1_epi32(0x3fffff);
    __m128 vk = _mm_set_ps(3, 2, 1, 0);
    for (; i + 3 < last; i += 4) {
        __m128 u = _mm_add_ps(vu0, _mm_mul_ps(vdu, vk)), v = _mm_add_ps(vv0, _mm_mul_ps(vdv, vk));
        __m128 s = _mm_min_ps(_mm_add_ps(_mm_mul_ps(u, u), _mm_mul_ps(v, v)), one);
        __m128i k = _mm_and_si128(_mm_castps_si128(_mm_add_ps(_mm_mul_ps(_mm_sqrt_ps(s), vscale), magic)), low);
        gather4(row + i, k, table);
        vk = _mm_add_ps(vk, four);
    }
#endif
    for (; i < last; i++) row[i] = radial_pixel(u0, v0, du, dv, (float)(i - first), table, scale);
}
