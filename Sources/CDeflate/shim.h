/* SPDX-License-Identifier: MIT */
/* libdeflate: zlib-format compression for the PNG and APNG writers. */
#include <libdeflate.h>
