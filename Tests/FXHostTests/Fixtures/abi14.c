/* SPDX-License-Identifier: MIT */
/*
 * fx.h 1.4 test plugin: reads a file into memory and hands the host its
 * first `cut` bytes (all of them when cut is -1; NULL instead of the bytes
 * with --null) through image_decode_png, then shows the decoded image as the
 * contents of a layer of its size at the stage's top left. A refusal is
 * reported with the status image_decode_png answered and its message.
 */
#include <stdio.h>
#include <stdlib.h>
#include "fx.h"

static fx_status decode(const fx_api *api, fx_layer stage, const char *file, int32_t cut, int32_t null) {
    FILE *f;
    uint8_t *bytes;
    long size;
    size_t length;
    fx_image image = 0;
    fx_layer layer;
    fx_status status;
    int32_t width = 0, height = 0;
    fx_value contents;
    char message[512];
    if (!FX_API_HAS(api, image_decode_png)) {
        api->fail("the host has no image_decode_png (fx.h 1.4)");
        return FX_ERR_FAILED;
    }
    f = fopen(file, "rb");
    if (!f) { api->fail("cannot open the file"); return FX_ERR_FAILED; }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    bytes = malloc(size > 0 ? (size_t)size : 1);
    if (!bytes || fread(bytes, 1, (size_t)size, f) != (size_t)size) { fclose(f); free(bytes); api->fail("cannot read the file"); return FX_ERR_FAILED; }
    fclose(f);
    length = cut < 0 || cut > size ? (size_t)size : (size_t)cut;
    status = api->image_decode_png(null ? NULL : bytes, length, &image);
    free(bytes);
    if (status != FX_OK) {
        snprintf(message, sizeof message, "image_decode_png answered %d: %s", (int)status, api->last_error());
        api->fail(message);
        return FX_ERR_FAILED;
    }
    if (api->image_size(image, &width, &height) != FX_OK) return FX_ERR_FAILED;
    if (api->layer_create(FX_LAYER, "picture", &layer) != FX_OK) return FX_ERR_FAILED;
    api->layer_set_frame(layer, (fx_rect){0, 0, width, height});
    contents = fx_image_value(image);
    api->layer_set(layer, "contents", &contents);
    return api->layer_add_sublayer(stage, layer);
}

static const fx_param params[] = {
    { sizeof(fx_param), "file", FX_PARAM_FILE, "the PNG file", "", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "cut", FX_PARAM_INT, "how many of its bytes to hand over (-1: all)", "-1", 0, 0, 0, NULL, 0 },
    { sizeof(fx_param), "null", FX_PARAM_BOOL, "hand over NULL instead of the bytes", "false", 0, 0, 0, NULL, 0 },
};
static const fx_factory factories[] = {
    { sizeof(fx_factory), "decode", "an image decoded from bytes in memory", params, 3, (fx_build_fn)decode },
};
static const fx_plugin plugin = {
    sizeof(fx_plugin), FX_ABI_MAJOR, FX_ABI_MINOR, "abi14", "1.0.0", "fx.h 1.4's image_decode_png", factories, 1,
};
FX_PLUGIN_ENTRY(api) { (void)api; return &plugin; }
