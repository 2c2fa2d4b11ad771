/* SPDX-License-Identifier: MIT */
/* A shared object without the entry symbol. */
int not_the_entry(void) { return 1; }
