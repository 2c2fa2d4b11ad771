/* SPDX-License-Identifier: MIT */
/*
 * scenes — the independent-renderer suite's scenes, one per 160 x 120 cell of
 * a grid six cells wide (scene n's cell has its top-left corner at
 * (160 * (n % 6), 120 * (n / 6))). scenes.html draws the same scenes with
 * HTML, CSS and SVG; the suite renders both and compares them cell by cell.
 * Every scene is built from Core Animation properties only, written as an iOS
 * programmer would.
 */
#include "fx.h"

static const fx_api *A;
static fx_status failed = FX_OK;

/* The first failure is kept; later calls still run but change nothing that matters. */
static void ok(fx_status s) { if (s != FX_OK && failed == FX_OK) failed = s; }

static double rad(double degrees) { return degrees * FX_PI / 180; }

static fx_layer make(fx_layer parent, fx_layer_kind kind, double x, double y, double w, double h) {
    fx_layer l = 0;
    ok(A->layer_create(kind, NULL, &l));
    ok(A->layer_set_frame(l, (fx_rect){ x, y, w, h }));
    ok(A->layer_add_sublayer(parent, l));
    return l;
}
static void number(fx_layer l, const char *key, double v) { fx_value x = fx_number(v); ok(A->layer_set(l, key, &x)); }
static void color(fx_layer l, const char *key, double r, double g, double b, double a) {
    fx_value x = fx_color_value(r, g, b, a); ok(A->layer_set(l, key, &x));
}
static void point(fx_layer l, const char *key, double px, double py) {
    fx_value x = fx_point_value(px, py); ok(A->layer_set(l, key, &x));
}
static void size(fx_layer l, const char *key, double w, double h) {
    fx_value x = fx_size_value(w, h); ok(A->layer_set(l, key, &x));
}
static void transform(fx_layer l, const char *key, fx_transform t) {
    fx_value x = fx_transform_value(t); ok(A->layer_set(l, key, &x));
}
static void string(fx_layer l, const char *key, const char *s) { fx_value x = fx_string_value(s); ok(A->layer_set(l, key, &x)); }
static void flag(fx_layer l, const char *key, int b) { fx_value x = fx_bool_value(b); ok(A->layer_set(l, key, &x)); }
static void numbers(fx_layer l, const char *key, const double *v, uint32_t n) {
    fx_value x = fx_numbers_value(v, n); ok(A->layer_set(l, key, &x));
}
static void colors(fx_layer l, const fx_color *c, uint32_t n) { fx_value x = fx_colors_value(c, n); ok(A->layer_set(l, "colors", &x)); }
static void path(fx_layer l, fx_path p) { fx_value x = fx_path_value(p); ok(A->layer_set(l, "path", &x)); ok(A->path_release(p)); }
static fx_path newpath(void) { fx_path p = 0; ok(A->path_create(&p)); return p; }

/* A layer by bounds size, position and anchor point rather than by frame. */
static fx_layer placed(fx_layer parent, double w, double h, double px, double py, double ax, double ay) {
    fx_layer l = make(parent, FX_LAYER, 0, 0, w, h);
    point(l, "anchorPoint", ax, ay);
    point(l, "position", px, py);
    return l;
}

/* ---- geometry ---- */

static void anchors(fx_layer c) {
    fx_layer a = placed(c, 60, 40, 20, 20, 0, 0), b = placed(c, 50, 50, 140, 100, 1, 1);
    color(a, "backgroundColor", 1, 0, 0, 1);
    transform(a, "transform", fx_transform_rotation(rad(30), 0, 0, 1));
    color(b, "backgroundColor", 0, 0, 1, 1);
    transform(b, "transform", fx_transform_rotation(rad(-20), 0, 0, 1));
}

static void nested(fx_layer c) {
    fx_layer p = make(c, FX_LAYER, 30, 25, 100, 70), k, g;
    color(p, "backgroundColor", 0.8, 0.8, 0.8, 1);
    transform(p, "transform", fx_transform_rotation(rad(15), 0, 0, 1));
    k = make(p, FX_LAYER, 10, 10, 50, 30);
    color(k, "backgroundColor", 0, 0.6, 0, 1);
    transform(k, "transform", fx_transform_scale(1.3, 0.8, 1));
    g = make(k, FX_LAYER, 15, 5, 20, 20);
    color(g, "backgroundColor", 0, 0, 1, 1);
    transform(g, "transform", fx_transform_rotation(rad(45), 0, 0, 1));
}

static void scaledAnchor(fx_layer c) {
    fx_layer a = placed(c, 80, 50, 40, 60, 0.25, 0.8);
    color(a, "backgroundColor", 0.9, 0.4, 0, 1);
    transform(a, "transform", fx_transform_concat(fx_transform_scale(1.2, 0.7, 1), fx_transform_rotation(rad(-25), 0, 0, 1)));
}

/* ---- perspective ---- */

static void perspectiveOwn(fx_layer c) {
    fx_layer card = make(c, FX_LAYER, 30, 20, 100, 80);
    color(card, "backgroundColor", 1, 0.3, 0, 1);
    transform(card, "transform", fx_transform_concat(fx_transform_rotation(rad(50), 0, 1, 0), fx_transform_perspective(300)));
}

static void perspectiveParent(fx_layer c) {
    fx_layer p = make(c, FX_LAYER, 0, 0, 160, 120), card, small;
    transform(p, "sublayerTransform", fx_transform_perspective(250));
    card = make(p, FX_LAYER, 45, 25, 90, 70);
    color(card, "backgroundColor", 0, 0.3, 1, 1);
    transform(card, "transform", fx_transform_rotation(rad(-55), 0, 1, 0));
    small = make(p, FX_LAYER, 8, 45, 30, 30);
    color(small, "backgroundColor", 0, 0.6, 0, 1);
    transform(small, "transform", fx_transform_rotation(rad(40), 1, 0, 0));
}

static void perspectiveSteep(fx_layer c) {
    fx_layer card = make(c, FX_LAYER, 30, 20, 100, 80);
    color(card, "backgroundColor", 0.6, 0, 0.8, 1);
    number(card, "cornerRadius", 12);
    number(card, "borderWidth", 5);
    color(card, "borderColor", 0, 0, 0, 1);
    transform(card, "transform", fx_transform_concat(fx_transform_rotation(rad(60), 1, 1, 0), fx_transform_perspective(220)));
}

/* ---- compositing ---- */

static void groupOpacity(fx_layer c) {
    fx_layer g = make(c, FX_LAYER, 0, 0, 160, 120), r, b;
    number(g, "opacity", 0.5);
    r = make(g, FX_LAYER, 20, 20, 80, 60);
    color(r, "backgroundColor", 1, 0, 0, 1);
    b = make(g, FX_LAYER, 60, 40, 80, 60);
    color(b, "backgroundColor", 0, 0, 1, 1);
}

static void roundedClip(fx_layer c) {
    fx_layer p = make(c, FX_LAYER, 30, 15, 100, 90), a, b;
    number(p, "cornerRadius", 24);
    flag(p, "masksToBounds", 1);
    color(p, "backgroundColor", 1, 0.9, 0, 1);
    a = make(p, FX_LAYER, -20, 40, 90, 90);
    color(a, "backgroundColor", 0, 0, 1, 1);
    b = make(p, FX_LAYER, 60, -10, 60, 60);
    color(b, "backgroundColor", 1, 0, 0, 1);
    transform(b, "transform", fx_transform_rotation(rad(30), 0, 0, 1));
}

static void shapeMask(fx_layer c) {
    fx_layer l = make(c, FX_LAYER, 20, 10, 120, 100), stripe, m;
    fx_path p = newpath();
    color(l, "backgroundColor", 1, 0, 0, 1);
    stripe = make(l, FX_LAYER, 0, 40, 120, 20);
    color(stripe, "backgroundColor", 1, 1, 1, 1);
    ok(A->layer_create(FX_LAYER_SHAPE, "mask", &m));
    ok(A->layer_set_frame(m, (fx_rect){ 0, 0, 120, 100 }));
    ok(A->path_add_ellipse(p, (fx_rect){ 0, 0, 120, 100 }));
    path(m, p);
    color(m, "fillColor", 0, 0, 0, 1);
    ok(A->layer_set_mask(l, m));
}

static void gradientMask(fx_layer c) {
    fx_layer l = make(c, FX_LAYER, 20, 20, 120, 80), m;
    fx_color ramp[2] = { { 0, 0, 0, 0 }, { 0, 0, 0, 1 } };
    color(l, "backgroundColor", 0, 0, 1, 1);
    ok(A->layer_create(FX_LAYER_GRADIENT, "mask", &m));
    ok(A->layer_set_frame(m, (fx_rect){ 0, 0, 120, 80 }));
    colors(m, ramp, 2);
    point(m, "startPoint", 0, 0.5);
    point(m, "endPoint", 1, 0.5);
    ok(A->layer_set_mask(l, m));
}

static void border(fx_layer c) {
    fx_layer l = make(c, FX_LAYER, 20, 15, 120, 90), k;
    color(l, "backgroundColor", 0.9, 0.9, 0.6, 1);
    number(l, "cornerRadius", 20);
    number(l, "borderWidth", 6);
    color(l, "borderColor", 0, 0, 1, 1);
    k = make(l, FX_LAYER, -10, 50, 80, 60);
    color(k, "backgroundColor", 1, 0, 0, 1);
}

static void zOrder(fx_layer c) {
    fx_layer a = make(c, FX_LAYER, 20, 15, 60, 60), b = make(c, FX_LAYER, 50, 30, 60, 60), d = make(c, FX_LAYER, 80, 45, 60, 60);
    color(a, "backgroundColor", 1, 0, 0, 1);
    number(a, "zPosition", 2);
    color(b, "backgroundColor", 0, 0.7, 0, 1);
    color(d, "backgroundColor", 0, 0, 1, 1);
    number(d, "zPosition", 1);
}

static void hiddenAndNestedOpacity(fx_layer c) {
    fx_layer a = make(c, FX_LAYER, 20, 20, 120, 80), b, h;
    color(a, "backgroundColor", 0, 0.5, 0.5, 1);
    number(a, "opacity", 0.7);
    b = make(a, FX_LAYER, 20, 20, 80, 40);
    color(b, "backgroundColor", 1, 1, 0, 1);
    number(b, "opacity", 0.6);
    h = make(a, FX_LAYER, 0, 0, 40, 40);
    color(h, "backgroundColor", 1, 0, 0, 1);
    flag(h, "hidden", 1);
}

/* ---- gradients ---- */

static fx_layer gradient(fx_layer c, double x, double y, double w, double h, const fx_color *cs, uint32_t n) {
    fx_layer g = make(c, FX_LAYER_GRADIENT, x, y, w, h);
    colors(g, cs, n);
    return g;
}

static void axial(fx_layer c) {
    static const fx_color cs[3] = { { 1, 0, 0, 1 }, { 1, 1, 0, 1 }, { 0, 0, 1, 1 } };
    static const double at[3] = { 0.2, 0.5, 0.9 };
    fx_layer g = gradient(c, 10, 20, 140, 80, cs, 3);
    numbers(g, "locations", at, 3);
    point(g, "startPoint", 0, 0.5);
    point(g, "endPoint", 1, 0.5);
}

static void diagonal(fx_layer c) {
    static const fx_color cs[2] = { { 0, 0.8, 0, 1 }, { 0.8, 0, 0.8, 1 } };
    fx_layer g = gradient(c, 20, 10, 120, 100, cs, 2);
    point(g, "startPoint", 0, 0);
    point(g, "endPoint", 1, 1);
}

static void radial(fx_layer c) {
    static const fx_color cs[3] = { { 1, 1, 1, 1 }, { 1, 0.6, 0, 1 }, { 0.4, 0, 0.6, 1 } };
    static const double at[3] = { 0, 0.6, 1 };
    fx_layer g = gradient(c, 20, 10, 120, 100, cs, 3);
    numbers(g, "locations", at, 3);
    string(g, "type", "radial");
    point(g, "startPoint", 0.5, 0.5);
    point(g, "endPoint", 1, 1);
}

static void conic(fx_layer c) {
    static const fx_color cs[5] = { { 1, 0, 0, 1 }, { 1, 1, 0, 1 }, { 0, 0.8, 0, 1 }, { 0, 0, 1, 1 }, { 1, 0, 0, 1 } };
    static const double at[5] = { 0, 0.25, 0.5, 0.75, 1 };
    fx_layer g = gradient(c, 30, 10, 100, 100, cs, 5);
    numbers(g, "locations", at, 5);
    string(g, "type", "conic");
    point(g, "startPoint", 0.5, 0.5);
    point(g, "endPoint", 1, 0.5);
}

static void roundedGradient(fx_layer c) {
    static const fx_color cs[2] = { { 0, 0.4, 1, 1 }, { 1, 0.2, 0.4, 1 } };
    fx_layer g = gradient(c, 20, 10, 120, 100, cs, 2);
    number(g, "cornerRadius", 40);
}

/* ---- shadows ---- */

static void shadow(fx_layer l, double opacity, double dx, double dy, double radius) {
    number(l, "shadowOpacity", opacity);
    size(l, "shadowOffset", dx, dy);
    number(l, "shadowRadius", radius);
}

static void boxShadow(fx_layer c) {
    fx_layer l = make(c, FX_LAYER, 30, 20, 90, 70);
    color(l, "backgroundColor", 0.2, 0.6, 1, 1);
    number(l, "cornerRadius", 12);
    shadow(l, 0.8, 6, 8, 6);
}

static void shapeShadow(fx_layer c) {
    fx_layer s = make(c, FX_LAYER_SHAPE, 0, 0, 160, 120);
    fx_path p = newpath();
    ok(A->path_move_to(p, 80, 15));
    ok(A->path_line_to(p, 135, 95));
    ok(A->path_line_to(p, 25, 95));
    ok(A->path_close(p));
    path(s, p);
    color(s, "fillColor", 1, 0, 0, 1);
    shadow(s, 0.6, 0, 6, 4);
}

static void clippedShadow(fx_layer c) {
    fx_layer l = make(c, FX_LAYER, 20, 20, 100, 80), k, opaque;
    number(l, "cornerRadius", 16);
    flag(l, "masksToBounds", 1);
    shadow(l, 1, 10, 10, 4);
    k = make(l, FX_LAYER, 10, 10, 50, 40);
    color(k, "backgroundColor", 1, 0, 0, 1);
    opaque = make(c, FX_LAYER, 125, 10, 30, 30);
    color(opaque, "backgroundColor", 0, 0.6, 0, 1);
    flag(opaque, "masksToBounds", 1);
    shadow(opaque, 1, 5, 5, 3);
}

/* ---- shapes ---- */

static fx_layer stroked(fx_layer c, fx_path p, double width, double r, double g, double b) {
    fx_layer s = make(c, FX_LAYER_SHAPE, 0, 0, 160, 120);
    path(s, p);
    color(s, "fillColor", 0, 0, 0, 0);
    color(s, "strokeColor", r, g, b, 1);
    number(s, "lineWidth", width);
    return s;
}

static void strokeRange(fx_layer c) {
    fx_path p = newpath();
    fx_layer s;
    ok(A->path_move_to(p, 20, 100));
    ok(A->path_line_to(p, 60, 20));
    ok(A->path_line_to(p, 100, 100));
    ok(A->path_line_to(p, 140, 20));
    s = stroked(c, p, 8, 0, 0, 1);
    number(s, "strokeStart", 0.15);
    number(s, "strokeEnd", 0.8);
    string(s, "lineJoin", "round");
}

static void dashes(fx_layer c) {
    static const double dash[2] = { 12, 6 };
    fx_path p = newpath();
    fx_layer s;
    ok(A->path_move_to(p, 20, 20));
    ok(A->path_line_to(p, 140, 20));
    ok(A->path_line_to(p, 140, 100));
    ok(A->path_line_to(p, 20, 100));
    ok(A->path_close(p));
    s = stroked(c, p, 4, 0, 0.5, 0);
    numbers(s, "lineDashPattern", dash, 2);
    number(s, "lineDashPhase", 3);
}

static void caps(fx_layer c) {
    static const char *names[3] = { "butt", "round", "square" };
    int i;
    for (i = 0; i < 3; i++) {
        fx_path p = newpath();
        fx_layer s;
        ok(A->path_move_to(p, 30, 25 + 35 * i));
        ok(A->path_line_to(p, 130, 25 + 35 * i));
        s = stroked(c, p, 14, 0, 0, 0);
        string(s, "lineCap", names[i]);
    }
}

static void joins(fx_layer c) {
    static const char *names[3] = { "miter", "round", "bevel" };
    int i;
    for (i = 0; i < 3; i++) {
        double x = 15 + 48 * i;
        fx_path p = newpath();
        fx_layer s;
        ok(A->path_move_to(p, x, 95));
        ok(A->path_line_to(p, x + 20, 30));
        ok(A->path_line_to(p, x + 40, 95));
        s = stroked(c, p, 10, 0.5, 0, 0.5);
        string(s, "lineJoin", names[i]);
    }
}

static void evenOdd(fx_layer c) {
    fx_path p = newpath();
    fx_layer s = make(c, FX_LAYER_SHAPE, 0, 0, 160, 120);
    int i;
    for (i = 0; i < 5; i++) {
        double a = rad(-90 + 144 * i);
        double x = 80 + 50 * cos(a), y = 62 + 50 * sin(a);
        if (i == 0) ok(A->path_move_to(p, x, y)); else ok(A->path_line_to(p, x, y));
    }
    ok(A->path_close(p));
    path(s, p);
    color(s, "fillColor", 0.5, 0, 0.8, 1);
    string(s, "fillRule", "evenOdd");
}

static void text(fx_layer c) {
    fx_layer t = make(c, FX_LAYER_TEXT, 10, 40, 140, 40);
    string(t, "string", "Ag fx 42");
    string(t, "font", "DejaVu Sans");
    number(t, "fontSize", 28);
    color(t, "foregroundColor", 0, 0, 0, 1);
}

static void clippedPerspective(fx_layer c) {
    fx_layer p = make(c, FX_LAYER, 20, 10, 120, 100), card;
    number(p, "cornerRadius", 30);
    flag(p, "masksToBounds", 1);
    color(p, "backgroundColor", 0.85, 0.85, 0.85, 1);
    card = make(p, FX_LAYER, -10, 10, 140, 80);
    color(card, "backgroundColor", 1, 0.5, 0, 1);
    transform(card, "transform", fx_transform_concat(fx_transform_rotation(rad(35), 0, 1, 0), fx_transform_perspective(250)));
}

typedef void (*scene_fn)(fx_layer cell);
static const scene_fn scenes[] = {
    anchors, nested, scaledAnchor, perspectiveOwn, perspectiveParent, perspectiveSteep,
    groupOpacity, roundedClip, shapeMask, gradientMask, border, zOrder,
    hiddenAndNestedOpacity, axial, diagonal, radial, conic, roundedGradient,
    boxShadow, shapeShadow, clippedShadow, strokeRange, dashes, caps,
    joins, evenOdd, text, clippedPerspective,
};

static fx_status grid(const fx_api *api, fx_layer stage) {
    unsigned i;
    A = api;
    for (i = 0; i < sizeof scenes / sizeof scenes[0]; i++) {
        fx_layer cell = make(stage, FX_LAYER, 160.0 * (i % 6), 120.0 * (i / 6), 160, 120);
        scenes[i](cell);
    }
    return failed;
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "grid", "every scene, one per 160 x 120 cell", NULL, 0, (fx_build_fn)grid },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "scenes", "1.0.0", "the independent-renderer scenes", factories, 1,
};
FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
