/* SPDX-License-Identifier: MIT */
/*
 * The pixel loops that draw particle sprites into cairo ARGB32 pixels
 * (premultiplied, native-endian 32-bit words): each pixel's sample of the
 * sprite is bilinear in fixed point, blended with cairo's OVER or ADD and
 * pixman's rounding. With SSE2 (baseline on x86_64) several pixels of a row
 * are worked at once (levels under 32000 texels a side), and eight at once
 * where the CPU has AVX2 (found at run time); the portable loop, one pixel at
 * a time, gives the same bytes on every CPU, and any of them may be asked for.
 *
 * The rules, as pixman computes them (pixman-combine32.h):
 *   MUL(x, a) = (t + (t >> 8)) >> 8 with t = x * a + 0x80   (x * a / 255, rounded)
 *   OVER:  d' = s + MUL(d, 255 - alpha(s))   per channel, saturating at 255
 *   ADD:   d' = s + d                         per channel, saturating at 255
 * The bilinear sample, per channel, with fu and fv the top 8 fraction bits:
 *   across = (t00 (256 - fu) + t10 fu) >> 8, then down the same with fv.
 */
#ifndef FXPARTICLES_H
#define FXPARTICLES_H

#include <stddef.h>
#include <stdint.h>

/*
 * One particle as its pixel loop sees it.
 *
 * The sample at device pixel (x, y) is u + dux (x - box_x0) + duy (y - box_y0)
 * texels across (v, dvx, dvy down), with 32 fraction bits, less half a texel:
 * its whole part names the top-left texel of the bilinear read. Texel (i, j),
 * for -2 <= i <= width + 1 and -2 <= j <= height + 1, is at j * row_length + i
 * from `quads` (and `texels`); outside the level's own texels they are clear.
 *
 * Row y can reach the level only in the columns
 *   max(left_u + slope_u y, left_v + slope_v y) <= x < min(right_u + slope_u y, right_v + slope_v y)
 * (the loops visit those, widened by 2^-20 for rounding, when asked to).
 */
typedef struct fx_particle {
    int64_t u, v, dux, dvx, duy, dvy;
    int64_t box_x0, box_y0;
    double left_u, left_v, right_u, right_v, slope_u, slope_v;
    /* Each texel's alpha and those of its neighbours right, below and below
     * right, as the bytes 0 to 3 of one word: a bilinear read's four alphas. */
    const uint32_t *quads;
    /* Each texel's four channels in the low bytes of 16-bit lanes (B, R, G, A
     * from the bottom), for the colour kind. */
    const uint64_t *texels;
    int64_t row_length, width, height;
    /* The grey and colour kinds: the particle's alpha, 0 to 256 (x / 256). */
    uint32_t alpha256;
    /* The tint kind: the particle's colour at its alpha, premultiplied ARGB32. */
    uint32_t tint;
} fx_particle;

/* What a particle's pixels are (as plain constants, which Swift sees as Int32). */
/* A white particle of a grey sprite (red = green = blue = alpha):
 * s = alpha(sample) * alpha256 / 256 (truncated) in every channel. */
#define FX_PARTICLE_GREY 0
/* A coloured particle: s = MUL(tint, alpha(sample)) per channel. */
#define FX_PARTICLE_TINT 1
/* A white particle: s = sample * alpha256 / 256 (truncated) per channel. */
#define FX_PARTICLE_COLOUR 2

/* Flags, or-ed together. */
/* ADD rather than OVER. */
#define FX_PARTICLE_ADD 1
/* Clamp each sample's texel into -2 <= i <= width, -2 <= j <= height (the
 * border); without it, every sample visited must already lie there. */
#define FX_PARTICLE_CLAMP 2
/* Visit only each row's columns that can reach the level (see above). */
#define FX_PARTICLE_SPANS 4
/* The portable loop, even where SSE2 is available. */
#define FX_PARTICLE_PORTABLE 8
/* The SSE2 loop, even where AVX2 is available. */
#define FX_PARTICLE_SSE2 16

/*
 * Draws the particle's pixels in columns x0 <= x < x1 of rows y0 <= y < y1 of
 * `pixels` (row y at pixels + y * stride, stride in words). Each pixel's value
 * depends on the particle and the pixel only: not on which others are visited,
 * the loop chosen, or the CPU.
 */
void fx_particle_draw(const fx_particle *p, int kind, int flags, uint32_t *pixels, ptrdiff_t stride,
                      int64_t x0, int64_t x1, int64_t y0, int64_t y1);

/* One level of a sprite's mipmap chain: its size in texels (without the two-texel
 * border) and where its top-left border texel is; rows are width + 4 long. */
typedef struct fx_mip_level {
    int64_t width, height, offset;
} fx_mip_level;

/* A sprite as placement needs it: its chain, and the drawn part in level-0 texels. */
typedef struct fx_particle_sprite {
    const fx_mip_level *levels;
    int64_t level_count;
    const uint64_t *texels;
    const uint32_t *quads;
    double x, y, w, h;
    /* Every texel is grey (red = green = blue = alpha). */
    int grey;
} fx_particle_sprite;

/* What placement finds beside the loop's own fields. */
typedef struct fx_particle_box {
    /* The device pixels the particle's bilinear reads can reach. */
    int64_t x0, y0, x1, y1;
    /* The level's top-left texel, as an index from the chain's start. */
    int64_t origin;
    /* Both samples change along a row (by more than 1/1000 and less than 2^16 texels
     * a pixel): the row spans keep every sample within the border, unclamped. */
    int spans_bound;
    /* The colour is white (its alpha aside). */
    int white;
    /* FX_PARTICLE_TINT for coloured particles; else GREY or COLOUR, as the sprite is grey or not. */
    int kind;
} fx_particle_box;

/* A particle in the emitter's coordinates, and how it is drawn. */
typedef struct fx_particle_input {
    double x, y, scale, rotation;
    double red, green, blue, alpha;
    /* The emitter's matrix to the device (cairo's xx, yx, xy, yy, x0, y0), the device
     * offset, and the opacity the whole field is drawn at. */
    double xx, yx, xy, yy, x0, y0;
    double offset_x, offset_y, opacity;
} fx_particle_input;

/*
 * Places a particle: the sprite's drawn part, centred on (x, y), scaled, turned by
 * `rotation` (clockwise, y down), through the matrix; sampled from the mip level
 * nearest its texels a pixel. Returns 0 for a particle that draws nothing, or too
 * far away to place in fixed point. The sums are those of fxhost's Swift placement,
 * in its order (no fused multiply-adds), so the same doubles on every CPU.
 */
int fx_particle_place(const fx_particle_input *in, const fx_particle_sprite *sprite, fx_particle *out,
                      fx_particle_box *box);

/*
 * Reads columns x0 <= x < x1 of rows y0 <= y < y1 in address order, one word a
 * cache line, and changes nothing: pixels that particles are about to blend at
 * scattered places come into cache in a stream the hardware prefetches, instead
 * of one miss at a time. Returns a value of the words read, so the reads are kept.
 */
uint32_t fx_particle_warm_rows(const uint32_t *pixels, ptrdiff_t stride, int64_t x0, int64_t x1, int64_t y0, int64_t y1);

/* Asks for the `lines` cache lines from `p` on to be brought into cache (a hint: nothing changes). */
static inline void fx_particle_prefetch(const void *p, int lines) {
#if defined(__GNUC__) || defined(__clang__)
    for (int i = 0; i < lines; i++) __builtin_prefetch((const char *)p + 64 * i);
#else
    (void)p; (void)lines;
#endif
}

/* Returns *counter and adds 1 to it, atomically: threads sharing bands of rows each take the next. */
static inline int64_t fx_particle_take(int64_t *counter) { return __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED); }

/* Whether fx_particle_draw has a vector loop on this CPU (else both are the portable one). */
int fx_particle_vectorised(void);

/* Whether fx_particle_draw draws the grey and tint kinds eight pixels at a time
 * with AVX2 on this CPU (asked of the CPU at run time; FX_PARTICLE_SSE2 declines it). */
int fx_particle_avx2(void);

#endif
