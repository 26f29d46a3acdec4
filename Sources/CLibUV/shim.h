// The libuv API for Swift: the system header, found through pkg-config.
#ifndef CURTAIN_CLIBUV_SHIM_H
#define CURTAIN_CLIBUV_SHIM_H
#include <uv.h>
#ifdef __linux__
// The daemon's wake timer (UVDeadlineTimer.swift).
#include <sys/timerfd.h>
#endif
#endif
