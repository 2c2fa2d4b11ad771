/* SPDX-License-Identifier: MIT */
/*
 * The rlottie side of scripts/bench-lottie.sh: the job `fxhost --plugin
 * lottie --out - --format y4m` does, done with rlottie as a careful C
 * programmer would: every frame rendered into rlottie's buffer, converted to
 * Y'CbCr and written to standard output as YUV4MPEG2 (4:4:4, BT.601 limited
 * range, composited over black: the same stream fxhost writes, header
 * included), so that a pipe into ffmpeg gets the same bytes from either.
 *
 * The conversion is the integer form of BT.601's matrix Microsoft publishes
 * ("Converting RGB888 to YUV 4:4:4", learn.microsoft.com, "Recommended 8-Bit
 * YUV Formats for Video Rendering"), in 16-bit arithmetic so that the compiler
 * vectorises it; rlottie's buffer is premultiplied ARGB, so over black its
 * colour channels are the composited pixel as they stand. A frame whose
 * number repeats is rendered by rlottie anyway (rlottie itself returns at
 * once when asked for the frame it drew last) and converted again.
 *
 *     cc -std=c99 -O2 rlottie-y4m.c -o rlottie-y4m $(pkg-config --cflags --libs rlottie)
 *     rlottie-y4m FILE WIDTH HEIGHT FPS FRAMES   frames 0 ..< FRAMES of FILE, to standard output
 */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define LUMA(r, g, b) ((uint8_t)((uint16_t)(66 * (r) + 129 * (g) + 25 * (b) + 128 + (16 << 8)) >> 8))
#define BLUE(r, g, b) ((uint8_t)((uint16_t)(112 * (b) - 38 * (r) - 74 * (g) + 128 + (128 << 8)) >> 8))
#define RED(r, g, b) ((uint8_t)((uint16_t)(112 * (r) - 94 * (g) - 18 * (b) + 128 + (128 << 8)) >> 8))

/* Premultiplied ARGB32 (bytes B, G, R, A in memory on little-endian machines) to three planes. */
static void convert(const uint8_t *restrict p, size_t n, uint8_t *restrict y, uint8_t *restrict cb, uint8_t *restrict cr) {
    for (size_t i = 0; i < n; i++) {
        uint16_t b = p[4 * i], g = p[4 * i + 1], r = p[4 * i + 2];
        y[i] = LUMA(r, g, b);
        cb[i] = BLUE(r, g, b);
        cr[i] = RED(r, g, b);
    }
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: rlottie-y4m FILE WIDTH HEIGHT FPS FRAMES\n");
        return 2;
    }
    Lottie_Animation *animation = lottie_animation_from_file(argv[1]);
    if (!animation) {
        fprintf(stderr, "rlottie-y4m: rlottie cannot read %s\n", argv[1]);
        return 1;
    }
    size_t width = (size_t)atoi(argv[2]), height = (size_t)atoi(argv[3]), n = width * height;
    double fps = atof(argv[4]);
    int frames = atoi(argv[5]);
    uint32_t *buffer = malloc(n * 4);
    uint8_t *planes = malloc(n * 3);
    if (!buffer || !planes) return 1;
    /* fxhost's header: whole rates as N:1, others in thousandths (NTSC's x/1.001 as N000:1001). */
    double ntsc = fps * 1.001;
    if (fps == (double)(long)fps) printf("YUV4MPEG2 W%zu H%zu F%ld:1 Ip A1:1 C444\n", width, height, (long)fps);
    else if (ntsc - (double)(long)(ntsc + 0.5) < 1e-3 && (double)(long)(ntsc + 0.5) - ntsc < 1e-3)
        printf("YUV4MPEG2 W%zu H%zu F%ld:1001 Ip A1:1 C444\n", width, height, (long)(ntsc + 0.5) * 1000);
    else printf("YUV4MPEG2 W%zu H%zu F%ld:1000 Ip A1:1 C444\n", width, height, (long)(fps * 1000 + 0.5));
    for (int f = 0; f < frames; f++) {
        lottie_animation_render(animation, (size_t)f, buffer, width, height, width * 4);
        convert((const uint8_t *)buffer, n, planes, planes + n, planes + 2 * n);
        fputs("FRAME\n", stdout);
        if (fwrite(planes, 1, n * 3, stdout) != n * 3) {
            perror("rlottie-y4m: writing");
            return 1;
        }
    }
    if (fflush(stdout) != 0) return 1;
    free(buffer);
    free(planes);
    lottie_animation_destroy(animation);
    return 0;
}
