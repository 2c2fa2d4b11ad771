/* pixman for projective (perspective) compositing. */
#include <pixman.h>
