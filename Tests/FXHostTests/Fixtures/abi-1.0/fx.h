/* SPDX-License-Identifier: MIT-0 */
/*
 * fx.h — the fxhost plugin ABI, version 1.0.
 *
 * This header is the whole contract between fxhost and an effect plugin. A
 * plugin includes it, exports one entry function (FX_PLUGIN_ENTRY), and does
 * everything else through the function table the host hands it. A plugin
 * never links against fxhost or its engine.
 *
 *     #include "fx.h"
 *
 *     static fx_status build(const fx_api *api, fx_layer stage, const char *text) { ... }
 *
 *     static const fx_param params[] = {
 *         { sizeof(fx_param), "text", FX_PARAM_STRING, "the words to show", "Hello", 0, 0, 0, NULL, 0 },
 *     };
 *     static const fx_factory factories[] = {
 *         { sizeof(fx_factory), "hello", "shows some text", params, 1, (fx_build_fn)build },
 *     };
 *     static const fx_plugin plugin = {
 *         sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "hello", "1.0.0", "says hello", factories, 1,
 *     };
 *     FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
 *
 * Build it as a shared object (no fxhost library to link):
 *
 *     cc -std=c99 -shared -fPIC -I <dir of fx.h> hello.c -o hello.so
 *
 * Rules the host keeps, and the plugin may rely on:
 *   - Threading: every call into the plugin (the entry, build functions,
 *     callbacks) happens on one thread, one at a time. Host functions may only
 *     be called from inside one of those calls; outside them they return
 *     FX_ERR_NOT_NOW.
 *   - Strings are UTF-8 and NUL-terminated. The host copies every string and
 *     array it is given before the call returns and keeps no plugin pointer
 *     afterwards. Pointers the host returns (strings, arrays inside an
 *     fx_value, last_error) stay valid until the plugin's next host call.
 *   - Handles (fx_layer, fx_animation, fx_image, fx_path) are opaque numbers,
 *     never pointers. 0 is "no object". A stale or forged handle is reported
 *     as FX_ERR_BAD_HANDLE; it can never corrupt memory.
 *   - Every host function returns an fx_status; on failure, last_error()
 *     gives a one-line message, and the host also reports it on stderr with
 *     the plugin's name.
 *   - Time is the host's simulated clock, in seconds from the start of the
 *     run. It never reads the wall clock; same inputs give the same output.
 *   - No C++ exception, longjmp or other non-local exit may cross this
 *     boundary in either direction.
 *
 * Versioning (docs/ABI.md has the full rules): FX_ABI_MAJOR changes only for
 * an incompatible change, and the host refuses a plugin of another major.
 * Minor versions only append: new host functions go at the end of fx_api,
 * new fields at the end of structs, and every struct starts with its own
 * size. A plugin built against 1.0 loads in a 1.7 host; a 1.7 plugin loaded
 * by a 1.0 host can tell what the host lacks with FX_API_HAS(api, member).
 */
#ifndef FX_H
#define FX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Versions, export and entry                                                 */
/* ------------------------------------------------------------------------ */

/** The ABI major version: differs only across incompatible changes. */
#define FX_ABI_MAJOR 1
/** The ABI minor version: each minor only appends to the previous one. */
#define FX_ABI_MINOR 0

/** Marks a function as exported from the plugin with C linkage. */
#if defined(_WIN32)
#define FX_EXPORT_ATTRIBUTE __declspec(dllexport)
#else
#define FX_EXPORT_ATTRIBUTE __attribute__((visibility("default")))
#endif
#ifdef __cplusplus
#define FX_EXPORT extern "C" FX_EXPORT_ATTRIBUTE
#else
#define FX_EXPORT FX_EXPORT_ATTRIBUTE
#endif

/** The name of the one symbol the host looks up in a plugin. */
#define FX_ENTRY_SYMBOL "fx_plugin_entry"

struct fx_api;
struct fx_plugin;

/**
 * The entry function's type. The host calls it once, right after loading,
 * with its function table; the plugin returns a pointer to a static
 * descriptor (or NULL to decline loading). The entry should only describe:
 * build layers in a factory's build function, not here.
 */
typedef const struct fx_plugin *(*fx_entry_fn)(const struct fx_api *api);

/** Declares and exports the entry function: `FX_PLUGIN_ENTRY(api) { return &plugin; }`. */
#define FX_PLUGIN_ENTRY(api_name) \
    FX_EXPORT const struct fx_plugin *fx_plugin_entry(const struct fx_api *api_name)

/* ------------------------------------------------------------------------ */
/* Status codes                                                               */
/* ------------------------------------------------------------------------ */

/** What every host function (and every build function and callback) returns. */
typedef int32_t fx_status;

/** Success. */
#define FX_OK 0
/** A handle that was never issued, was released, or is of the wrong kind. */
#define FX_ERR_BAD_HANDLE 1
/** A key path the layer kind does not have (`positon`, `colors` on a plain layer). */
#define FX_ERR_BAD_KEY_PATH 2
/** A value of the wrong type for a key path or field. */
#define FX_ERR_BAD_TYPE 3
/** A value of the right type that is not acceptable (NaN, out of range, unknown name). */
#define FX_ERR_BAD_VALUE 4
/** A NULL pointer or otherwise unusable argument. */
#define FX_ERR_BAD_ARGUMENT 5
/** Nothing found (a missing animation key, an unreadable file). */
#define FX_ERR_NOT_FOUND 6
/** A host limit was reached (layers, animations, image size); see docs/ABI.md. */
#define FX_ERR_LIMIT 7
/** A host function was called outside a build function or callback. */
#define FX_ERR_NOT_NOW 8
/** The plugin's own failure: return it from a build function or callback after fail(). */
#define FX_ERR_FAILED 9

/* ------------------------------------------------------------------------ */
/* Handles and plain values                                                   */
/* ------------------------------------------------------------------------ */

/** A layer in the host's tree. */
typedef uint64_t fx_layer;
/** An animation template: configure it, then add copies of it to layers. */
typedef uint64_t fx_animation;
/** Decoded pixels a layer can show as its contents. */
typedef uint64_t fx_image;
/** A vector path being built, for shape layers and keyframe motion. */
typedef uint64_t fx_path;

/** A point; y grows downwards, as in UIKit. */
typedef struct fx_point { double x, y; } fx_point;
/** A width and a height. */
typedef struct fx_size { double width, height; } fx_size;
/** An origin and a size. */
typedef struct fx_rect { double x, y, width, height; } fx_rect;
/** An sRGB colour with straight alpha, each channel 0…1. */
typedef struct fx_color { double red, green, blue, alpha; } fx_color;
/**
 * A 4×4 transform with CATransform3D's layout: points are row vectors,
 * translation is m[12..14] (m41…m43), perspective is m[11] (m34 = −1/d).
 * m is in row order: m11, m12, m13, m14, m21, … m44.
 */
typedef struct fx_transform { double m[16]; } fx_transform;

/** The type tag of an fx_value. */
typedef int32_t fx_value_type;
#define FX_VALUE_NONE 0       /**< no value (a getter's answer for an empty property) */
#define FX_VALUE_NUMBER 1     /**< u.number */
#define FX_VALUE_POINT 2      /**< u.point */
#define FX_VALUE_SIZE 3       /**< u.size */
#define FX_VALUE_RECT 4       /**< u.rect */
#define FX_VALUE_COLOR 5      /**< u.color */
#define FX_VALUE_TRANSFORM 6  /**< u.transform */
#define FX_VALUE_STRING 7     /**< u.string (UTF-8) */
#define FX_VALUE_BOOL 8       /**< u.boolean (0 or 1) */
#define FX_VALUE_NUMBERS 9    /**< u.numbers, `count` of them */
#define FX_VALUE_COLORS 10    /**< u.colors, `count` of them */
#define FX_VALUE_PATH 11      /**< u.path (a handle); the host copies the path's current shape */
#define FX_VALUE_IMAGE 12     /**< u.image (a handle; 0 clears contents) */

/**
 * A value crossing the ABI: a type tag and a union. New types may be added
 * in later minors; the union's size never grows (fx_transform is its largest
 * member). Use the fx_number(), fx_point_value() … helpers below to make one.
 */
typedef struct fx_value {
    fx_value_type type;
    /** Element count for FX_VALUE_NUMBERS and FX_VALUE_COLORS; 0 otherwise. */
    uint32_t count;
    union {
        double number;
        fx_point point;
        fx_size size;
        fx_rect rect;
        fx_color color;
        fx_transform transform;
        const char *string;
        int32_t boolean;
        const double *numbers;
        const fx_color *colors;
        fx_path path;
        fx_image image;
    } u;
} fx_value;

/* ------------------------------------------------------------------------ */
/* Layer kinds, animation kinds, timing                                       */
/* ------------------------------------------------------------------------ */

/** Which Core Animation layer class a new layer is. */
typedef int32_t fx_layer_kind;
#define FX_LAYER 0           /**< CALayer: bounds, position, transform, opacity, colours, contents, … */
#define FX_LAYER_GRADIENT 1  /**< CAGradientLayer: adds colors, locations, startPoint, endPoint, type */
#define FX_LAYER_SHAPE 2     /**< CAShapeLayer: adds path, fillColor, strokeColor, lineWidth, strokeEnd, … */
#define FX_LAYER_TEXT 3      /**< CATextLayer: adds string, font, fontSize, foregroundColor, alignmentMode, … */

/** Which CAAnimation class a new animation is. */
typedef int32_t fx_animation_kind;
#define FX_ANIMATION_BASIC 0       /**< CABasicAnimation: from / to / by */
#define FX_ANIMATION_SPRING 1      /**< CASpringAnimation: from / to / by paced by a spring */
#define FX_ANIMATION_KEYFRAME 2    /**< CAKeyframeAnimation: values, keyTimes, timingFunctions, path */
#define FX_ANIMATION_GROUP 3       /**< CAAnimationGroup: children added with group_add */
#define FX_ANIMATION_TRANSITION 4  /**< CATransition: type, subtype, startProgress, endProgress */

/**
 * A layer's own timing (CAMediaTiming as layers use it): its local time is
 * (parent time − begin_time) × speed + time_offset. Pause a layer with
 * speed 0 and time_offset at the paused local time; resume as QA1673 does.
 */
typedef struct fx_layer_timing {
    uint32_t struct_size; /**< sizeof(fx_layer_timing) */
    double begin_time;
    double speed;
    double time_offset;
} fx_layer_timing;

/** Called when an animation's active interval starts (animationDidStart). */
typedef fx_status (*fx_did_start_fn)(void *user);
/** Called when an animation ends (finished = 1) or is removed first (finished = 0). */
typedef fx_status (*fx_did_stop_fn)(void *user, int32_t finished);
/** Called when a timer fires; the host's clock reads the timer's due time. */
typedef fx_status (*fx_timer_fn)(void *user);
/** Called when a named event fires (scripted with `--event T:NAME`). */
typedef fx_status (*fx_event_fn)(void *user, const char *name);

/** Log levels for api->log. */
#define FX_LOG_INFO 0
#define FX_LOG_WARNING 1

/* ------------------------------------------------------------------------ */
/* The host function table                                                    */
/* ------------------------------------------------------------------------ */

/**
 * Everything a plugin can do, handed to the entry function and to every
 * build function. Members are only ever appended; check FX_API_HAS before
 * calling a member newer than the minor you need to support.
 */
typedef struct fx_api {
    /** sizeof(fx_api) as the host compiled it: the members it has. */
    uint32_t struct_size;
    /** The host's ABI version. */
    uint16_t abi_major;
    uint16_t abi_minor;

    /* ---- 1.0: errors and logging ---- */

    /** The message of the last failed host call (or of fail()), "" if none. */
    const char *(*last_error)(void);
    /** Records the plugin's own failure message; return FX_ERR_FAILED after it. */
    void (*fail)(const char *message);
    /** Writes a message to the host's stderr, prefixed with the plugin's name. */
    void (*log)(int32_t level, const char *message);

    /* ---- 1.0: the stage and its clock ---- */

    /** The stage size in points (the --size the user chose). */
    fx_status (*stage_size)(fx_size *out);
    /** The simulated time now, in seconds (CACurrentMediaTime()). */
    double (*now)(void);

    /* ---- 1.0: layers ---- */

    /** Makes a layer of `kind`, not yet in the tree. `name` may be NULL; names appear in traces. */
    fx_status (*layer_create)(fx_layer_kind kind, const char *name, fx_layer *out);
    /** Sets a model value by Core Animation key path (`position`, `bounds.size.width`, `transform.scale`). */
    fx_status (*layer_set)(fx_layer layer, const char *key_path, const fx_value *value);
    /** Reads a model value by key path. Strings and arrays point into host memory (see the rules above). */
    fx_status (*layer_get)(fx_layer layer, const char *key_path, fx_value *out);
    /** Sets bounds size and position from a frame, as assigning CALayer.frame does. */
    fx_status (*layer_set_frame)(fx_layer layer, fx_rect frame);
    /** Appends `child` to `parent`'s sublayers (moving it from any other parent). */
    fx_status (*layer_add_sublayer)(fx_layer parent, fx_layer child);
    /** Inserts `child` at `index` in `parent`'s sublayers (clamped). */
    fx_status (*layer_insert_sublayer)(fx_layer parent, fx_layer child, int32_t index);
    /** Inserts `child` just above `sibling` (drawn after it). */
    fx_status (*layer_insert_above)(fx_layer parent, fx_layer child, fx_layer sibling);
    /** Inserts `child` just below `sibling` (drawn before it). */
    fx_status (*layer_insert_below)(fx_layer parent, fx_layer child, fx_layer sibling);
    /** Removes the layer from its superlayer; the handle stays valid. */
    fx_status (*layer_remove_from_superlayer)(fx_layer layer);
    /** Makes `mask`'s alpha mask `layer` (0 clears). A mask belongs to no sublayer list. */
    fx_status (*layer_set_mask)(fx_layer layer, fx_layer mask);
    /** Sets the layer's own timing (begin_time, speed, time_offset). */
    fx_status (*layer_set_timing)(fx_layer layer, const fx_layer_timing *timing);
    /** Reads the layer's own timing. Set out->struct_size before the call. */
    fx_status (*layer_get_timing)(fx_layer layer, fx_layer_timing *out);
    /** The layer's local time now (`convertTime(CACurrentMediaTime(), from: nil)`). */
    fx_status (*layer_local_time)(fx_layer layer, double *out);

    /* ---- 1.0: animations ---- */

    /** Makes an animation template. `key_path` is required for basic, spring and keyframe; NULL otherwise. */
    fx_status (*animation_create)(fx_animation_kind kind, const char *key_path, fx_animation *out);
    /**
     * Sets one field of an animation template, by name:
     *   timing: duration, beginTime, speed, timeOffset, repeatCount, repeatDuration (numbers);
     *           autoreverses, removedOnCompletion, additive, cumulative (bools);
     *           fillMode ("removed", "forwards", "backwards", "both");
     *           timingFunction (a name: "linear", "easeIn", "easeOut", "easeInEaseOut",
     *           "default"; or 4 numbers: a custom cubic Bézier x1, y1, x2, y2)
     *   basic and spring: from, to, by (of the key path's type)
     *   spring: mass, stiffness, damping, initialVelocity (numbers), allowsOverdamping (bool);
     *           or dampingRatio (number), which with the current duration and
     *           initialVelocity sets the spring as UIKit's usingSpringWithDamping does
     *   keyframe: keyTimes (numbers), calculationMode ("linear", "discrete", "paced",
     *           "cubic", "cubicPaced"), path (a path), tensionValues, continuityValues,
     *           biasValues (numbers); values are set with animation_set_values
     *   transition: type ("fade", "moveIn", "push", "reveal", "cube", "flip"),
     *           subtype ("fromRight", "fromLeft", "fromTop", "fromBottom"),
     *           startProgress, endProgress (numbers)
     * Beginning with beginTime = 0 means "now" when the animation is added (as in Core Animation).
     */
    fx_status (*animation_set)(fx_animation animation, const char *field, const fx_value *value);
    /** Sets a keyframe animation's values (copied). */
    fx_status (*animation_set_values)(fx_animation animation, const fx_value *values, uint32_t count);
    /** Sets a keyframe animation's per-segment timing functions by name (count = values − 1). */
    fx_status (*animation_set_timing_functions)(fx_animation animation, const char *const *names, uint32_t count);
    /** Appends a copy of `child`'s current configuration to a group. */
    fx_status (*animation_group_add)(fx_animation group, fx_animation child);
    /** Sets did-start and did-stop callbacks (either may be NULL) and the `user` pointer both receive. */
    fx_status (*animation_set_callbacks)(fx_animation animation, fx_did_start_fn did_start,
                                         fx_did_stop_fn did_stop, void *user);
    /** Releases a template; layers keep the copies they were given. */
    fx_status (*animation_release)(fx_animation animation);
    /**
     * Adds a copy of the template to a layer under `key` (NULL: no key). An
     * animation already under the same key is removed first and reports
     * finished = 0. The template stays yours to change and add again.
     */
    fx_status (*layer_add_animation)(fx_layer layer, fx_animation animation, const char *key);
    /** Removes the animation under `key`; it reports finished = 0. FX_ERR_NOT_FOUND if none. */
    fx_status (*layer_remove_animation)(fx_layer layer, const char *key);
    /** Removes every animation of the layer, each reporting finished = 0. */
    fx_status (*layer_remove_all_animations)(fx_layer layer);
    /** The number of keyed animations on the layer (those added with a NULL key are not counted). */
    fx_status (*layer_animation_count)(fx_layer layer, uint32_t *out);
    /** The key of the index-th keyed animation, in the order they were added. */
    fx_status (*layer_animation_key)(fx_layer layer, uint32_t index, const char **out);

    /* ---- 1.0: timers and events ---- */

    /** Calls `fn(user)` `delay` seconds from now (the seeds' delay(0.5) { … }); *out_id may be NULL. */
    fx_status (*timer_add)(double delay, fx_timer_fn fn, void *user, uint64_t *out_id);
    /** Cancels a pending timer. FX_ERR_NOT_FOUND if it already fired or never was. */
    fx_status (*timer_cancel)(uint64_t id);
    /** Calls `fn(user, name)` whenever the event `name` fires (`fxhost --event 1.5:tap`). */
    fx_status (*event_on)(const char *name, fx_event_fn fn, void *user);

    /* ---- 1.0: images ---- */

    /** Decodes a PNG file. Errors name the file and what is wrong with it. */
    fx_status (*image_load_png)(const char *path, fx_image *out);
    /** Makes an image from straight-alpha RGBA bytes, rows top to bottom, width × 4 bytes each (copied). */
    fx_status (*image_create_rgba)(int32_t width, int32_t height, const uint8_t *rgba, fx_image *out);
    /** An image's size in pixels. */
    fx_status (*image_size)(fx_image image, int32_t *width, int32_t *height);

    /* ---- 1.0: paths ---- */

    /** Starts an empty path. */
    fx_status (*path_create)(fx_path *out);
    /** Begins a new subpath at (x, y). */
    fx_status (*path_move_to)(fx_path path, double x, double y);
    /** A straight line to (x, y). */
    fx_status (*path_line_to)(fx_path path, double x, double y);
    /** A quadratic curve through control point (cx, cy) to (x, y). */
    fx_status (*path_quad_to)(fx_path path, double cx, double cy, double x, double y);
    /** A cubic curve through (c1x, c1y) and (c2x, c2y) to (x, y). */
    fx_status (*path_cubic_to)(fx_path path, double c1x, double c1y, double c2x, double c2y, double x, double y);
    /** An arc as UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:); angles in radians, y down. */
    fx_status (*path_arc)(fx_path path, double cx, double cy, double radius, double start_angle,
                          double end_angle, int32_t clockwise);
    /** A closed rectangle. */
    fx_status (*path_add_rect)(fx_path path, fx_rect rect);
    /** A closed rectangle with circular corners of `radius`. */
    fx_status (*path_add_rounded_rect)(fx_path path, fx_rect rect, double radius);
    /** A closed ellipse inscribed in `rect`. */
    fx_status (*path_add_ellipse)(fx_path path, fx_rect rect);
    /** Closes the current subpath. */
    fx_status (*path_close)(fx_path path);
    /** Releases the path; values already set from it keep their copy. */
    fx_status (*path_release)(fx_path path);
} fx_api;

/** True when the host's table has `member` (it was built against a minor that has it). */
#define FX_API_HAS(api, member) \
    ((api)->struct_size >= offsetof(fx_api, member) + sizeof((api)->member) && (api)->member != NULL)

/* ------------------------------------------------------------------------ */
/* What a plugin describes                                                    */
/* ------------------------------------------------------------------------ */

/**
 * The type of a factory parameter, which fixes the C type its build
 * function receives for it:
 *   FX_PARAM_STRING  const char *    any UTF-8 text
 *   FX_PARAM_DOUBLE  double          a finite number, within [min, max] when flagged
 *   FX_PARAM_INT     int32_t         a whole number, within [min, max] when flagged
 *   FX_PARAM_BOOL    int32_t         0 or 1 (true/false, yes/no, on/off, 1/0 on the command line)
 *   FX_PARAM_COLOR   const fx_color * "#rrggbb", "#rrggbbaa", or a name (white, black, red, …)
 *   FX_PARAM_FILE    const char *    a path to a file that exists and can be read; "" when not given
 *   FX_PARAM_CHOICE  int32_t         the index of the chosen name in `choices`
 */
typedef int32_t fx_param_type;
#define FX_PARAM_STRING 1
#define FX_PARAM_DOUBLE 2
#define FX_PARAM_INT 3
#define FX_PARAM_BOOL 4
#define FX_PARAM_COLOR 5
#define FX_PARAM_FILE 6
#define FX_PARAM_CHOICE 7

/** fx_param.flags: `min` is a lower bound. */
#define FX_PARAM_HAS_MIN 1u
/** fx_param.flags: `max` is an upper bound. */
#define FX_PARAM_HAS_MAX 2u

/**
 * One parameter of a factory, shown by `fxhost --plugin P --help` and set
 * on the command line as `--name value`.
 */
typedef struct fx_param {
    uint32_t struct_size;          /**< sizeof(fx_param) */
    const char *name;              /**< lowercase words joined by '-': "effect-width" */
    fx_param_type type;
    const char *help;              /**< one line */
    const char *default_value;     /**< as typed on the command line; NULL means "" */
    uint32_t flags;                /**< FX_PARAM_HAS_MIN | FX_PARAM_HAS_MAX */
    double min;
    double max;
    const char *const *choices;    /**< FX_PARAM_CHOICE: the names */
    uint32_t choice_count;
} fx_param;

/**
 * A build function, to be cast to this type in fx_factory. Its real
 * signature is natural C: the API table, the stage's root layer, then one
 * argument per parameter in order, of the C type its fx_param_type names:
 *
 *     fx_status build(const fx_api *api, fx_layer stage, const char *text, double duration, int32_t direction);
 *
 * The host calls it through libffi with the command line's values, already
 * converted and checked against the parameter list. Return FX_OK, or call
 * api->fail(message) and return FX_ERR_FAILED.
 */
typedef void (*fx_build_fn)(void);

/** One effect a plugin offers. */
typedef struct fx_factory {
    uint32_t struct_size;          /**< sizeof(fx_factory) */
    const char *name;              /**< unique within the plugin; chosen with --factory */
    const char *help;              /**< one line */
    const fx_param *params;
    uint32_t param_count;
    fx_build_fn build;
} fx_factory;

/** What the entry function returns: a static description of the plugin. */
typedef struct fx_plugin {
    uint32_t struct_size;          /**< sizeof(fx_plugin) */
    uint16_t abi_major;            /**< FX_ABI_MAJOR the plugin was built with */
    uint16_t abi_minor;            /**< FX_ABI_MINOR the plugin was built with */
    const char *name;              /**< short, lowercase: "cube" */
    const char *version;           /**< the plugin's own version: "1.2.0" */
    const char *description;       /**< one line */
    const fx_factory *factories;   /**< the first is the default */
    uint32_t factory_count;
} fx_plugin;

/* ------------------------------------------------------------------------ */
/* Value helpers                                                              */
/* ------------------------------------------------------------------------ */

/** A number value. */
static inline fx_value fx_number(double v) {
    fx_value r; r.type = FX_VALUE_NUMBER; r.count = 0; r.u.transform.m[0] = 0; r.u.number = v; return r;
}
/** A point value. */
static inline fx_value fx_point_value(double x, double y) {
    fx_value r = fx_number(0); r.type = FX_VALUE_POINT; r.u.point.x = x; r.u.point.y = y; return r;
}
/** A size value. */
static inline fx_value fx_size_value(double width, double height) {
    fx_value r = fx_number(0); r.type = FX_VALUE_SIZE; r.u.size.width = width; r.u.size.height = height; return r;
}
/** A rect value. */
static inline fx_value fx_rect_value(double x, double y, double width, double height) {
    fx_value r = fx_number(0); r.type = FX_VALUE_RECT;
    r.u.rect.x = x; r.u.rect.y = y; r.u.rect.width = width; r.u.rect.height = height; return r;
}
/** A colour value. */
static inline fx_value fx_color_value(double red, double green, double blue, double alpha) {
    fx_value r = fx_number(0); r.type = FX_VALUE_COLOR;
    r.u.color.red = red; r.u.color.green = green; r.u.color.blue = blue; r.u.color.alpha = alpha; return r;
}
/** A transform value. */
static inline fx_value fx_transform_value(fx_transform t) {
    fx_value r; r.type = FX_VALUE_TRANSFORM; r.count = 0; r.u.transform = t; return r;
}
/** A string value (the host copies the text). */
static inline fx_value fx_string_value(const char *s) {
    fx_value r = fx_number(0); r.type = FX_VALUE_STRING; r.u.string = s; return r;
}
/** A boolean value. */
static inline fx_value fx_bool_value(int b) {
    fx_value r = fx_number(0); r.type = FX_VALUE_BOOL; r.u.boolean = b ? 1 : 0; return r;
}
/** An array of numbers (the host copies them). */
static inline fx_value fx_numbers_value(const double *v, uint32_t count) {
    fx_value r = fx_number(0); r.type = FX_VALUE_NUMBERS; r.count = count; r.u.numbers = v; return r;
}
/** An array of colours (the host copies them). */
static inline fx_value fx_colors_value(const fx_color *v, uint32_t count) {
    fx_value r = fx_number(0); r.type = FX_VALUE_COLORS; r.count = count; r.u.colors = v; return r;
}
/** A path value. */
static inline fx_value fx_path_value(fx_path p) {
    fx_value r = fx_number(0); r.type = FX_VALUE_PATH; r.u.path = p; return r;
}
/** An image value (0: no contents). */
static inline fx_value fx_image_value(fx_image i) {
    fx_value r = fx_number(0); r.type = FX_VALUE_IMAGE; r.u.image = i; return r;
}

/** The identity transform. */
static inline fx_transform fx_transform_identity(void) {
    fx_transform t; int i;
    for (i = 0; i < 16; i++) t.m[i] = (i % 5 == 0) ? 1.0 : 0.0;
    return t;
}
/** CATransform3DMakeScale. */
static inline fx_transform fx_transform_scale(double sx, double sy, double sz) {
    fx_transform t = fx_transform_identity(); t.m[0] = sx; t.m[5] = sy; t.m[10] = sz; return t;
}
/** CATransform3DMakeTranslation. */
static inline fx_transform fx_transform_translation(double tx, double ty, double tz) {
    fx_transform t = fx_transform_identity(); t.m[12] = tx; t.m[13] = ty; t.m[14] = tz; return t;
}
/** CATransform3DConcat(a, b): a, then b. */
static inline fx_transform fx_transform_concat(fx_transform a, fx_transform b) {
    fx_transform r; int i, j, k;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) {
            double s = 0;
            for (k = 0; k < 4; k++) s += a.m[i * 4 + k] * b.m[k * 4 + j];
            r.m[i * 4 + j] = s;
        }
    return r;
}

#ifdef __cplusplus
}
#endif

#endif /* FX_H */
