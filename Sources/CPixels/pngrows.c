/* SPDX-License-Identifier: MIT */
#include "fxpng.h"
#include "fxpremultiply.h"
#include <stdlib.h>
#include <string.h>

/* The predictor of section 9.4: whichever of left, above and upper-left is nearest to left + above - upper-left. */
static inline uint8_t paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    return (uint8_t)(pb <= pc ? b : c);
}

/* Undoes one row's filter in place; `prior` is the row above, unfiltered, or NULL for the first row. */
static int unfilter_row(int type, uint8_t *row, const uint8_t *prior, size_t n, int bpp) {
    switch (type) {
    case 0:
        return 0;
    case 1:
        for (size_t i = (size_t)bpp; i < n; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        return 0;
    case 2:
        if (prior)
            for (size_t i = 0; i < n; i++) row[i] = (uint8_t)(row[i] + prior[i]);
        return 0;
    case 3:
        for (size_t i = 0; i < n; i++) {
            int left = i >= (size_t)bpp ? row[i - bpp] : 0, up = prior ? prior[i] : 0;
            row[i] = (uint8_t)(row[i] + ((left + up) >> 1));
        }
        return 0;
    case 4:
        for (size_t i = 0; i < n; i++) {
            int left = i >= (size_t)bpp ? row[i - bpp] : 0, up = prior ? prior[i] : 0;
            int corner = prior && i >= (size_t)bpp ? prior[i - bpp] : 0;
            row[i] = (uint8_t)(row[i] + paeth(left, up, corner));
        }
        return 0;
    default:
        return -1;
    }
}

int fx_png_unfilter(uint8_t *rows, int width, int height, int channels, uint8_t *out) {
    const size_t n = (size_t)width * (size_t)channels, step = n + 1;
    const uint8_t *prior = NULL;
    for (int y = 0; y < height; y++) {
        uint8_t *row = rows + (size_t)y * step + 1;
        if (unfilter_row(row[-1], row, prior, n, channels) != 0) return -1;
        prior = row;
        uint8_t *o = out + (size_t)y * (size_t)width * 4;
        if (channels == 3) {
            for (int x = 0; x < width; x++) {
                o[4 * x] = row[3 * x];
                o[4 * x + 1] = row[3 * x + 1];
                o[4 * x + 2] = row[3 * x + 2];
                o[4 * x + 3] = 255;
            }
        } else {
            memcpy(o, row, n);
            fx_premultiply_rgba(o, (size_t)width);
        }
    }
    return 0;
}
