/* SPDX-License-Identifier: MIT */
/*
 * threads — worker threads that call the host while a build runs on the
 * host's thread. Every call from a worker must be refused (FX_ERR_NOT_NOW) or
 * be a harmless no-op (fail, log) with a harmless answer (last_error gives a
 * string), and none may disturb the build that is calling the host meanwhile.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "fx.h"

#define WORKERS 4
#define ROUNDS 20000

static const fx_api *A;

struct tally { long not_now, other, null_errors; };

static void *worker(void *arg) {
    struct tally *t = arg;
    int i;
    for (i = 0; i < ROUNDS; i++) {
        fx_layer l;
        const char *e;
        fx_status s = A->layer_create(FX_LAYER, "from a worker", &l);
        if (s == FX_ERR_NOT_NOW) t->not_now++; else t->other++;
        A->fail("a worker's failure \033[2K");
        A->log(FX_LOG_INFO, "a worker's log line");
        e = A->last_error();
        if (e == NULL) t->null_errors++; else t->other += (long)(strlen(e) > 100000);
    }
    return NULL;
}

static fx_status build(const fx_api *api, fx_layer stage, double unused) {
    pthread_t threads[WORKERS];
    struct tally tallies[WORKERS];
    struct tally sum = { 0, 0, 0 };
    long made = 0;
    int i;
    char line[200];
    (void)unused;
    A = api;
    memset(tallies, 0, sizeof tallies);
    for (i = 0; i < WORKERS; i++) pthread_create(&threads[i], NULL, worker, &tallies[i]);
    /* Meanwhile the host's own thread keeps failing, reading and creating. */
    for (i = 0; i < ROUNDS; i++) {
        fx_layer l;
        if (api->layer_create(FX_LAYER, "main", &l) == FX_OK && api->layer_add_sublayer(stage, l) == FX_OK) made++;
        api->fail("the build's own message");
        if (strcmp(api->last_error(), "the build's own message") != 0) return FX_ERR_FAILED;
    }
    for (i = 0; i < WORKERS; i++) {
        pthread_join(threads[i], NULL);
        sum.not_now += tallies[i].not_now;
        sum.other += tallies[i].other;
        sum.null_errors += tallies[i].null_errors;
    }
    snprintf(line, sizeof line, "workers: %ld refused, %ld other, %ld NULL last_error; build made %ld layers",
             sum.not_now, sum.other, sum.null_errors, made);
    api->log(FX_LOG_INFO, line);
    return FX_OK;
}

static const fx_factory factories[] = {
    { sizeof(fx_factory), "threads", "workers call the host during a build", NULL, 0, (fx_build_fn)build },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "threads", "0", "calls the host from worker threads", factories, 1,
};

FX_PLUGIN_ENTRY(api) {
    (void)api;
    return &plugin;
}
