/* SPDX-License-Identifier: MIT */
/*
 * Rows of the renderer's gradient ramps (FXRender's RadialRamp and LinearRamp):
 * each pixel a read of a colour table of `steps` + 1 premultiplied ARGB32
 * entries, at an index worked out with the same IEEE operations, in the same
 * order, as the scalar rule each function states, so that a row is the same
 * bytes whichever loop fills it. With SSE2, two pixels (linear, doubles) or
 * four (radial, floats) are worked out at once.
 */
#ifndef FXRAMP_H
#define FXRAMP_H

#include <stdint.h>

/*
 * Pixel i of `row` (i < `width`) is table[(int)(u * steps + 0.5)], where
 * u = t + dt * (double)i held to [0, 1]: the axial ramp's row, pixel centres
 * affine in i. t and dt are finite.
 */
void fx_linear_ramp_row(uint32_t *row, int width, double t, double dt, const uint32_t *table, int steps);

/*
 * Pixels i of [first, last) of `row` are table[k], where, in single precision,
 * u = u0 + du * (float)(i - first), v = v0 + dv * (float)(i - first),
 * s = sqrt(min(u * u + v * v, 1)), and k is the low 22 bits of the bit pattern
 * of s * steps + 1.5 * 2^23 (s * steps rounded to the nearest integer, ties to
 * even): the radial ramp's run of pixels that may lie inside its circle.
 * steps is at most 2^22 - 1.
 */
void fx_radial_ramp_run(uint32_t *row, int first, int last, float u0, float v0, float du, float dv, const uint32_t *table, int steps);

/*
 * The two-circle (focal) radial run: pixels i of [first, last) are table[k], where, in
 * single precision with n = (float)(i - first), u = u0 + du * n, v = v0 + dv * n (the pixel
 * from the focal point (fx, fy)), fd = fx * u + fy * v, dd = u * u + v * v,
 * root = sqrt(fd * fd + dd * kk), s = min((fd + root) * scale, steps) with
 * scale = (float)steps / kk, and k is the low 22 bits of the bit pattern of s + 1.5 * 2^23.
 * kk = 1 - |focal|^2 > 0; steps is at most 2^22 - 1.
 */
void fx_radial_focal_ramp_run(uint32_t *row, int first, int last, float u0, float v0, float du, float dv, float fx, float fy,
                              float kk, const uint32_t *table, int steps);

/* The same, one pixel at a time (for tests to compare the two). */
void fx_linear_ramp_row_portable(uint32_t *row, int width, double t, double dt, const uint32_t *table, int steps);
void fx_radial_ramp_run_portable(uint32_t *row, int first, int last, float u0, float v0, float du, float dv, const uint32_t *table,
                                 int steps);
void fx_radial_focal_ramp_run_portable(uint32_t *row, int first, int last, float u0, float v0, float du, float dv, float fx, float fy,
                                       float kk, const uint32_t *table, int steps);

#endif
