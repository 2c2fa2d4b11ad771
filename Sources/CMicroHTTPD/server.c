// SPDX-License-Identifier: MIT
#include "fxhttp.h"
#include "fxhttperror.h"

#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Events kept for streams that have not sent them yet; a stream further behind skips to the oldest. */
#define KEPT_EVENTS 64
#define MAX_EVENT_BYTES 8192
/* A stream that has nothing to send sends a comment this often, so that idle limits never close it. */
#define KEEPALIVE_SECONDS 10

struct fx_http_server {
    struct MHD_Daemon *daemon;
    fx_http_handler handler;
    void *context;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int stopping;
    /* Event n (from 1) is events[n % KEPT_EVENTS]; `sent` is the newest. */
    unsigned long sent;
    char *events[KEPT_EVENTS];
};

/* One event stream: the last event it sent. */
struct stream {
    struct fx_http_server *server;
    unsigned long last;
};

/* What a connection's current request has shown so far: the body bytes it sent, and whether it was answered. */
struct progress {
    size_t body;
    int responded;
};

/* A request body the studio reads past this is cut off (the studio takes none; the limit says so cheaply). */
#define MAX_BODY_BYTES 65536

static void completed(void *cls, struct MHD_Connection *connection, void **state, enum MHD_RequestTerminationCode why) {
    (void)cls, (void)connection, (void)why;
    free(*state);
    *state = NULL;
}

static enum MHD_Result count_one(void *n, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind, (void)key, (void)value;
    ++*(size_t *)n;
    return MHD_YES;
}

static enum MHD_Result collect(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    struct fx_http_request *r = cls;
    if (r->argument_count == FX_HTTP_MAX_ARGUMENTS) {
        r->too_many_arguments = 1;
        return MHD_NO;
    }
    r->keys[r->argument_count] = key;
    r->values[r->argument_count] = value ? value : "";
    r->argument_count++;
    return MHD_YES;
}

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                      const char *version, const char *upload_data, size_t *upload_data_size,
                                      void **state) {
    (void)version, (void)upload_data;
    struct fx_http_server *server = cls;
    const struct fx_mhd *mhd = fx_mhd_load();
    struct progress *progress = *state;
    if (!progress) {
        if (!(progress = calloc(1, sizeof *progress))) return MHD_NO;
        *state = progress;
        return MHD_YES;
    }
    if (progress->responded) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        /* Read and dropped; refused once it has all come. */
        progress->body += *upload_data_size;
        *upload_data_size = 0;
        return progress->body > MAX_BODY_BYTES ? MHD_NO : MHD_YES;
    }
    struct fx_http_request r = {.connection = connection, .server = server, .method = method, .url = url};
    r.has_body = progress->body > 0;
    size_t headers = 0;
    mhd->MHD_get_connection_values(connection, MHD_HEADER_KIND, count_one, &headers);
    r.too_many_headers = headers > FX_HTTP_MAX_HEADERS;
    mhd->MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, collect, &r);
    server->handler(server->context, &r);
    if (!r.responded) return MHD_NO;
    progress->responded = 1;
    return MHD_YES;
}

struct fx_http_server *fx_http_start(uint32_t address, uint16_t port, struct fx_http_limits limits,
                                     fx_http_handler handler, void *context) {
    const struct fx_mhd *mhd = fx_mhd_load();
    if (!mhd) return NULL;
    struct fx_http_server *server = calloc(1, sizeof *server);
    if (!server) return NULL;
    server->handler = handler;
    server->context = context;
    pthread_mutex_init(&server->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&server->changed, &attr);
    pthread_condattr_destroy(&attr);
    struct sockaddr_in where = {.sin_family = AF_INET, .sin_port = htons(port), .sin_addr = {.s_addr = address}};
    server->daemon = mhd->MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL, 0, NULL, NULL,
        access_handler, server, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&where, MHD_OPTION_CONNECTION_LIMIT,
        limits.connections, MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.connections, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        limits.memory, MHD_OPTION_CONNECTION_TIMEOUT, limits.idle_seconds, MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_END);
    if (!server->daemon) {
        int e = errno;
        fx_http_set_error("cannot listen on that address", e);
        pthread_cond_destroy(&server->changed);
        pthread_mutex_destroy(&server->lock);
        free(server);
        return NULL;
    }
    return server;
}

uint16_t fx_http_port(struct fx_http_server *server) {
    const union MHD_DaemonInfo *info = fx_mhd_load()->MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

void fx_http_stop(struct fx_http_server *server) {
    pthread_mutex_lock(&server->lock);
    server->stopping = 1;
    pthread_cond_broadcast(&server->changed);
    pthread_mutex_unlock(&server->lock);
    fx_mhd_load()->MHD_stop_daemon(server->daemon);
    for (int i = 0; i < KEPT_EVENTS; i++) free(server->events[i]);
    pthread_cond_destroy(&server->changed);
    pthread_mutex_destroy(&server->lock);
    free(server);
}

const char *fx_http_argument_key(const struct fx_http_request *r, size_t i) { return r->keys[i]; }
const char *fx_http_argument_value(const struct fx_http_request *r, size_t i) { return r->values[i]; }

const char *fx_http_header(struct fx_http_request *r, const char *name) {
    return fx_mhd_load()->MHD_lookup_connection_value(r->connection, MHD_HEADER_KIND, name);
}

const char *fx_http_cookie(struct fx_http_request *r, const char *name) {
    return fx_mhd_load()->MHD_lookup_connection_value(r->connection, MHD_COOKIE_KIND, name);
}

/* Adds "Name: value\n" lines to `response`; 0 when one is malformed or refused. */
static int add_headers(struct MHD_Response *response, const char *headers) {
    const struct fx_mhd *mhd = fx_mhd_load();
    char line[1024];
    while (*headers) {
        const char *end = strchr(headers, '\n');
        size_t n = end ? (size_t)(end - headers) : strlen(headers);
        if (n >= sizeof line) return 0;
        memcpy(line, headers, n);
        line[n] = 0;
        char *colon = strchr(line, ':');
        if (!colon) return 0;
        *colon = 0;
        const char *value = colon + 1;
        while (*value == ' ') value++;
        if (mhd->MHD_add_response_header(response, line, value) != MHD_YES) return 0;
        headers += n + (end ? 1 : 0);
    }
    return 1;
}

static int queue(struct fx_http_request *r, unsigned status, const char *headers, struct MHD_Response *response) {
    const struct fx_mhd *mhd = fx_mhd_load();
    if (!response) return 0;
    int ok = add_headers(response, headers) && mhd->MHD_queue_response(r->connection, status, response) == MHD_YES;
    mhd->MHD_destroy_response(response);
    r->responded = ok;
    return ok;
}

int fx_http_respond(struct fx_http_request *r, unsigned status, const char *headers, const void *body, size_t length) {
    struct MHD_Response *response =
        fx_mhd_load()->MHD_create_response_from_buffer(length, (void *)(body ? body : ""), MHD_RESPMEM_MUST_COPY);
    return queue(r, status, headers, response);
}

static ssize_t read_events(void *cls, uint64_t pos, char *buf, size_t max) {
    (void)pos;
    struct stream *s = cls;
    struct fx_http_server *server = s->server;
    pthread_mutex_lock(&server->lock);
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += KEEPALIVE_SECONDS;
    while (!server->stopping && s->last == server->sent) {
        if (pthread_cond_timedwait(&server->changed, &server->lock, &until) == ETIMEDOUT) break;
    }
    ssize_t n = 0;
    if (server->stopping) {
        n = MHD_CONTENT_READER_END_OF_STREAM;
    } else if (s->last == server->sent) {
        static const char keepalive[] = ": keepalive\n\n";
        n = sizeof keepalive - 1 <= max ? (ssize_t)(sizeof keepalive - 1) : 0;
        memcpy(buf, keepalive, (size_t)n);
    } else {
        if (server->sent - s->last > KEPT_EVENTS) s->last = server->sent - KEPT_EVENTS;
        while (s->last < server->sent) {
            const char *e = server->events[(s->last + 1) % KEPT_EVENTS];
            size_t len = strlen(e);
            if ((size_t)n + len > max) break;
            memcpy(buf + n, e, len);
            n += (ssize_t)len;
            s->last++;
        }
    }
    pthread_mutex_unlock(&server->lock);
    return n;
}

int fx_http_respond_events(struct fx_http_request *r, const char *headers) {
    struct stream *s = malloc(sizeof *s);
    if (!s) return 0;
    s->server = r->server;
    pthread_mutex_lock(&s->server->lock);
    s->last = s->server->sent;
    pthread_mutex_unlock(&s->server->lock);
    struct MHD_Response *response =
        fx_mhd_load()->MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, MAX_EVENT_BYTES, read_events, s, free);
    if (!response) free(s);
    return queue(r, 200, headers, response);
}

void fx_http_broadcast(struct fx_http_server *server, const char *text) {
    size_t len = strlen(text);
    if (len >= MAX_EVENT_BYTES) return;
    char *copy = strdup(text);
    if (!copy) return;
    pthread_mutex_lock(&server->lock);
    server->sent++;
    free(server->events[server->sent % KEPT_EVENTS]);
    server->events[server->sent % KEPT_EVENTS] = copy;
    pthread_cond_broadcast(&server->changed);
    pthread_mutex_unlock(&server->lock);
}
