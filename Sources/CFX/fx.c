/* SPDX-License-Identifier: MIT */
/* The header is the ABI; this file exists so that every build system has an object to make. */
