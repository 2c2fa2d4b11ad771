/* placeholder until the ABI lands */
#ifndef FX_H
#define FX_H
#endif
