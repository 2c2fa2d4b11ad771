/* SPDX-License-Identifier: MIT */
/*
 * The Swift runtime's cached kernel thread id, made right in a child of fork().
 *
 * Swift's once (every lazy global and static is initialised through it) locks
 * a priority-inheritance futex whose word holds the owner's kernel thread id
 * (swift/Threading/Impl/Linux/ulock.h, `ulock_get_tid`). Each library built
 * from the runtime keeps that id in a thread-local variable of its own, filled
 * at the thread's first lock and never again: after fork() the child's thread
 * still holds its parent's id. Uncontended, the lock never asks the kernel and
 * nothing shows; contended, FUTEX_LOCK_PI and FUTEX_UNLOCK_PI refuse a word
 * that names another process's thread, and the runtime retries them forever:
 * two threads of the child spin at full speed. Clearing the cached id makes
 * the runtime ask the kernel again at the next lock.
 */
#ifndef FXS_THREADIDS_H
#define FXS_THREADIDS_H

/*
 * Finds, once a process, where the loaded Swift runtime libraries keep that
 * thread-local id (their symbol tables name it). Call it before fork(), in the
 * parent: it reads the libraries' files.
 */
void fxs_find_swift_thread_ids(void);

/*
 * The same on a thread of its own, begun at once (reading the files takes
 * about a third of a millisecond): the process's start goes on meanwhile, and
 * fxs_find_swift_thread_ids waits for that thread, so that it has ended before
 * fork(). Call it once, early, from the thread that later calls
 * fxs_find_swift_thread_ids.
 */
void fxs_find_swift_thread_ids_ahead(void);

/*
 * In the child, right after fork() and before anything else: clears the
 * calling thread's cached id in each of those libraries. Returns how many it
 * cleared.
 */
int fxs_forget_swift_thread_ids(void);

/*
 * For tests: libswiftCore's cache offset found both ways, by its symbol table
 * and by use on a fresh thread (-1 where a way finds none); 0, or -1 when no
 * thread could be made.
 */
int fxs_swift_thread_id_offsets(long *by_symbols, long *by_use);

#endif
