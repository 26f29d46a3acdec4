// SQLite for the benchmarks' bare commit (curtain-bench's commit floor).
#ifndef BENCH_SQLITE_SHIM_H
#define BENCH_SQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import.
static inline void (*bench_sqlite_transient(void))(void *) {
  return (void (*)(void *))-1;
}
#endif
