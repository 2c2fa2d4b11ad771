// SPDX-License-Identifier: MIT
/* Linux calls the studio needs that Swift's Glibc module leaves out (they need _GNU_SOURCE). */
#ifndef FX_STUDIO_SYS_H
#define FX_STUDIO_SYS_H
#include <stddef.h>

/* pipe2(2). */
int fx_studio_pipe(int *_Nonnull fds, int flags);
/* getrandom(2), blocking until the kernel's pool is ready: `length` bytes, or -1. */
long fx_studio_random(void *_Nonnull buffer, size_t length);

#endif
