// The state database (docs/durability.md): one SQLite file in WAL mode in
// the state directory. Schema version 1:
//
//   journal(seq INTEGER PRIMARY KEY, session TEXT, entry BLOB, checksum INTEGER)
//     one record per input that changed the sessions, in the order they
//     were applied; `entry` is a curtain.v1.JournalEntry, `checksum` its
//     64-bit FNV-1a hash (SQLite does not check what it reads back).
//   dropped_journal(seq, session, entry, checksum, dropped_at REAL, reason TEXT)
//     records a restore could not apply, moved aside (never deleted) with
//     the reason.
//
// `PRAGMA user_version` holds the schema version; a database from a newer
// curtaind is refused. A store is used by one thread at a time: the loop
// thread while the daemon starts, the writer thread afterwards.

/// The state database.
final class StateStore {
  /// The schema version this curtaind writes and reads.
  static let schemaVersion: Int64 = 1

  /// A stored journal record.
  struct Record {
    let seq: Int64
    let session: String
    let entry: [UInt8]
    /// Whether `entry` still has the checksum it was written with.
    let isIntact: Bool
  }

  /// The 64-bit FNV-1a hash of `bytes`, as SQLite stores integers.
  static func checksum(_ bytes: [UInt8]) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return Int64(bitPattern: hash)
  }

  let database: SQLiteDatabase
  private var insert: SQLiteStatement?

  /// Opens the database at `path` (created when missing), checks its
  /// schema version and creates or migrates its tables.
  init(path: String, sync: StateOptions.Sync) throws(SQLiteError) {
    database = try SQLiteDatabase(path: path, create: true)
    // The first read of a file that is not a database fails here.
    let version = try database.integer("PRAGMA user_version")
    guard version <= Self.schemaVersion else {
      throw SQLiteError(
        code: 0,
        description:
          "\(path) has schema version \(version), written by a newer curtaind (this one reads "
          + "up to \(Self.schemaVersion)); start it with --reset-state to move it aside")
    }
    try database.execute("PRAGMA journal_mode=WAL")
    try database.execute("PRAGMA synchronous=\(sync == .full ? "FULL" : "NORMAL")")
    try database.execute(
      """
      BEGIN;
      CREATE TABLE IF NOT EXISTS journal(
        seq INTEGER PRIMARY KEY, session TEXT NOT NULL, entry BLOB NOT NULL,
        checksum INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS dropped_journal(
        seq INTEGER PRIMARY KEY, session TEXT NOT NULL, entry BLOB NOT NULL,
        checksum INTEGER NOT NULL, dropped_at REAL NOT NULL, reason TEXT NOT NULL);
      PRAGMA user_version = \(Self.schemaVersion);
      COMMIT;
      """)
  }

  /// Every journal record, in order.
  func journal() throws(SQLiteError) -> [Record] {
    let statement = try database.prepare(
      "SELECT seq, session, entry, checksum FROM journal ORDER BY seq")
    var records: [Record] = []
    while try statement.step() {
      let entry = statement.blob(2)
      records.append(
        Record(
          seq: statement.integer(0), session: statement.text(1), entry: entry,
          isIntact: Self.checksum(entry) == statement.integer(3)))
    }
    return records
  }

  /// Moves the records from `seq` on to `dropped_journal` with `reason`.
  func dropJournal(from seq: Int64, reason: String, at time: Double) throws(SQLiteError) {
    try database.execute("BEGIN")
    do throws(SQLiteError) {
      let move = try database.prepare(
        """
        INSERT OR REPLACE INTO dropped_journal(seq, session, entry, checksum, dropped_at, reason)
        SELECT seq, session, entry, checksum, ?, ? FROM journal WHERE seq >= ?
        """)
      try move.bind(.real(time), .text(reason), .integer(seq))
      try move.step()
      let delete = try database.prepare("DELETE FROM journal WHERE seq >= ?")
      try delete.bind(.integer(seq))
      try delete.step()
      try database.execute("COMMIT")
    } catch {
      try? database.execute("ROLLBACK")
      throw error
    }
  }

  /// Appends records in one transaction (a group commit).
  func append(_ records: [(session: String, entry: [UInt8])]) throws(SQLiteError) {
    let insert: SQLiteStatement
    if let prepared = self.insert {
      insert = prepared
    } else {
      insert = try database.prepare(
        "INSERT INTO journal(session, entry, checksum) VALUES (?, ?, ?)")
      self.insert = insert
    }
    try database.execute("BEGIN")
    do throws(SQLiteError) {
      for record in records {
        try insert.bind(
          .text(record.session), .blob(record.entry), .integer(Self.checksum(record.entry)))
        try insert.step()
      }
      try database.execute("COMMIT")
    } catch {
      try? database.execute("ROLLBACK")
      throw error
    }
  }
}
