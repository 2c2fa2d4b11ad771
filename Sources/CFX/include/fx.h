/* SPDX-License-Identifier: MIT-0 */
/*
 * fx.h — the fxhost plugin ABI, version 1.6.
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
 * Licence: this header is under MIT-0 (MIT No Attribution), unlike the rest
 * of fxhost (MIT). Copy it into a plugin, change it, ship it in a plugin under
 * any licence, open or closed, without keeping this or any other notice.
 *
 * Copyright 2026 The fxhost authors
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to
 * deal in the Software without restriction, including without limitation the
 * rights to use, copy, modify, merge, publish, distribute, sublicense, and/or
 * sell copies of the Software, and to permit persons to whom the Software is
 * furnished to do so.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 * FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS
 * IN THE SOFTWARE.
 *
 * Rules the host keeps, and the plugin may rely on:
 *   - Threading: every call into the plugin (the entry, build functions,
 *     callbacks) happens on one thread, one at a time. Host functions may only
 *     be called from inside one of those calls; outside them they return
 *     FX_ERR_NOT_NOW. From any other thread, every function returns
 *     FX_ERR_NOT_NOW, fail() and log() do nothing, last_error() returns ""
 *     and now() returns 0.
 *   - Strings are UTF-8 and NUL-terminated. The host copies every string and
 *     array it is given before the call returns and keeps no plugin pointer
 *     afterwards. Pointers the host returns (strings, arrays inside an
 *     fx_value, last_error) stay valid until the plugin's next host call.
 *   - Handles (fx_layer, fx_animation, fx_image, fx_path) are opaque numbers,
 *     never pointers. 0 is "no object". A stale or forged handle, or one of
 *     another kind (an animation handle given as a layer), is reported as
 *     FX_ERR_BAD_HANDLE; it can never corrupt memory. Handles of different
 *     kinds never have the same value; their bits mean nothing to a plugin.
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
 *
 * Struct sizes and limits the host checks:
 *   - The host knows each minor's size of fx_plugin, fx_factory, fx_param
 *     and fx_layer_timing (frozen when the minor shipped) and accepts a
 *     struct whose struct_size is at least the size in the minor the plugin
 *     names in abi_minor (a minor newer than the host's: the newest size it
 *     knows), and at most 4096 bytes. Set struct_size to sizeof the struct.
 *   - It reads a struct only as far as struct_size: a field the plugin's
 *     minor lacks reads as 0, which is the default every appended field
 *     must have. Fields it does not know are ignored.
 *   - Arrays (factories, params) step by their first element's struct_size;
 *     every element must declare the same size.
 *   - A descriptor has at most 256 factories of at most 64 parameters, a
 *     choice parameter at most 256 choices, and its strings at most 4096
 *     bytes each. Other limits (handles, string and array sizes, data copied
 *     from the plugin) answer FX_ERR_LIMIT; docs/ABI.md lists them.
 *
 * Changes by minor (docs/ABI.md has the detail):
 *   1.0  the first: fx_api up to path_release; fx_plugin 48 bytes,
 *        fx_factory 48, fx_param 80, fx_layer_timing 32 (LP64).
 *   1.1  fx_api grew after path_release (timing curves, read-back of
 *        presented values and animation fields, probes, replicator and
 *        emitter layers and cells); FX_VALUE_NONE, infinite repeats;
 *        no descriptor struct changed size.
 *   1.2  fx_api grew after the 1.1 members: factory_set_build_values (a
 *        build that takes its arguments as an fx_value array) and
 *        stage_prefer (fx_stage_preference: the content's own size and
 *        end); FX_ERR_INPUT; no descriptor struct changed size.
 *   1.3  the layer key maskMode (fxhost's own; Core Animation has none):
 *        what a layer's mask keeps, "alpha" (the default, Core Animation's
 *        mask), "alphaInverted", "luminance" or "luminanceInverted"; no
 *        fx_api member or struct changed. A host before 1.3 answers
 *        FX_ERR_BAD_KEY_PATH to layer_set of it; layer_knows_key_path
 *        tells beforehand.
 *   1.4  fx_api grew after stage_prefer: image_decode_png, a PNG image
 *        decoded from bytes in memory (embedded in the plugin's data, an
 *        entry of an archive) with image_load_png's decoder and limits;
 *        no descriptor struct changed size.
 *   1.5  the text layer key foregroundColorRuns (fxhost's own; Core
 *        Animation reads the same from an NSAttributedString's
 *        foregroundColor attributes): colours for ranges of the string;
 *        no fx_api member or struct changed. A host before 1.5 answers
 *        FX_ERR_BAD_KEY_PATH to layer_set of it; layer_knows_key_path
 *        tells beforehand.
 *   1.6  the gradient layer key focalOffset (fxhost's own; Core Animation
 *        has none): a radial gradient's focal point, off its centre; no
 *        fx_api member or struct changed. A host before 1.6 answers
 *        FX_ERR_BAD_KEY_PATH to layer_set of it; layer_knows_key_path
 *        tells beforehand.
 */
#ifndef FX_H
#define FX_H

#include <math.h>
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
#define FX_ABI_MINOR 6

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
/**
 * 1.2: the user's input is wrong — a parameter's value or a file it names
 * (malformed, unsupported, too large). Return it from a build function after
 * fail() with one line naming what was wrong and where; the run stops with
 * exit status 2, as for any usage error, instead of 1 (a failing plugin).
 */
#define FX_ERR_INPUT 10

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
/** 1.1: an emitter cell template (CAEmitterCell): configure it, then add copies to emitters. */
typedef uint64_t fx_emitter_cell;

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
#define FX_VALUE_NONE 0       /**< no value: nil. A getter's answer for an empty property; since 1.1 also
                                   accepted by layer_set and animation_set where Core Animation accepts nil
                                   (fillColor, strokeColor, shadowPath, mask, contents, from/to/by, …) */
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
/*
 * 1.6: a gradient layer's key focalOffset (FX_VALUE_POINT, animatable like
 * startPoint) moves a radial gradient's focal point, where its first colour
 * is, off its centre: the offset from startPoint, in the same unit
 * coordinates of the bounds. The gradient is then the two-circle one of
 * canvas's createRadialGradient(fx, fy, 0, cx, cy, r) and SVG's fx and fy,
 * drawn in the ellipse startPoint and endPoint give: along each ray from
 * the focal point the colour runs from the first location at the focal
 * point to the last on the ellipse, and stays the last beyond it. (0, 0),
 * the default, is Core Animation's radial gradient. Axial and conic
 * gradients ignore it. A focal point outside the ellipse draws the cone
 * that rule gives.
 */
#define FX_LAYER_SHAPE 2     /**< CAShapeLayer: adds path, fillColor, strokeColor, lineWidth, strokeEnd, … */
#define FX_LAYER_TEXT 3      /**< CATextLayer: adds string, font, fontSize, foregroundColor, alignmentMode, … */
/**
 * 1.5: a text layer's key foregroundColorRuns colours ranges of its string,
 * as an NSAttributedString's foregroundColor attributes do on iOS. Its value
 * is FX_VALUE_NUMBERS, six per run: the run's first byte and the byte past
 * its end in the string's UTF-8, then the run's red, green, blue and alpha
 * (sRGB, straight alpha, 0…1). Runs are in order and do not overlap; text
 * outside every run is drawn in foregroundColor. A run reaching past the
 * string's end is cut at it. Anything else (a count that is not a multiple
 * of six, a byte offset that is negative or not whole, an end before its
 * start, a run before the previous one's end, a channel outside 0…1) is
 * FX_ERR_BAD_VALUE. An empty list (the default) colours nothing.
 */
#define FX_TEXT_RUN_NUMBERS 6
/**
 * 1.1: CAReplicatorLayer: draws its sublayers instanceCount times. Copy i
 * gets instanceTransform applied i times (about the replicator's centre),
 * runs its animations i × instanceDelay later, and is multiplied by
 * instanceColor plus i × the instance{Red,Green,Blue,Alpha}Offset. All of
 * these are animatable key paths; preservesDepth is kept for traces.
 */
#define FX_LAYER_REPLICATOR 4
/**
 * 1.1: CAEmitterLayer: emits particles from its cells (emitter_cell_create,
 * layer_add_emitter_cell). Layer key paths: emitterPosition, emitterZPosition,
 * emitterSize, emitterDepth, emitterShape ("point", "line", "rectangle",
 * "circle", "cuboid", "sphere"), emitterMode ("points", "outline", "surface",
 * "volume"), renderMode ("unordered", "oldestFirst", "oldestLast",
 * "backToFront", "additive"), and the multipliers birthRate, lifetime,
 * velocity, scale, spin; seed. Particles are a closed-form function of their
 * birth time: sampling at any time is exact and deterministic (docs/timing.md).
 */
#define FX_LAYER_EMITTER 5

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

/** 1.2: the stage size and end a plugin's content was made for (see stage_prefer). */
typedef struct fx_stage_preference {
    uint32_t struct_size; /**< sizeof(fx_stage_preference) */
    fx_size size;         /**< points; 0 × 0: no preferred size */
    double natural_end;   /**< seconds from the start of the run; 0: no preferred end */
} fx_stage_preference;

/** Called when an animation's active interval starts (animationDidStart). */
typedef fx_status (*fx_did_start_fn)(void *user);
/** Called when an animation ends (finished = 1) or is removed first (finished = 0). */
typedef fx_status (*fx_did_stop_fn)(void *user, int32_t finished);
/** Called when a timer fires; the host's clock reads the timer's due time. */
typedef fx_status (*fx_timer_fn)(void *user);
/** Called when a named event fires (scripted with `--event T:NAME`). */
typedef fx_status (*fx_event_fn)(void *user, const char *name);

/**
 * 1.2: a build function that receives its arguments as values, for plugins
 * written in languages that cannot declare one C function per parameter list
 * (Swift closures, interpreters, data-driven plugins); registered by the entry
 * with api->factory_set_build_values. `args` holds one value per parameter,
 * in order: FX_PARAM_STRING and FX_PARAM_FILE as FX_VALUE_STRING,
 * FX_PARAM_DOUBLE and FX_PARAM_INT as FX_VALUE_NUMBER, FX_PARAM_BOOL as
 * FX_VALUE_BOOL, FX_PARAM_COLOR as FX_VALUE_COLOR, FX_PARAM_CHOICE as
 * FX_VALUE_STRING (the chosen name). The values are valid during the call
 * only. `user` is what the registration passed, so one function can serve
 * every factory.
 */
typedef fx_status (*fx_build_values_fn)(const struct fx_api *api, fx_layer stage, const fx_value *args,
                                        uint32_t count, void *user);

/** Log levels for api->log. */
#define FX_LOG_INFO 0
#define FX_LOG_WARNING 1

/**
 * 1.1: repeatCount or repeatDuration that repeats forever, as Swift's
 * `.infinity` and C's HUGE_VALF do in Core Animation code. Any count of at
 * least FLT_MAX (`Float.greatestFiniteMagnitude`, what older iOS code writes)
 * means the same.
 */
#define FX_REPEAT_FOREVER HUGE_VAL

/** 1.1: π, which `-std=c99` does not provide as M_PI. */
#define FX_PI 3.14159265358979323846

/**
 * 1.1: the control points of Core Animation's named timing functions, as
 * four comma-separated numbers (x1, y1, x2, y2) for animation_set_timing_curves
 * and for the 4-number form of the "timingFunction" field:
 *
 *     double curves[] = { FX_TIMING_EASE_OUT, FX_TIMING_EASE_IN, 0.3, 0.0, 0.2, 1.0 };
 */
#define FX_TIMING_LINEAR 0.0, 0.0, 1.0, 1.0
#define FX_TIMING_EASE_IN 0.42, 0.0, 1.0, 1.0
#define FX_TIMING_EASE_OUT 0.0, 0.0, 0.58, 1.0
#define FX_TIMING_EASE_IN_EASE_OUT 0.42, 0.0, 0.58, 1.0
#define FX_TIMING_DEFAULT 0.25, 0.1, 0.25, 1.0

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

    /** The stage size in points (the --size the user chose; since 1.2, without one, the size stage_prefer asked for). */
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
    /**
     * Makes `mask`'s alpha mask `layer` (0 clears). A mask belongs to no sublayer list.
     * Since 1.3, `layer`'s key maskMode chooses what the mask keeps: its alpha
     * (default), 1 − alpha, its luminance times alpha, or 1 − that.
     */
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
     *   timing: duration, beginTime, speed, timeOffset, repeatCount, repeatDuration (numbers;
     *           repeatCount and repeatDuration take FX_REPEAT_FOREVER);
     *           autoreverses, removedOnCompletion, additive, cumulative (bools);
     *           fillMode ("removed", "forwards", "backwards", "both");
     *           timingFunction (a name: "linear", "easeIn", "easeOut", "easeInEaseOut",
     *           "default"; or 4 numbers: a custom cubic Bézier x1, y1, x2, y2)
     *   basic and spring: from, to, by (of the key path's type; FX_VALUE_NONE makes one nil again)
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
    /**
     * Sets a keyframe animation's per-segment timing functions by name, one
     * per segment (values − 1); fewer is allowed, as in Core Animation (see
     * animation_set_timing_curves for custom curves).
     */
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

    /* ---- 1.1: custom curves per keyframe segment ---- */

    /**
     * Sets a keyframe animation's per-segment timing functions as custom
     * cubic Béziers (`CAMediaTimingFunction(controlPoints:)`): `count` curves,
     * `control_points` holding 4 × count numbers (x1, y1, x2, y2 each; x
     * within 0…1). The FX_TIMING_* macros give the named curves. As in Core
     * Animation, fewer curves than segments is allowed: see docs/timing.md
     * for what the segments without one do.
     */
    fx_status (*animation_set_timing_curves)(fx_animation animation, const double *control_points, uint32_t count);

    /* ---- 1.1: reading back ---- */

    /**
     * Reads the value the layer *presents* now, by key path: the model value
     * with every animation applied at the host's current time, as
     * `layer.presentation()?.value(forKeyPath:)`. Use it to interrupt an
     * animation from where it is on screen. Strings and arrays point into
     * host memory (see the rules above).
     */
    fx_status (*layer_get_presented)(fx_layer layer, const char *key_path, fx_value *out);
    /**
     * Reads one field of an animation template back, by the names
     * animation_set takes (an unset from/to/by reads as FX_VALUE_NONE), plus
     * derived ones: "settlingDuration" (springs), and "mass", "stiffness",
     * "damping" as "dampingRatio" set them; "keyPath", "kind" (the CA class
     * name) and "values" (FX_VALUE_NUMBERS for number values, FX_VALUE_NONE
     * otherwise) as well.
     */
    fx_status (*animation_get)(fx_animation animation, const char *field, fx_value *out);

    /* ---- 1.1: probing without failing ---- */

    /**
     * Sets *out to 1 when animations of `kind` take the field `field` (in
     * animation_set and animation_get), 0 when not. Asking is never a failure:
     * it returns FX_OK either way, so a plugin can probe an optional field.
     */
    fx_status (*animation_knows_field)(fx_animation_kind kind, const char *field, int32_t *out);
    /**
     * Sets *out to 1 when layers of `kind` have `key_path` (layer_set,
     * layer_get, animations), 0 when not; FX_OK either way.
     */
    fx_status (*layer_knows_key_path)(fx_layer_kind kind, const char *key_path, int32_t *out);

    /* ---- 1.1: emitter cells ---- */

    /**
     * Makes an emitter cell template named `name` (used in key paths such as
     * `emitterCells.snow.birthRate`; may be NULL). Defaults are
     * CAEmitterCell's: everything 0 except scale 1, color opaque white,
     * enabled, contentsRect (0, 0, 1, 1).
     */
    fx_status (*emitter_cell_create)(const char *name, fx_emitter_cell *out);
    /**
     * Sets a field of a cell template by CAEmitterCell's name: enabled (bool);
     * birthRate, lifetime, lifetimeRange, velocity, velocityRange,
     * emissionLatitude, emissionLongitude, emissionRange, xAcceleration,
     * yAcceleration, zAcceleration, scale, scaleRange, scaleSpeed, spin,
     * spinRange, redRange, greenRange, blueRange, alphaRange, redSpeed,
     * greenSpeed, blueSpeed, alphaSpeed (numbers); color (a colour);
     * contents (an image); contentsRect (a rect in unit coordinates).
     */
    fx_status (*emitter_cell_set)(fx_emitter_cell cell, const char *field, const fx_value *value);
    /** Appends a copy of `child`'s current configuration to `parent`'s cells: each particle of `parent` emits them. */
    fx_status (*emitter_cell_add_cell)(fx_emitter_cell parent, fx_emitter_cell child);
    /** Appends a copy of the cell's current configuration to an emitter layer's emitterCells. */
    fx_status (*layer_add_emitter_cell)(fx_layer layer, fx_emitter_cell cell);
    /** Releases a cell template; emitters and cells keep the copies they were given. */
    fx_status (*emitter_cell_release)(fx_emitter_cell cell);

    /* ---- 1.2: builds that take their arguments as values; what the content prefers ---- */

    /**
     * Registers `fn` as the build of the descriptor's factory named `factory`,
     * called with its arguments as values (fx_build_values_fn) and `user`,
     * instead of through the factory's `build`, which may then be NULL. Only
     * during the entry call (FX_ERR_NOT_NOW afterwards); registering a name
     * twice replaces the first. A name the descriptor lacks is refused when
     * the host reads the descriptor. A plugin that needs this in a 1.1 host
     * (FX_API_HAS false) should give each factory a `build` or decline to load.
     */
    fx_status (*factory_set_build_values)(const char *factory, fx_build_values_fn fn, void *user);

    /**
     * Tells the host the stage size and the end the plugin's content was made
     * for (a Lottie composition's size and out point, a video's frame size and
     * length). Call it from a build function, before reading stage_size and
     * before building anything that depends on the size:
     *   - when the user chose no --size, the stage takes preference->size
     *     (rounded to whole points) and stage_size answers it from then on;
     *     when they did, their size stays and the plugin fits itself into it;
     *   - when the user chose no --end, the run ends at natural_end seconds
     *     instead of when the last animation ends, and --loop plays 0 to
     *     natural_end, end excluded, so that the loop seam repeats no frame.
     * A width or height of 0 means no preferred size, a natural_end of 0 no
     * preferred end. Negative, non-finite or oversized (beyond the host's
     * --size limits) values are FX_ERR_BAD_VALUE and change nothing. A later
     * call replaces an earlier one.
     */
    fx_status (*stage_prefer)(const fx_stage_preference *preference);

    /* ---- 1.4: images from memory ---- */

    /**
     * Decodes a PNG image held in memory: `length` bytes at `bytes`, read
     * during the call only (an image embedded in the plugin's own data, a
     * base64 data URI it decoded, an entry of an archive it opened). The same
     * decoder, pixels and limits as image_load_png: every PNG colour type and
     * bit depth, Adam7, palettes and tRNS; at most 64 MiB of bytes and 8,192
     * pixels a side; the pixels count against the data the plugin may have
     * the host copy (docs/ABI.md, Limits). The image lives for the run.
     * Refused, with last_error() naming what was wrong:
     *   FX_ERR_BAD_ARGUMENT  bytes or out is NULL, or length is 0;
     *   FX_ERR_BAD_VALUE     the bytes are not a PNG image, or a damaged or
     *                        cut-short one (a CRC that does not match, no
     *                        IEND, pixel data that does not inflate);
     *   FX_ERR_LIMIT         more bytes, a larger side or more pixels than
     *                        the limits allow: checked against the image's
     *                        header before its pixels are inflated.
     * Before 1.4 (FX_API_HAS false) a plugin writes the bytes to a file and
     * calls image_load_png, or decodes them itself and calls image_create_rgba.
     */
    fx_status (*image_decode_png)(const uint8_t *bytes, size_t length, fx_image *out);
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
    /** Called through libffi with one C argument per parameter; since 1.2 it may be NULL for a factory
        whose build the entry registered with factory_set_build_values. */
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

/**
 * 1.1: CATransform3DMakeRotation: `angle` radians about the axis (x, y, z),
 * which need not be unit length. A zero axis gives the identity, as in Core
 * Animation. With y down, a positive angle about z turns clockwise on
 * screen, as on iOS.
 */
static inline fx_transform fx_transform_rotation(double angle, double x, double y, double z) {
    fx_transform t = fx_transform_identity();
    double len = sqrt(x * x + y * y + z * z), c, s, k;
    if (len == 0) return t;
    x /= len; y /= len; z /= len;
    c = cos(angle); s = sin(angle); k = 1 - c;
    t.m[0] = x * x * k + c;     t.m[1] = x * y * k + z * s; t.m[2] = x * z * k - y * s;
    t.m[4] = y * x * k - z * s; t.m[5] = y * y * k + c;     t.m[6] = y * z * k + x * s;
    t.m[8] = z * x * k + y * s; t.m[9] = z * y * k - x * s; t.m[10] = z * z * k + c;
    return t;
}
/** 1.1: CATransform3DRotate(t, angle, x, y, z): the rotation first, then t. */
static inline fx_transform fx_transform_rotate(fx_transform t, double angle, double x, double y, double z) {
    return fx_transform_concat(fx_transform_rotation(angle, x, y, z), t);
}
/** 1.1: CATransform3DScale(t, sx, sy, sz): the scale first, then t. */
static inline fx_transform fx_transform_scale_by(fx_transform t, double sx, double sy, double sz) {
    return fx_transform_concat(fx_transform_scale(sx, sy, sz), t);
}
/** 1.1: CATransform3DTranslate(t, tx, ty, tz): the translation first, then t. */
static inline fx_transform fx_transform_translate(fx_transform t, double tx, double ty, double tz) {
    return fx_transform_concat(fx_transform_translation(tx, ty, tz), t);
}
/**
 * 1.1: the perspective that iOS code writes as `t.m34 = -1.0 / distance`:
 * the identity with m34 = −1/distance (distance > 0, in points, from the eye
 * to the z = 0 plane). Concatenate it after a rotation, or set it as a
 * parent's sublayerTransform.
 */
static inline fx_transform fx_transform_perspective(double distance) {
    fx_transform t = fx_transform_identity();
    t.m[11] = -1.0 / distance;
    return t;
}
/**
 * 1.1: CATransform3DInvert. Returns 1 and writes the inverse to *out, or,
 * when `t` is not invertible, returns 0 and writes `t` unchanged (Core
 * Animation returns its argument then).
 */
static inline int fx_transform_invert(fx_transform t, fx_transform *out) {
    double a[4][8], f;
    int i, j, k, p;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) { a[i][j] = t.m[i * 4 + j]; a[i][j + 4] = (i == j) ? 1.0 : 0.0; }
    for (i = 0; i < 4; i++) {
        p = i;
        for (k = i + 1; k < 4; k++) if (fabs(a[k][i]) > fabs(a[p][i])) p = k;
        if (fabs(a[p][i]) < 1e-12) { *out = t; return 0; }
        if (p != i) for (j = 0; j < 8; j++) { f = a[i][j]; a[i][j] = a[p][j]; a[p][j] = f; }
        f = a[i][i];
        for (j = 0; j < 8; j++) a[i][j] /= f;
        for (k = 0; k < 4; k++) {
            if (k == i) continue;
            f = a[k][i];
            for (j = 0; j < 8; j++) a[k][j] -= f * a[i][j];
        }
    }
    for (i = 0; i < 4; i++) for (j = 0; j < 4; j++) out->m[i * 4 + j] = a[i][j + 4];
    return 1;
}

#ifdef __cplusplus
}
#endif

#endif /* FX_H */
