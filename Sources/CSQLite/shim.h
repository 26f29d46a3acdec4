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

// sqlite3_db_config is variadic, which Swift cannot call: closing the
// connection then neither checkpoints nor deletes the write-ahead log.
static inline int curtain_sqlite_keep_wal_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
#endif
