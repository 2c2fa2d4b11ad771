/* SPDX-License-Identifier: MIT */
/* Prints the sizes of fx.h's size-prefixed structs, as the header it is compiled against makes them. */
#include "fx.h"
#include <stdio.h>

int main(void) {
    printf("%zu %zu %zu %zu\n", sizeof(fx_plugin), sizeof(fx_factory), sizeof(fx_param), sizeof(fx_layer_timing));
    return 0;
}
