/* zlib, for the PNG, APNG and contact-sheet writers. */
#include <zlib.h>
