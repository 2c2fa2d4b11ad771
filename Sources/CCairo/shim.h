/* SPDX-License-Identifier: MIT */
/* cairo, for drawing. pango (text) is loaded when first needed: Sources/CPango. */
#include <cairo.h>
