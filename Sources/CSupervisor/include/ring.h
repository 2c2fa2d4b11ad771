/* SPDX-License-Identifier: MIT */
#ifndef FXHOST_RING_H
#define FXHOST_RING_H

#include <stddef.h>
#include <stdint.h>

/* The supervised child's standard output data, through shared memory.
 *
 * The supervisor makes the ring before it forks: a memfd (memfd_create(2)) of one
 * page of counters and `capacity` bytes of data, mapped MAP_SHARED and the
 * descriptor closed at once, so that the child inherits the mapping and no
 * descriptor. The child copies its bytes into the data, in order and wrapping at
 * the end, and tells the supervisor each span it filled with a record
 * (`fxs_ring_record`) on the data pipe; the supervisor checks the record, writes
 * the span from its own mapping to standard output and gives the space back by
 * raising a counter in the shared page. A child that finds no room blocks in
 * poll(2) on a wake pipe, which the supervisor writes one byte to only when the
 * child said it is waiting. */

/* One record on the data pipe: `length` bytes at `offset` of the data are the next
 * of standard output. A span never crosses the end of the data. 16 bytes, written
 * whole by one write(2) (below PIPE_BUF, so never interleaved or cut). */
typedef struct fxs_ring_record {
    uint64_t offset;
    uint64_t length;
} fxs_ring_record;

typedef struct fxs_ring {
    /* The shared counters (a page), then `capacity` bytes of data; NULL when there is no ring. */
    void *base;
    unsigned char *data;
    size_t capacity;
    /* In the child: the bytes it has put in the ring since the run began. */
    uint64_t head;
} fxs_ring;

/* In the supervisor, before fork: makes and maps the ring with `capacity` bytes of data
 * (a multiple of the page size). 0, or the errno of the step that failed, with nothing
 * left open or mapped. */
int fxs_ring_create(fxs_ring *ring, size_t capacity);

/* In the supervisor, after fork: its own view of the data read-only (it never writes there). */
void fxs_ring_seal_data(fxs_ring *ring);

/* Unmaps the ring (in the supervisor when the run has ended). */
void fxs_ring_destroy(fxs_ring *ring);

/* In the child: copies `count` bytes into the ring, sending a record on `records` for each
 * span, and waits (poll(2) on `wake`, nonblocking) while the ring is full. 0, or -1 with
 * errno set: the record could not be written, the wake pipe failed or ended (EPIPE), or
 * the shared counter is impossible (EPROTO: something other than the supervisor wrote it). */
int fxs_ring_write(fxs_ring *ring, const void *bytes, size_t count, int records, int wake);

/* In the supervisor: the child may reuse the first `released` bytes it ever put in the
 * ring (a running total); if it is waiting for room, one byte goes to `wake` (nonblocking). */
void fxs_ring_release(fxs_ring *ring, uint64_t released, int wake);

#endif
