// The floor of a durable change's round trip (issue 34 §2): a daemon that
// stores nothing answers it in the `--ephemeral` round trip, and the least
// a durable one must add is one commit of its journal record. This file
// measures that commit bare: the last record the durable daemon wrote,
// inserted one commit at a time into a table of the journal's shape in a
// database of its own, with the daemon's settings (WAL, synchronous=NORMAL),
// a prepared statement and nothing else.

import BenchKit
import BenchSQLite
import Foundation

/// A journal record as the durable daemon stored it.
struct StoredRecord {
  let session: String
  let entry: [UInt8]
  let checksum: Int64
}

/// Errors of the bare SQLite measurement.
struct BareSQLiteError: Error, CustomStringConvertible {
  let description: String
}

/// A SQLite connection for the measurement.
private final class BareDatabase {
  let handle: OpaquePointer

  init(path: String) throws {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else {
      sqlite3_close(handle)
      throw BareSQLiteError(description: "cannot open \(path)")
    }
    self.handle = handle
  }

  deinit { sqlite3_close(handle) }

  func execute(_ sql: String) throws {
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      throw BareSQLiteError(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
    }
  }

  func prepare(_ sql: String) throws -> OpaquePointer {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw BareSQLiteError(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
    }
    return statement
  }
}

/// The last journal record of the state database at `path` (read while
/// its daemon runs: WAL lets a reader in).
func lastJournalRecord(database path: String) throws -> StoredRecord {
  let database = try BareDatabase(path: path)
  let statement = try database.prepare(
    "SELECT session, entry, checksum FROM journal ORDER BY seq DESC LIMIT 1")
  defer { sqlite3_finalize(statement) }
  guard sqlite3_step(statement) == SQLITE_ROW else {
    throw BareSQLiteError(description: "\(path) has no journal record")
  }
  let count = Int(sqlite3_column_bytes(statement, 1))
  let bytes = sqlite3_column_blob(statement, 1)
  let entry =
    count == 0 || bytes == nil
    ? [] : Array(UnsafeRawBufferPointer(start: bytes, count: count))
  return StoredRecord(
    session: String(cString: sqlite3_column_text(statement, 0)), entry: entry,
    checksum: sqlite3_column_int64(statement, 2))
}

/// The median in µs of `count` bare commits of `record` (after 200 to
/// warm up) into a new database in `directory`.
func bareSQLiteCommitMicros(_ record: StoredRecord, count: Int, directory: String) throws -> Double
{
  let path = directory + "/bare.sqlite3"
  let database = try BareDatabase(path: path)
  try database.execute("PRAGMA journal_mode=WAL")
  try database.execute("PRAGMA synchronous=NORMAL")
  try database.execute(
    """
    CREATE TABLE journal(
      seq INTEGER PRIMARY KEY, session TEXT NOT NULL, entry BLOB NOT NULL,
      checksum INTEGER NOT NULL)
    """)
  let insert = try database.prepare(
    "INSERT INTO journal(seq, session, entry, checksum) VALUES (?, ?, ?, ?)")
  defer { sqlite3_finalize(insert) }
  var samples = Samples()
  for seq in 1...(200 + count) {
    let start = Clock.now()
    sqlite3_bind_int64(insert, 1, Int64(seq))
    sqlite3_bind_text(insert, 2, record.session, -1, bench_sqlite_transient())
    _ = record.entry.withUnsafeBytes {
      sqlite3_bind_blob(insert, 3, $0.baseAddress, Int32($0.count), bench_sqlite_transient())
    }
    sqlite3_bind_int64(insert, 4, record.checksum)
    guard sqlite3_step(insert) == SQLITE_DONE else {
      throw BareSQLiteError(description: String(cString: sqlite3_errmsg(database.handle)))
    }
    sqlite3_reset(insert)
    if seq > 200 { samples.add((Clock.now() - start) * 1e6) }
  }
  return samples.median
}
