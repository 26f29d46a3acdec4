// A thin, throwing wrapper over the SQLite C API: open a file, run
// statements, bind and read integers, text and blobs. Only the daemon's
// persistence uses it, and one database is only ever used by one thread at
// a time (opened with SQLITE_OPEN_NOMUTEX).

import CSQLite

/// A failed SQLite call, with SQLite's own message.
struct SQLiteError: Error, CustomStringConvertible {
  /// The SQLite result code.
  let code: Int32
  /// What was being done and SQLite's message.
  let description: String
}

/// An open SQLite database.
final class SQLiteDatabase {
  private let handle: OpaquePointer
  /// The file.
  let path: String

  /// Opens (and, when `create`, creates) the database file at `path`.
  init(path: String, create: Bool) throws(SQLiteError) {
    var pointer: OpaquePointer?
    let flags =
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0)
    let result = sqlite3_open_v2(path, &pointer, flags, nil)
    guard result == SQLITE_OK, let pointer else {
      let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(pointer)
      throw SQLiteError(code: result, description: "cannot open \(path): \(message)")
    }
    handle = pointer
    self.path = path
    sqlite3_extended_result_codes(handle, 1)
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Runs one or more statements without results.
  func execute(_ sql: String) throws(SQLiteError) {
    var message: UnsafeMutablePointer<CChar>?
    let result = sqlite3_exec(handle, sql, nil, nil, &message)
    guard result == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? errorMessage
      sqlite3_free(message)
      throw SQLiteError(code: result, description: "\(text) (in: \(sql))")
    }
  }

  /// Prepares a statement.
  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let result = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard result == SQLITE_OK, let statement else {
      throw SQLiteError(code: result, description: "\(errorMessage) (in: \(sql))")
    }
    return SQLiteStatement(statement, database: self)
  }

  /// The integer a query returns in its first row and column (0 without rows).
  func integer(_ sql: String) throws(SQLiteError) -> Int64 {
    let statement = try prepare(sql)
    return try statement.step() ? statement.integer(0) : 0
  }

  /// Closing the database leaves its write-ahead log as it is (SQLite
  /// otherwise copies what it can read of it into the database and
  /// deletes it): for a damaged database moved aside as found.
  func keepWriteAheadLogOnClose() {
    _ = curtain_sqlite_keep_wal_on_close(handle)
  }

  /// SQLite's message for the last failure.
  var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }
}

/// A prepared statement; finalized when released.
final class SQLiteStatement {
  private let handle: OpaquePointer
  private let database: SQLiteDatabase

  fileprivate init(_ handle: OpaquePointer, database: SQLiteDatabase) {
    self.handle = handle
    self.database = database
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds parameters 1, 2, … in order (Int64, String, [UInt8] or nil).
  func bind(_ values: SQLiteValue...) throws(SQLiteError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let result: Int32
      switch value {
      case .integer(let number):
        result = sqlite3_bind_int64(handle, index, number)
      case .text(let text):
        result = sqlite3_bind_text(handle, index, text, -1, curtain_sqlite_transient())
      case .blob(let bytes):
        result = bytes.withUnsafeBytes {
          sqlite3_bind_blob(
            handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count),
            curtain_sqlite_transient())
        }
      case .real(let number):
        result = sqlite3_bind_double(handle, index, number)
      }
      guard result == SQLITE_OK else {
        throw SQLiteError(code: result, description: "bind: \(database.errorMessage)")
      }
    }
  }

  /// Steps once: `true` with a row to read, `false` when done.
  @discardableResult
  func step() throws(SQLiteError) -> Bool {
    let result = sqlite3_step(handle)
    switch result {
    case SQLITE_ROW: return true
    case SQLITE_DONE:
      sqlite3_reset(handle)
      return false
    default:
      let message = database.errorMessage
      sqlite3_reset(handle)
      throw SQLiteError(code: result, description: message)
    }
  }

  /// Column `index` of the current row as an integer.
  func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` of the current row as a number.
  func real(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Column `index` of the current row as text.
  func text(_ index: Int32) -> String {
    guard let pointer = sqlite3_column_text(handle, index) else { return "" }
    return String(cString: pointer)
  }

  /// Column `index` of the current row as bytes.
  func blob(_ index: Int32) -> [UInt8] {
    let count = Int(sqlite3_column_bytes(handle, index))
    guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}
