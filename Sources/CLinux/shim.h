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

#endif
