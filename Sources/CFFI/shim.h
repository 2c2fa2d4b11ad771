/* SPDX-License-Identifier: MIT */
/* libffi for Swift: accessors for the type descriptors, which Swift 6 cannot
 * take the address of directly (they are mutable C globals). */
#include <ffi.h>

static inline ffi_type *fxffi_type_pointer(void) { return &ffi_type_pointer; }
static inline ffi_type *fxffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *fxffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *fxffi_type_uint64(void) { return &ffi_type_uint64; }
static inline ffi_abi fxffi_default_abi(void) { return FFI_DEFAULT_ABI; }
