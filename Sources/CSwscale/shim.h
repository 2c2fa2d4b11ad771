/* libswscale (FFmpeg): RGB to Y'CbCr for the Y4M, MP4 and WebM writers. */
#include <libswscale/swscale.h>
#include <libavutil/pixfmt.h>
