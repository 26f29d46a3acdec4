// The SQLite API for Swift: the system header, found through pkg-config
// (Debian's libsqlite3-dev). Only CurtainDaemon's Persistence uses it.
#ifndef CURTAIN_CSQLITE_SHIM_H
#define CURTAIN_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: SQLite copies the bytes
// it is given before the bind call returns.
static inline void (*curtain_sqlite_transient(void))(void *) {
  return (void (*)(void *))-1;
}
#endif
