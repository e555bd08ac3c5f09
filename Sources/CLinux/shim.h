#ifndef SLP_CLINUX_SHIM_H
#define SLP_CLINUX_SHIM_H

// Linux's readiness and wake-up calls, which Swift's Glibc module leaves out: the realtime
// hub's event loop waits on epoll and is woken through an eventfd.
#include <sys/epoll.h>
#include <sys/eventfd.h>

#endif
