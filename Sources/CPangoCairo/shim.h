/* cairo for drawing, pango for text. */
#include <cairo.h>
#include <pango/pangocairo.h>
