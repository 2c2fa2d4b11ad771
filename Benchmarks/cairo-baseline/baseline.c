/* SPDX-License-Identifier: MIT */
/*
 * The baseline for fxbench's render benchmarks: the same five scenes drawn
 * directly with cairo and pango each frame, at 1280×720, as a careful C
 * programmer writes them without an engine: every frame drawn whole (no
 * pixels kept from the frame before: reusing them is damage tracking, the
 * engine's work), but nothing made twice that can be made once (the text
 * layout, the images, the fonts), nothing composited over a larger area than
 * it covers (the shimmer's masked group is clipped to the text's box), and
 * opaque backgrounds copied rather than blended. Text whose pixels do not
 * change from frame to frame (the cube's labels, the login screen's title,
 * fields and button) is drawn once into a surface, as a careful programmer
 * does, and only composited after. Also the spinner's 60 frames written one by
 * one with cairo_surface_write_to_png.
 *
 *     cc -O2 baseline.c $(pkg-config --cflags --libs pangocairo) -lm -o baseline
 *     ./baseline render SECONDS [SCENE]   prints "shimmer FPS", "spinner FPS", "crossfade FPS",
 *                                         "cube FPS", "login FPS" (or only SCENE's line)
 *     ./baseline png FOLDER               writes 60 PNGs, prints "png SECONDS BYTES"
 *     ./baseline frame SCENE SECONDS FILE one frame as a binary PPM, to set beside
 *                                         "fxbench frame SCENE SECONDS FILE"
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
    PangoFontDescription *font = pango_font_description_from_string("Sans 56px");
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

/* A raster drawn once and composited after: a box w × h from the origin of
 * the coordinates it was drawn in, its pixels `res` to a point. */
typedef struct {
    cairo_surface_t *surface;
    double w, h, res;
} sprite;

/* Text laid out as fxhost lays out a text layer: `px` pixels high, at the top
 * of a box `width` wide, centred in it or at its left. */
static PangoLayout *text_layout(cairo_t *cr, const char *text, double px, double width, int centre, double *x) {
    PangoLayout *layout = pango_cairo_create_layout(cr);
    PangoFontDescription *font = pango_font_description_new();
    PangoRectangle ink, logical;
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(pango_layout_get_context(layout), options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(pango_layout_get_context(layout), 0);
    pango_layout_context_changed(layout);
    pango_font_description_set_family(font, "Sans");
    pango_font_description_set_absolute_size(font, px * PANGO_SCALE);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    pango_layout_set_text(layout, text, -1);
    pango_layout_get_extents(layout, &ink, &logical);
    *x = centre ? (width - logical.width / (double)PANGO_SCALE) / 2 : 0;
    return layout;
}

/* A sprite of a box w × h drawn by `draw` (in the box's coordinates), at `res` pixels a point. */
static sprite make_sprite(double w, double h, double res, void (*draw)(cairo_t *, const void *), const void *arg) {
    sprite sp = { NULL, w, h, res };
    cairo_t *cr;
    sp.surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(w * res), (int)ceil(h * res));
    cr = cairo_create(sp.surface);
    cairo_scale(cr, res, res);
    draw(cr, arg);
    cairo_destroy(cr);
    return sp;
}

/* Composites a sprite at opacity `alpha` (the context maps the sprite's coordinates to the target). */
static void paint_sprite(cairo_t *cr, const sprite *sp, double alpha) {
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, sp->w, sp->h);
    cairo_clip(cr);
    cairo_scale(cr, 1 / sp->res, 1 / sp->res);
    cairo_set_source_surface(cr, sp->surface, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR);
    cairo_paint_with_alpha(cr, alpha);
    cairo_restore(cr);
}

/* A line of text in a box, with an optional rounded rectangle behind it. */
typedef struct {
    const char *text;
    double px, width, height, tx, ty, tw;
    double colour[3], fill[3];
    int centre, filled;
} label;

static void draw_label(cairo_t *cr, const void *arg) {
    const label *l = arg;
    double x;
    PangoLayout *layout;
    if (l->filled) {
        double r = 5, w = l->width, h = l->height;
        cairo_new_sub_path(cr);
        cairo_arc(cr, w - r, r, r, -M_PI / 2, 0);
        cairo_arc(cr, w - r, h - r, r, 0, M_PI / 2);
        cairo_arc(cr, r, h - r, r, M_PI / 2, M_PI);
        cairo_arc(cr, r, r, r, M_PI, 3 * M_PI / 2);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, l->fill[0], l->fill[1], l->fill[2]);
        cairo_fill(cr);
    }
    layout = text_layout(cr, l->text, l->px, l->tw, l->centre, &x);
    cairo_move_to(cr, l->tx + x, l->ty);
    cairo_set_source_rgb(cr, l->colour[0], l->colour[1], l->colour[2]);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

/* CSS's and Core Animation's cubic Bézier timing function through (x1, y1), (x2, y2), at time x. */
static double bezier(double x1, double y1, double x2, double y2, double x) {
    double lo = 0, hi = 1, u = x;
    int i;
    for (i = 0; i < 60; i++) {
        double bx = 3 * (1 - u) * (1 - u) * u * x1 + 3 * (1 - u) * u * u * x2 + u * u * u;
        if (bx < x) lo = u; else hi = u;
        u = (lo + hi) / 2;
    }
    return 3 * (1 - u) * (1 - u) * u * y1 + 3 * (1 - u) * u * u * y2 + u * u * u;
}

/* The cube: "London" squashing to (1, 0.1) and moving up 25 points, "Paris" opening from 25 points
 * below, over 0.5 s, ease-out, over and over. Labels 1280 × 50 at y = 335, 36 px text, centred. */
static sprite cube_text[2];

static void cube_setup(void) {
    const char *texts[] = { "London", "Paris" };
    int i;
    for (i = 0; i < 2; i++) {
        label l = { texts[i], 36, 1280, 50, 0, 0, 1280, { 1, 1, 1 }, { 0, 0, 0 }, 1, 0 };
        cube_text[i] = make_sprite(1280, 50, 1, draw_label, &l);
    }
}

static void cube(cairo_t *cr, double t) {
    double p = bezier(0, 0, 0.58, 1, fmod(t, 0.5) / 0.5);
    double sy[2] = { 1 + (0.1 - 1) * p, 0.1 + (1 - 0.1) * p }, ty[2] = { -25 * p, 25 * (1 - p) };
    int i;
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    for (i = 0; i < 2; i++) {
        cairo_save(cr);
        cairo_translate(cr, 640, 360 + ty[i]);
        cairo_scale(cr, 1, sy[i]);
        cairo_translate(cr, -640, -25);
        paint_sprite(cr, &cube_text[i], 1);
        cairo_restore(cr);
    }
}

/* The login screen: the seed's 320 × 568 screen scaled by 720/568 and centred. Its motions are
 * piecewise-linear tracks looping every 2 s, the same table as fxbench's LoginScene.tracks. */
#define LOGIN_S (720.0 / 568)
enum { TITLE, USERNAME, PASSWORD, CLOUD1, CLOUD2, CLOUD3, CLOUD4, INFO, LOGIN, LOGIN_LAYERS };
enum { X, Y, SCALE, OPACITY };
typedef struct {
    int layer, property, n;
    double points[5][2];
} track;

static const track login_tracks[] = {
    { TITLE, X, 4, { { 0, -160 }, { 0, -160 }, { 0.5, 160 }, { 2, 160 } } },
    { TITLE, SCALE, 5, { { 0, 1 }, { 0.5, 1 }, { 0.501, 1.25 }, { 0.75, 1 }, { 2, 1 } } },
    { USERNAME, X, 4, { { 0, -160 }, { 0.3, -160 }, { 0.8, 160 }, { 2, 160 } } },
    { USERNAME, SCALE, 5, { { 0, 1 }, { 0.8, 1 }, { 0.801, 1.25 }, { 1.05, 1 }, { 2, 1 } } },
    { PASSWORD, X, 4, { { 0, -160 }, { 0.4, -160 }, { 0.9, 160 }, { 2, 160 } } },
    { PASSWORD, SCALE, 5, { { 0, 1 }, { 0.9, 1 }, { 0.901, 1.25 }, { 1.15, 1 }, { 2, 1 } } },
    { CLOUD1, OPACITY, 4, { { 0, 0 }, { 0.5, 0 }, { 1.0, 1 }, { 2, 1 } } },
    { CLOUD1, X, 2, { { 0, -40 }, { 2, 0 } } },
    { CLOUD2, OPACITY, 4, { { 0, 0 }, { 0.7, 0 }, { 1.2, 1 }, { 2, 1 } } },
    { CLOUD2, X, 2, { { 0, 336 }, { 2, 376 } } },
    { CLOUD3, OPACITY, 4, { { 0, 0 }, { 0.9, 0 }, { 1.4, 1 }, { 2, 1 } } },
    { CLOUD3, X, 2, { { 0, 321 }, { 2, 361 } } },
    { CLOUD4, OPACITY, 4, { { 0, 0 }, { 1.1, 0 }, { 1.6, 1 }, { 2, 1 } } },
    { CLOUD4, X, 2, { { 0, 79.5 }, { 2, 119.5 } } },
    { LOGIN, Y, 4, { { 0, 398 }, { 0.5, 398 }, { 1, 368 }, { 2, 368 } } },
    { LOGIN, OPACITY, 4, { { 0, 0 }, { 0.5, 0 }, { 1, 1 }, { 2, 1 } } },
    { INFO, X, 3, { { 0, 480 }, { 1.5, 160 }, { 2, 160 } } },
    { INFO, OPACITY, 3, { { 0, 0.2 }, { 1.5, 1 }, { 2, 1 } } },
};

/* Each layer's frame in the screen's coordinates: x, y, width, height. */
static const double login_frames[LOGIN_LAYERS][4] = {
    { 0, 120, 320, 36 }, { 30, 202, 260, 40 }, { 30, 263, 260, 40 },
    { -120, 79, 160, 50 }, { 256, 213, 160, 50 }, { 284, 503, 74, 35 }, { 22, 545, 115, 50 },
    { 0, 428, 320, 30 }, { 30, 343, 260, 50 },
};

static cairo_surface_t *login_background;
static sprite login_sprite[LOGIN_LAYERS];

static double track_value(const track *k, double t) {
    int i;
    for (i = 1; i < k->n; i++)
        if (t < k->points[i][0] || i == k->n - 1) {
            double t0 = k->points[i - 1][0], t1 = k->points[i][0];
            double u = t1 > t0 ? fmin(1, fmax(0, (t - t0) / (t1 - t0))) : 1;
            return k->points[i - 1][1] + (k->points[i][1] - k->points[i - 1][1]) * u;
        }
    return k->points[0][1];
}

static void login_setup(void) {
    cairo_t *cr;
    cairo_pattern_t *sky;
    label title = { "Bahama Login", 28, 320, 36, 0, 0, 320, { 1, 1, 1 }, { 0, 0, 0 }, 1, 0 };
    label user = { "  Username", 16, 260, 40, 4, 10, 252, { 0.7, 0.7, 0.7 }, { 1, 1, 1 }, 0, 1 };
    label pass = { "  Password", 16, 260, 40, 4, 10, 252, { 0.7, 0.7, 0.7 }, { 1, 1, 1 }, 0, 1 };
    label info = { "Tap on a field and enter username and password", 12, 320, 30, 0, 0, 320, { 1, 1, 1 }, { 0, 0, 0 }, 1, 0 };
    label button = { "Login", 18, 260, 50, 0, 13, 260, { 1, 0, 0 }, { 0.63, 0.84, 0.35 }, 1, 1 };
    login_sprite[TITLE] = make_sprite(320, 36, LOGIN_S, draw_label, &title);
    login_sprite[USERNAME] = make_sprite(260, 40, LOGIN_S, draw_label, &user);
    login_sprite[PASSWORD] = make_sprite(260, 40, LOGIN_S, draw_label, &pass);
    login_sprite[INFO] = make_sprite(320, 30, LOGIN_S, draw_label, &info);
    login_sprite[LOGIN] = make_sprite(260, 50, LOGIN_S, draw_label, &button);
    /* The frame's opaque background: black, the sky's gradient on the screen. */
    login_background = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, H);
    cr = cairo_create(login_background);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_paint(cr);
    cairo_translate(cr, W / 2.0 - 160 * LOGIN_S, 0);
    cairo_scale(cr, LOGIN_S, LOGIN_S);
    sky = cairo_pattern_create_linear(0, 0, 0, 568);
    cairo_pattern_add_color_stop_rgb(sky, 0, 0.27, 0.6, 0.89);
    cairo_pattern_add_color_stop_rgb(sky, 1, 0.68, 0.86, 0.98);
    cairo_rectangle(cr, 0, 0, 320, 568);
    cairo_set_source(cr, sky);
    cairo_fill(cr);
    cairo_pattern_destroy(sky);
    cairo_destroy(cr);
}

static void login(cairo_t *cr, double t) {
    double x[LOGIN_LAYERS], y[LOGIN_LAYERS], scale[LOGIN_LAYERS], opacity[LOGIN_LAYERS];
    int i;
    t = fmod(t, 2);
    for (i = 0; i < LOGIN_LAYERS; i++) {
        x[i] = login_frames[i][0] + login_frames[i][2] / 2;
        y[i] = login_frames[i][1] + login_frames[i][3] / 2;
        scale[i] = 1;
        opacity[i] = 1;
    }
    for (i = 0; i < (int)(sizeof login_tracks / sizeof login_tracks[0]); i++) {
        const track *k = &login_tracks[i];
        double v = track_value(k, t);
        if (k->property == X) x[k->layer] = v;
        else if (k->property == Y) y[k->layer] = v;
        else if (k->property == SCALE) scale[k->layer] = v;
        else opacity[k->layer] = v;
    }
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_surface(cr, login_background, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    cairo_save(cr);
    cairo_translate(cr, W / 2.0 - 160 * LOGIN_S, 0);
    cairo_scale(cr, LOGIN_S, LOGIN_S);
    cairo_rectangle(cr, 0, 0, 320, 568);
    cairo_clip(cr);
    /* In the screen's order: title, fields, clouds, info, button. */
    for (i = 0; i < LOGIN_LAYERS; i++) {
        double w = login_frames[i][2], h = login_frames[i][3];
        if (opacity[i] <= 0) continue;
        cairo_save(cr);
        cairo_translate(cr, x[i], y[i]);
        cairo_scale(cr, scale[i], scale[i]);
        cairo_translate(cr, -w / 2, -h / 2);
        if (i >= CLOUD1 && i <= CLOUD4) {
            double e[3][4] = { { 0, h * 0.35, w * 0.55, h * 0.65 }, { w * 0.25, 0, w * 0.5, h * 0.9 },
                               { w * 0.45, h * 0.3, w * 0.55, h * 0.7 } };
            int j;
            cairo_new_path(cr);
            for (j = 0; j < 3; j++) {
                cairo_save(cr);
                cairo_translate(cr, e[j][0] + e[j][2] / 2, e[j][1] + e[j][3] / 2);
                cairo_scale(cr, e[j][2] / 2, e[j][3] / 2);
                cairo_new_sub_path(cr);
                cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
                cairo_restore(cr);
            }
            cairo_set_source_rgba(cr, 1, 1, 1, 0.95 * opacity[i]);
            cairo_fill(cr);
        } else {
            paint_sprite(cr, &login_sprite[i], opacity[i]);
        }
        cairo_restore(cr);
    }
    cairo_restore(cr);
}

static const char *scene_names[] = { "shimmer", "spinner", "crossfade", "cube", "login" };
#define SCENES 5
static cairo_surface_t *crossfade_images[2];

static void setup(cairo_t *cr) {
    crossfade_images[0] = sky(0.25, 0.55, 0.9, 0.65, 0.85, 1);
    crossfade_images[1] = sky(0.45, 0.5, 0.58, 0.85, 0.87, 0.9);
    shimmer_setup(cr);
    cube_setup();
    login_setup();
}

/* The index of the scene called `name`, or -1. */
static int scene_named(const char *name) {
    int scene;
    for (scene = 0; scene < SCENES; scene++)
        if (strcmp(name, scene_names[scene]) == 0) return scene;
    return -1;
}

/* Draws scene `scene` as it is `t` seconds in. */
static void draw_scene(cairo_t *cr, int scene, double t) {
    if (scene == 0) shimmer(cr, fmod(t, 0.5) / 0.5);
    else if (scene == 1) spinner(cr, t / 0.25 * M_PI / 2);
    else if (scene == 2) crossfade(cr, crossfade_images[0], crossfade_images[1], fmod(t, 0.33) / 0.33);
    else if (scene == 3) cube(cr, t);
    else login(cr, t);
}

int main(int argc, char **argv) {
    cairo_surface_t *target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, H);
    cairo_t *cr = cairo_create(target);
    if (argc == 4 && strcmp(argv[1], "render") == 0 && scene_named(argv[3]) < 0) {
        fprintf(stderr, "baseline: no scene called %s (shimmer, spinner, crossfade, cube, login)\n", argv[3]);
        return 2;
    }
    if ((argc == 3 || argc == 4) && strcmp(argv[1], "render") == 0) {
        double seconds = atof(argv[2]);
        int scene;
        setup(cr);
        for (scene = 0; scene < SCENES; scene++) {
            int frames = 0;
            double start;
            if (argc == 4 && strcmp(argv[3], scene_names[scene]) != 0) continue;
            start = now();
            while (now() - start < seconds) {
                draw_scene(cr, scene, frames / 60.0);
                cairo_surface_flush(target);
                frames++;
            }
            printf("%s %.1f\n", scene_names[scene], frames / (now() - start));
        }
        return 0;
    }
    if (argc == 5 && strcmp(argv[1], "frame") == 0 && scene_named(argv[2]) >= 0) {
        FILE *f = fopen(argv[4], "wb");
        const unsigned char *px;
        int x, y, stride;
        if (!f) { fprintf(stderr, "baseline: cannot write %s\n", argv[4]); return 1; }
        setup(cr);
        draw_scene(cr, scene_named(argv[2]), atof(argv[3]));
        cairo_surface_flush(target);
        px = cairo_image_surface_get_data(target);
        stride = cairo_image_surface_get_stride(target);
        fprintf(f, "P6\n%d %d\n255\n", W, H);
        for (y = 0; y < H; y++)
            for (x = 0; x < W; x++) {
                /* Opaque pixels, stored as native-endian 0xAARRGGBB words. */
                unsigned int v = *(const unsigned int *)(px + y * stride + x * 4);
                fputc((v >> 16) & 255, f);
                fputc((v >> 8) & 255, f);
                fputc(v & 255, f);
            }
        return fclose(f) == 0 ? 0 : 1;
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
    fprintf(stderr, "usage: baseline render SECONDS [SCENE] | baseline png FOLDER | baseline frame SCENE SECONDS FILE\n");
    return 2;
}
