/* libavformat and libavcodec (FFmpeg), for the MP4 (H.264) and WebM (VP9) writers. */
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/opt.h>
#include <libavutil/error.h>
