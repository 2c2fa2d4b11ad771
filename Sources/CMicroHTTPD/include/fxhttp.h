// SPDX-License-Identifier: MIT
/*
 * GNU libmicrohttpd for `fxhost studio`, loaded with dlopen when a studio
 * starts rather than linked: every other run would pay for mapping it.
 *
 * The table's fields have the header's own types (libmicrohttpd-dev). Above
 * it, a small server that the studio's Swift drives: MHD's variadic calls,
 * its per-connection callbacks and the event stream's blocking reader are
 * C's to make, the routes and the rules are the studio's.
 */
#ifndef FX_HTTP_H
#define FX_HTTP_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

#define FX_MHD_FUNCTION(name) __typeof__(&name) _Nonnull name

/* The library's name, as dlopen is given it (its SONAME). */
#define FX_MHD_SONAME "libmicrohttpd.so.12"

/* The functions the studio's server calls. */
struct fx_mhd {
    FX_MHD_FUNCTION(MHD_start_daemon);
    FX_MHD_FUNCTION(MHD_stop_daemon);
    FX_MHD_FUNCTION(MHD_get_daemon_info);
    FX_MHD_FUNCTION(MHD_get_connection_values);
    FX_MHD_FUNCTION(MHD_lookup_connection_value);
    FX_MHD_FUNCTION(MHD_create_response_from_buffer);
    FX_MHD_FUNCTION(MHD_create_response_from_callback);
    FX_MHD_FUNCTION(MHD_add_response_header);
    FX_MHD_FUNCTION(MHD_queue_response);
    FX_MHD_FUNCTION(MHD_destroy_response);
};

/*
 * The table, loaded on the first call (once, safe from any thread); NULL when
 * the library is missing or lacks a function, with `fx_mhd_error()` saying which.
 */
const struct fx_mhd *_Nullable fx_mhd_load(void);
const char *_Nonnull fx_mhd_error(void);

/* The most query arguments a request may carry; one with more is refused. */
#define FX_HTTP_MAX_ARGUMENTS 64
/* The most header lines a request may carry; one with more is refused. */
#define FX_HTTP_MAX_HEADERS 48

/* One request, valid only during the handler's call. */
struct fx_http_server;

struct fx_http_request {
    struct MHD_Connection *_Nonnull connection;
    struct fx_http_server *_Nonnull server;
    const char *_Nonnull method;
    const char *_Nonnull url;
    /* Query arguments in order (a key without `=` has an empty value). */
    size_t argument_count;
    const char *_Nonnull keys[FX_HTTP_MAX_ARGUMENTS];
    const char *_Nonnull values[FX_HTTP_MAX_ARGUMENTS];
    /* More arguments or header lines than the limits, or a request body: the handler refuses it. */
    int too_many_arguments, too_many_headers, has_body;
    int responded;
};

typedef void (*fx_http_handler)(void *_Nullable context, struct fx_http_request *_Nonnull request);

/* What one server allows at once. */
struct fx_http_limits {
    unsigned connections;
    /* Bytes per connection for the request line and headers (MHD answers 431 or 414 past it). */
    size_t memory;
    unsigned idle_seconds;
};

/*
 * Listens on `address` (an IPv4 address in network order) and `port` (0: a
 * free one), one thread per connection; `handler` answers every request.
 * NULL with `fx_mhd_error()` set when the library or the address fails.
 */
struct fx_http_server *_Nullable fx_http_start(uint32_t address, uint16_t port, struct fx_http_limits limits,
                                               fx_http_handler _Nonnull handler, void *_Nullable context);
/* The port it listens on. */
uint16_t fx_http_port(struct fx_http_server *_Nonnull server);
/* Ends every event stream, closes every connection, and frees the server. */
void fx_http_stop(struct fx_http_server *_Nonnull server);

/* The i-th query argument's key and value (i below `argument_count`). */
const char *_Nonnull fx_http_argument_key(const struct fx_http_request *_Nonnull request, size_t i);
const char *_Nonnull fx_http_argument_value(const struct fx_http_request *_Nonnull request, size_t i);
/* A request header (NULL when absent). */
const char *_Nullable fx_http_header(struct fx_http_request *_Nonnull request, const char *_Nonnull name);
/* A cookie of the request (NULL when absent). */
const char *_Nullable fx_http_cookie(struct fx_http_request *_Nonnull request, const char *_Nonnull name);

/*
 * Answers with `body`; `headers` is "Name: value\n" lines. Returns 0 when the
 * response could not be made (the connection is then closed).
 */
int fx_http_respond(struct fx_http_request *_Nonnull request, unsigned status, const char *_Nonnull headers,
                    const void *_Nullable body, size_t length);
/* Answers with a text/event-stream that carries every `fx_http_broadcast` from now until the server stops. */
int fx_http_respond_events(struct fx_http_request *_Nonnull request, const char *_Nonnull headers);
/* Sends one server-sent event (`event: NAME\ndata: …\n\n`, made by the caller) to every open stream. */
void fx_http_broadcast(struct fx_http_server *_Nonnull server, const char *_Nonnull text);

#endif
