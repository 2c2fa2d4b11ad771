/* libimagequant (pngquant's library): palettes for the GIF writer. */
#include <libimagequant.h>
