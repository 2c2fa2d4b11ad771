/* libwebp and libwebpmux: animated WebP (WebPAnimEncoder). */
#include <webp/encode.h>
#include <webp/mux.h>
