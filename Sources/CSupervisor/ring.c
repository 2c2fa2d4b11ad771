/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "ring.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The shared page: what the supervisor has released, and whether the child waits for room.
 * Each on a cache line of its own, one written by each side. */
typedef struct fxs_ring_counters {
    _Alignas(64) uint64_t released;
    _Alignas(64) uint32_t waiting;
} fxs_ring_counters;

static const size_t counters_size = 4096;

int fxs_ring_create(fxs_ring *ring, size_t capacity) {
    size_t size = counters_size + capacity;
    void *base;
    int fd, saved;
    memset(ring, 0, sizeof *ring);
    fd = memfd_create("fxhost-standard-output", MFD_CLOEXEC);
    if (fd < 0) return errno;
    if (ftruncate(fd, (off_t)size) != 0) {
        saved = errno;
        close(fd);
        return saved;
    }
    base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    saved = errno;
    /* The mapping holds the memory; no process needs the descriptor, the child least of all. */
    close(fd);
    if (base == MAP_FAILED) return saved;
    ring->base = base;
    ring->data = (unsigned char *)base + counters_size;
    ring->capacity = capacity;
    return 0;
}

void fxs_ring_seal_data(fxs_ring *ring) {
    if (ring->base) (void)mprotect(ring->data, ring->capacity, PROT_READ);
}

void fxs_ring_destroy(fxs_ring *ring) {
    if (ring->base) munmap(ring->base, counters_size + ring->capacity);
    memset(ring, 0, sizeof *ring);
}

static int write_whole(int fd, const void *bytes, size_t count) {
    const unsigned char *p = bytes;
    while (count > 0) {
        ssize_t n = write(fd, p, count);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += n;
        count -= (size_t)n;
    }
    return 0;
}

/* Room the child has for new bytes, or -1 when the released total is impossible. */
static long long room(const fxs_ring *ring, uint64_t released) {
    if (released > ring->head || ring->head - released > ring->capacity) return -1;
    return (long long)(ring->capacity - (size_t)(ring->head - released));
}

/* Waits until the supervisor has released something: says so in the shared page, looks once
 * more (the supervisor may have released before it saw the flag), then sleeps in poll. */
static int wait_for_room(fxs_ring *ring, int wake) {
    fxs_ring_counters *c = ring->base;
    unsigned char sink[64];
    struct pollfd p = { .fd = wake, .events = POLLIN, .revents = 0 };
    int ready;
    ssize_t n;
    __atomic_store_n(&c->waiting, 1, __ATOMIC_SEQ_CST);
    if (room(ring, __atomic_load_n(&c->released, __ATOMIC_SEQ_CST)) != 0) {
        __atomic_store_n(&c->waiting, 0, __ATOMIC_RELAXED);
        return 0;
    }
    /* A second at most: a byte taken by some other reader of the pipe costs a second, not the run. */
    ready = poll(&p, 1, 1000);
    if (ready < 0) return errno == EINTR ? 0 : -1;
    if (ready == 0) return 0;
    if (p.revents & POLLNVAL) {
        errno = EBADF;
        return -1;
    }
    n = read(wake, sink, sizeof sink);
    if (n == 0) {
        /* The supervisor closed its end: nothing will be released any more. */
        errno = EPIPE;
        return -1;
    }
    if (n < 0 && errno != EINTR && errno != EAGAIN) return -1;
    return 0;
}

int fxs_ring_write(fxs_ring *ring, const void *bytes, size_t count, int records, int wake) {
    const unsigned char *from = bytes;
    fxs_ring_counters *c = ring->base;
    while (count > 0) {
        long long free_bytes = room(ring, __atomic_load_n(&c->released, __ATOMIC_ACQUIRE));
        size_t at, n;
        fxs_ring_record record;
        if (free_bytes < 0) {
            errno = EPROTO;
            return -1;
        }
        if (free_bytes == 0) {
            if (wait_for_room(ring, wake) != 0) return -1;
            continue;
        }
        at = (size_t)(ring->head % ring->capacity);
        n = count;
        if (n > (size_t)free_bytes) n = (size_t)free_bytes;
        if (n > ring->capacity - at) n = ring->capacity - at;
        memcpy(ring->data + at, from, n);
        record.offset = at;
        record.length = n;
        if (write_whole(records, &record, sizeof record) != 0) return -1;
        ring->head += n;
        from += n;
        count -= n;
    }
    return 0;
}

void fxs_ring_release(fxs_ring *ring, uint64_t released, int wake) {
    fxs_ring_counters *c = ring->base;
    if (!c) return;
    __atomic_store_n(&c->released, released, __ATOMIC_SEQ_CST);
    if (__atomic_exchange_n(&c->waiting, 0, __ATOMIC_SEQ_CST)) {
        unsigned char b = 1;
        ssize_t n = write(wake, &b, 1);
        (void)n;
    }
}
