/*
 * The baseline for fxbench's render benchmarks: the same three scenes drawn
 * directly with cairo and pango each frame, at 1280×720, as a careful C
 * programmer writes them without an engine: every frame drawn whole (no
 * pixels kept from the frame before: reusing them is damage tracking, the
 * engine's work), but nothing made twice that can be made once (the text
 * layout, the images, the fonts), nothing composited over a larger area than
 * it covers (the shimmer's masked group is clipped to the text's box), and
 * opaque backgrounds copied rather than blended. Also the spinner's 60 frames
 * written one by one with cairo_surface_write_to_png.
 *
 *     cc -O2 baseline.c $(pkg-config --cflags --libs pangocairo) -lm -o baseline
 *     ./baseline render SECONDS [SCENE]   prints "shimmer FPS", "spinner FPS", "crossfade FPS"
 *                                         (or only SCENE's line)
 *     ./baseline png FOLDER         writes 60 PNGs, prints "png SECONDS BYTES"
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <cairo.h>
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#include <pango/pangocairo.h>

#define W 1280
#define H 720

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The shimmer's text, laid out once: the layout and its box on the frame. */
static PangoLayout *shimmer_layout;
static double shimmer_box[4];

static void shimmer_setup(cairo_t *cr) {
    PangoFontDescription *font = pango_font_description_from_string("Sans 56");
    PangoRectangle ink, logical;
    shimmer_layout = pango_cairo_create_layout(cr);
    pango_layout_set_font_description(shimmer_layout, font);
    pango_font_description_free(font);
    pango_layout_set_text(shimmer_layout, "slide to unlock", -1);
    pango_layout_set_width(shimmer_layout, (W - 40) * PANGO_SCALE);
    pango_layout_set_alignment(shimmer_layout, PANGO_ALIGN_CENTER);
    pango_layout_get_pixel_extents(shimmer_layout, &ink, &logical);
    /* The ink box, on whole pixels, with a pixel for anti-aliasing. */
    shimmer_box[0] = floor(20 + ink.x) - 1;
    shimmer_box[1] = floor(H / 2 - 40 + ink.y) - 1;
    shimmer_box[2] = ceil(ink.width) + 2;
    shimmer_box[3] = ceil(ink.height) + 2;
}

/* Text "slide to unlock", masked by a horizontal gradient whose highlight sits at progress p. */
static void shimmer(cairo_t *cr, double p) {
    cairo_pattern_t *mask;
    double g = 50.0 / (W - 40), x0 = 20 + (-g) * (W - 40), x1 = 20 + (1 + g) * (W - 40);
    double l0 = p * (1 - g);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    cairo_save(cr);
    cairo_rectangle(cr, shimmer_box[0], shimmer_box[1], shimmer_box[2], shimmer_box[3]);
    cairo_clip(cr);
    cairo_push_group(cr);
    cairo_move_to(cr, 20, H / 2 - 40);
    cairo_set_source_rgb(cr, 1, 1, 1);
    pango_cairo_show_layout(cr, shimmer_layout);
    cairo_pop_group_to_source(cr);
    mask = cairo_pattern_create_linear(x0, 0, x1, 0);
    cairo_pattern_add_color_stop_rgba(mask, l0, 1, 1, 1, 0.3);
    cairo_pattern_add_color_stop_rgba(mask, l0 + g / 2, 1, 1, 1, 1);
    cairo_pattern_add_color_stop_rgba(mask, l0 + g, 1, 1, 1, 0.3);
    cairo_mask(cr, mask);
    cairo_pattern_destroy(mask);
    cairo_restore(cr);
}

/* A green circle with a white quarter arc turned by angle a. */
static void spinner(cairo_t *cr, double a) {
    double cx = W / 2.0, cy = H / 2.0, r = 45;
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgb(cr, 0.16, 0.5, 0.73);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
    cairo_set_source_rgb(cr, 0.18, 0.8, 0.44);
    cairo_fill(cr);
    cairo_new_path(cr);
    cairo_arc(cr, cx, cy, r - 6, -M_PI / 2 + a, a);
    cairo_set_line_width(cr, 3);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_stroke(cr);
}

/* Two full-frame images, the second at opacity p over the first. */
static void crossfade(cairo_t *cr, cairo_surface_t *a, cairo_surface_t *b, double p) {
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_surface(cr, a, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    cairo_set_source_surface(cr, b, 0, 0);
    cairo_paint_with_alpha(cr, p);
}

static cairo_surface_t *sky(double r0, double g0, double b0, double r1, double g1, double b1) {
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, H);
    cairo_t *cr = cairo_create(s);
    cairo_pattern_t *p = cairo_pattern_create_linear(0, 0, 0, H);
    cairo_pattern_add_color_stop_rgb(p, 0, r0, g0, b0);
    cairo_pattern_add_color_stop_rgb(p, 1, r1, g1, b1);
    cairo_set_source(cr, p);
    cairo_paint(cr);
    cairo_pattern_destroy(p);
    cairo_destroy(cr);
    return s;
}

int main(int argc, char **argv) {
    cairo_surface_t *target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, H);
    cairo_t *cr = cairo_create(target);
    if ((argc == 3 || argc == 4) && strcmp(argv[1], "render") == 0) {
        double seconds = atof(argv[2]);
        cairo_surface_t *a = sky(0.25, 0.55, 0.9, 0.65, 0.85, 1), *b = sky(0.45, 0.5, 0.58, 0.85, 0.87, 0.9);
        const char *names[] = { "shimmer", "spinner", "crossfade" };
        int scene;
        shimmer_setup(cr);
        for (scene = 0; scene < 3; scene++) {
            int frames = 0;
            if (argc == 4 && strcmp(argv[3], names[scene]) != 0) continue;
            double start = now();
            while (now() - start < seconds) {
                double t = frames / 60.0;
                if (scene == 0) shimmer(cr, fmod(t, 0.5) / 0.5);
                else if (scene == 1) spinner(cr, t / 0.25 * M_PI / 2);
                else crossfade(cr, a, b, fmod(t, 0.33) / 0.33);
                cairo_surface_flush(target);
                frames++;
            }
            printf("%s %.1f\n", names[scene], frames / (now() - start));
        }
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "png") == 0) {
        char path[4096];
        long bytes = 0;
        int i;
        double start = now();
        for (i = 0; i < 60; i++) {
            struct stat st;
            spinner(cr, i / 60.0 / 0.25 * M_PI / 2);
            snprintf(path, sizeof path, "%s/frame-%02d.png", argv[2], i);
            cairo_surface_write_to_png(target, path);
            if (stat(path, &st) == 0) bytes += st.st_size;
        }
        printf("png %.3f %ld\n", now() - start, bytes);
        return 0;
    }
    fprintf(stderr, "usage: baseline render SECONDS [SCENE] | baseline png FOLDER\n");
    return 2;
}
