/* SPDX-License-Identifier: MIT */
/*
 * The independent renderer of the Lottie tests: renders frames of a Lottie
 * file with rlottie (Debian's librlottie) and writes each as a binary PPM,
 * composited over white, to OUT-FRAME.ppm; with OUT "-" it only renders (for
 * scripts/bench.sh lottie).
 *
 *     cc -std=c99 rlottie-render.c -o rlottie-render $(pkg-config --cflags --libs rlottie)
 *     rlottie-render FILE WIDTH HEIGHT OUT FRAME...
 */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: rlottie-render FILE WIDTH HEIGHT OUT FRAME...\n");
        return 2;
    }
    Lottie_Animation *animation = lottie_animation_from_file(argv[1]);
    if (!animation) {
        fprintf(stderr, "rlottie-render: rlottie cannot read %s\n", argv[1]);
        return 1;
    }
    size_t width = (size_t)atoi(argv[2]), height = (size_t)atoi(argv[3]);
    uint32_t *buffer = malloc(width * height * 4);
    unsigned char *rgb = malloc(width * height * 3);
    if (!buffer || !rgb) return 1;
    for (int a = 5; a < argc; a++) {
        size_t frame = (size_t)atoi(argv[a]);
        lottie_animation_render(animation, frame, buffer, width, height, width * 4);
        if (strcmp(argv[4], "-") == 0) continue;
        /* Premultiplied ARGB32 over white: c + (255 − alpha). */
        for (size_t i = 0; i < width * height; i++) {
            uint32_t p = buffer[i];
            unsigned alpha = p >> 24;
            for (int c = 0; c < 3; c++) {
                unsigned v = (p >> (16 - 8 * c)) & 0xFF;
                unsigned out = v + (255 - alpha);
                rgb[i * 3 + c] = (unsigned char)(out > 255 ? 255 : out);
            }
        }
        char name[4096];
        snprintf(name, sizeof name, "%s-%zu.ppm", argv[4], frame);
        FILE *f = fopen(name, "wb");
        if (!f) { fprintf(stderr, "rlottie-render: cannot write %s\n", name); return 1; }
        fprintf(f, "P6\n%zu %zu\n255\n", width, height);
        fwrite(rgb, 1, width * height * 3, f);
        fclose(f);
    }
    free(buffer);
    free(rgb);
    lottie_animation_destroy(animation);
    return 0;
}
