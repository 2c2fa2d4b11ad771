/* SPDX-License-Identifier: MIT */
#include "fxargb32.h"

#include <string.h>

void fx_rgba_to_argb32(const uint8_t *rgba, int width, int height, uint8_t *dst, ptrdiff_t stride) {
    for (int y = 0; y < height; y++) {
        const uint8_t *s = rgba + (size_t)y * (size_t)width * 4;
        uint8_t *d = dst + (ptrdiff_t)y * stride;
        for (int x = 0; x < width; x++, s += 4, d += 4) {
            uint32_t p = (uint32_t)s[3] << 24 | (uint32_t)s[0] << 16 | (uint32_t)s[1] << 8 | s[2];
            memcpy(d, &p, 4);
        }
    }
}
