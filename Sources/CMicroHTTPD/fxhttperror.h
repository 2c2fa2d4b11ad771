// SPDX-License-Identifier: MIT
/* Sets the message `fx_mhd_error()` returns (the server's own failures, beside the loader's). */
#ifndef FX_HTTP_ERROR_H
#define FX_HTTP_ERROR_H
void fx_http_set_error(const char *what, int e);
#endif
