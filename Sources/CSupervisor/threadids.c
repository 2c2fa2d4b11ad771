/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "threadids.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The thread-local variable of `swift::threading_impl::linux::ulock_get_tid()`. */
static const char cached_id[] = "_ZZN5swift14threading_impl5linux13ulock_get_tidEvE3tid";

/* The TLS ABI's own lookup: a module's variable for the calling thread (ld.so). */
typedef struct { unsigned long module; unsigned long offset; } tls_index;
extern void *__tls_get_addr(tls_index *index);

enum { most = 16 };
static tls_index found[most];
static int count;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The symbol's value (its offset in the module's TLS block), or -1 when the file has no such TLS symbol. */
static long tls_offset(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    struct stat st;
    long result = -1;
    if (fstat(fd, &st) == 0 && (size_t)st.st_size >= sizeof(Elf64_Ehdr)) {
        size_t size = (size_t)st.st_size;
        const unsigned char *file = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (file != MAP_FAILED) {
            const Elf64_Ehdr *eh = (const void *)file;
            if (memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 && eh->e_ident[EI_CLASS] == ELFCLASS64 &&
                eh->e_shentsize == sizeof(Elf64_Shdr) && eh->e_shoff < size &&
                eh->e_shnum <= (size - eh->e_shoff) / sizeof(Elf64_Shdr)) {
                const Elf64_Shdr *sh = (const void *)(file + eh->e_shoff);
                for (int s = 0; s < eh->e_shnum && result < 0; s++) {
                    if (sh[s].sh_type != SHT_SYMTAB || sh[s].sh_link >= eh->e_shnum) continue;
                    const Elf64_Shdr *names = &sh[sh[s].sh_link];
                    if (sh[s].sh_offset > size || sh[s].sh_size > size - sh[s].sh_offset ||
                        names->sh_offset > size || names->sh_size > size - names->sh_offset) continue;
                    const Elf64_Sym *sym = (const void *)(file + sh[s].sh_offset);
                    size_t n = sh[s].sh_size / sizeof(Elf64_Sym);
                    const char *strings = (const char *)(file + names->sh_offset);
                    for (size_t i = 0; i < n; i++) {
                        if (ELF64_ST_TYPE(sym[i].st_info) != STT_TLS || sym[i].st_name >= names->sh_size) continue;
                        if (names->sh_size - sym[i].st_name < sizeof cached_id) continue;
                        if (memcmp(strings + sym[i].st_name, cached_id, sizeof cached_id) == 0) {
                            result = (long)sym[i].st_value;
                            break;
                        }
                    }
                }
            }
            munmap((void *)file, size);
        }
    }
    close(fd);
    return result;
}

/* The runtime's once (what compiled code calls for a lazy global), from libswiftCore. */
extern void swift_once(void *predicate, void (*fn)(void *), void *context);
static void nothing(void *unused) { (void)unused; }

/*
 * Where libswiftCore keeps the cache in its TLS block, for a library whose symbol table was
 * stripped (as an installed fxhost's is): on a thread that has never taken the runtime's lock,
 * the block before and after one swift_once on a predicate never used: the one 4-byte word
 * that went from 0 to this thread's kernel id. -1 when there is not exactly one.
 */
static long tls_offset_by_use(const struct dl_phdr_info *info) {
    size_t size = 0;
    for (int i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_TLS) size = info->dlpi_phdr[i].p_memsz;
    const unsigned char *block = info->dlpi_tls_data;
    if (!block || size < sizeof(int) || size > 4096) return -1;
    unsigned char before[4096];
    memcpy(before, block, size);
    _Alignas(64) unsigned char predicate[64] = {0};
    swift_once(predicate, nothing, NULL);
    int self = (int)gettid();
    long result = -1;
    for (size_t at = 0; at + sizeof(int) <= size; at += sizeof(int)) {
        int was, now;
        memcpy(&was, before + at, sizeof was);
        memcpy(&now, block + at, sizeof now);
        if (was == 0 && now == self) {
            if (result >= 0) return -1;
            result = (long)at;
        }
    }
    return result;
}

static int visit(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    /* Only the Swift runtime's libraries are built from its threading headers. */
    if (info->dlpi_tls_modid == 0 || !info->dlpi_name || !strstr(info->dlpi_name, "/libswift")) return 0;
    if (count == most) return 1;
    long offset = tls_offset(info->dlpi_name);
    if (offset < 0 && strstr(info->dlpi_name, "/libswiftCore.so")) offset = tls_offset_by_use(info);
    if (offset >= 0) {
        found[count].module = info->dlpi_tls_modid;
        found[count].offset = (unsigned long)offset;
        count++;
    }
    return 0;
}

static int found_once;
static void find(void) {
    dl_iterate_phdr(visit, NULL);
    found_once = 1;
}

static pthread_t finder;
static int finding;

static void *find_on_thread(void *unused) {
    (void)unused;
    pthread_once(&once, find);
    return NULL;
}

void fxs_find_swift_thread_ids_ahead(void) {
    if (!finding && !found_once && pthread_create(&finder, NULL, find_on_thread, NULL) == 0) finding = 1;
}

void fxs_find_swift_thread_ids(void) {
    /* On a thread of its own even here: the search by use needs a thread the runtime's lock has
     * never seen. Where no thread can be made, the symbol tables alone are read. */
    fxs_find_swift_thread_ids_ahead();
    if (finding) {
        pthread_join(finder, NULL);
        finding = 0;
    }
    pthread_once(&once, find);
}

int fxs_forget_swift_thread_ids(void) {
    for (int i = 0; i < count; i++) *(int *)__tls_get_addr(&found[i]) = 0;
    return count;
}

struct both { long symbols, use; };

static int visit_both(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct both *b = data;
    if (info->dlpi_tls_modid == 0 || !info->dlpi_name || !strstr(info->dlpi_name, "/libswiftCore.so")) return 0;
    b->symbols = tls_offset(info->dlpi_name);
    b->use = tls_offset_by_use(info);
    return 1;
}

static void *both_on_thread(void *data) {
    dl_iterate_phdr(visit_both, data);
    return NULL;
}

int fxs_swift_thread_id_offsets(long *by_symbols, long *by_use) {
    struct both b = {-1, -1};
    pthread_t t;
    if (pthread_create(&t, NULL, both_on_thread, &b) != 0) return -1;
    pthread_join(t, NULL);
    *by_symbols = b.symbols;
    *by_use = b.use;
    return 0;
}
