/* SPDX-License-Identifier: MIT */
/*
 * libavformat, libavcodec and libavutil (FFmpeg), for the MP4 (H.264) and
 * WebM (VP9) writers, loaded with dlopen the first time a video is written
 * rather than linked: linked, they bring about a hundred more libraries (x264,
 * x265, rav1e, librsvg, GnuTLS …) into every fxhost process, about
 * 20 MiB of resident memory and tens of milliseconds of start-up that runs
 * writing PNG, GIF, WebP, Y4M or text never use.
 *
 * The types and constants are the headers'; the functions are called through
 * `fx_av_load()`'s table, whose fields have the headers' own types.
 */
#ifndef FX_AV_H
#define FX_AV_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/opt.h>
#include <libavutil/error.h>

#define FX_AV_FUNCTION(name) __typeof__(&name) _Nonnull name

/* The functions the video writers call. */
struct fx_av {
    FX_AV_FUNCTION(av_log_set_level);
    FX_AV_FUNCTION(av_strerror);
    FX_AV_FUNCTION(av_malloc);
    FX_AV_FUNCTION(av_freep);
    FX_AV_FUNCTION(av_dict_set);
    FX_AV_FUNCTION(av_dict_free);
    FX_AV_FUNCTION(av_frame_alloc);
    FX_AV_FUNCTION(av_frame_free);
    FX_AV_FUNCTION(av_frame_get_buffer);
    FX_AV_FUNCTION(av_frame_make_writable);
    FX_AV_FUNCTION(av_packet_alloc);
    FX_AV_FUNCTION(av_packet_free);
    FX_AV_FUNCTION(av_packet_rescale_ts);
    FX_AV_FUNCTION(avcodec_find_encoder_by_name);
    FX_AV_FUNCTION(avcodec_alloc_context3);
    FX_AV_FUNCTION(avcodec_free_context);
    FX_AV_FUNCTION(avcodec_open2);
    FX_AV_FUNCTION(avcodec_parameters_from_context);
    FX_AV_FUNCTION(avcodec_send_frame);
    FX_AV_FUNCTION(avcodec_receive_packet);
    FX_AV_FUNCTION(avformat_alloc_output_context2);
    FX_AV_FUNCTION(avformat_free_context);
    FX_AV_FUNCTION(avformat_new_stream);
    FX_AV_FUNCTION(avformat_write_header);
    FX_AV_FUNCTION(av_interleaved_write_frame);
    FX_AV_FUNCTION(av_write_trailer);
    FX_AV_FUNCTION(avio_alloc_context);
    FX_AV_FUNCTION(avio_context_free);
    FX_AV_FUNCTION(avio_flush);
};

/*
 * The libraries of the major versions these headers describe, loaded once
 * (thread-safe); NULL when one is missing or lacks a function, with
 * `fx_av_error()` saying which.
 */
const struct fx_av *_Nullable fx_av_load(void);
const char *_Nonnull fx_av_error(void);

#endif
