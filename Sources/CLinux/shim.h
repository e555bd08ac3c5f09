#ifndef SLP_CLINUX_SHIM_H
#define SLP_CLINUX_SHIM_H

// Linux's readiness and wake-up calls, which Swift's Glibc module leaves out: the realtime
// hub's event loop waits on epoll and is woken through an eventfd; `slp serve` adopts what
// lighttpd leaves when it ends (its SCGI workers) as their subreaper, to wait for them.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>

// prctl(2) is variadic, which Swift cannot call.
static inline int slp_become_child_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }
#include <stdint.h>
#include <sys/types.h>

// Starts the writeback of a file's dirty pages without waiting for it or for a journal commit
// (`slp backup` writes its copy behind itself this way). <fcntl.h> declares sync_file_range only
// under _GNU_SOURCE, which Swift's Glibc module does not define.
extern int sync_file_range(int fd, off_t offset, off_t count, unsigned int flags);
static inline int slp_start_writeback(int fd) { return sync_file_range(fd, 0, 0, 2 /* SYNC_FILE_RANGE_WRITE */); }

// The metrics file's numbers, shared between processes with one writer each: a reader never
// sees half a number, and a new entry's bytes before the count that publishes it.
static inline uint64_t slp_load_acquire(const uint64_t *address) { return __atomic_load_n(address, __ATOMIC_ACQUIRE); }
static inline void slp_store_release(uint64_t *address, uint64_t value) { __atomic_store_n(address, value, __ATOMIC_RELEASE); }
static inline int slp_compare_exchange(uint64_t *address, uint64_t expected, uint64_t desired) {
    return __atomic_compare_exchange_n(address, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

#endif
