// SPDX-License-Identifier: MIT
#define _GNU_SOURCE
#include "fxstudiosys.h"

#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>

int fx_studio_pipe(int *fds, int flags) { return pipe2(fds, flags); }

long fx_studio_random(void *buffer, size_t length) { return (long)getrandom(buffer, length, 0); }
