// The state database (docs/durability.md): one SQLite file in WAL mode in
// the state directory. Schema version 3 (2 and 1 are migrated):
//
//   journal(seq INTEGER PRIMARY KEY, session TEXT, entry BLOB, checksum INTEGER)
//     one record per input that changed the sessions, in the order they
//     were applied; `entry` is a curtain.v1.JournalEntry, `checksum` its
//     64-bit FNV-1a hash (SQLite does not check what it reads back).
//     `session` is "" for a record that concerns every session.
//   snapshot(session TEXT PRIMARY KEY, seq INTEGER, image BLOB,
//            checksum INTEGER, taken_at REAL)
//     the latest snapshot of each session (a curtain.v1.SessionImage,
//     SessionImage.swift), taken
//     after journal record `seq`; the session's records up to `seq` are
//     gone. `taken_at` is the wall-clock time (Unix seconds).
//   dropped_journal(seq, session, entry, checksum, dropped_at REAL, reason TEXT)
//     records a restore could not apply, moved aside (never deleted) with
//     the reason.
//
// `PRAGMA user_version` holds the schema version; a database from a newer
// curtaind is refused. A store is used by one thread at a time: the loop
// thread while the daemon starts, the writer thread afterwards
// (DurableStore.swift). Its SQLite errors are passed on as `StoreError`s
// with the same text.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state database: the SQLite `DurableStore`.
final class StateStore: DurableStore {
  /// The schema version this curtaind writes and reads.
  static let schemaVersion = DurableSchema.version

  typealias Record = StoredRecord
  typealias Snapshot = StoredSnapshot
  typealias Checkpoint = StoreCheckpoint

  /// The 64-bit FNV-1a hash of `bytes`, as SQLite stores integers.
  static func checksum(_ bytes: [UInt8]) -> Int64 {
    DurableSchema.checksum(bytes)
  }

  let database: SQLiteDatabase
  /// The statements of a group commit.
  private struct CommitStatements {
    let begin: SQLiteStatement
    let insert: SQLiteStatement
    let commit: SQLiteStatement
  }
  private var commitStatements: CommitStatements?
  /// The statements that make the tables and stamp the version, while
  /// they wait for the first write (`createTablesIfNeeded`).
  private var pendingSchema: String?

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
    // A database of this version is only read until the restore has
    // checked it against the last commit (CommitMark.swift): setting its
    // version again would be a write, and a write into a damaged
    // write-ahead log replaces the frames SQLite stopped at, the evidence.
    let stamp = version == Self.schemaVersion ? "" : "PRAGMA user_version = \(Self.schemaVersion);"
    let schema = """
      BEGIN;
      CREATE TABLE IF NOT EXISTS journal(
        seq INTEGER PRIMARY KEY, session TEXT NOT NULL, entry BLOB NOT NULL,
        checksum INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS dropped_journal(
        seq INTEGER PRIMARY KEY, session TEXT NOT NULL, entry BLOB NOT NULL,
        checksum INTEGER NOT NULL, dropped_at REAL NOT NULL, reason TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS snapshot(
        session TEXT PRIMARY KEY, seq INTEGER NOT NULL, image BLOB NOT NULL,
        checksum INTEGER NOT NULL, taken_at REAL NOT NULL);
      \(stamp)
      COMMIT;
      """
    // No version but a write-ahead log: the database's first page is in a
    // log SQLite did not take (its header is damaged). It reads as empty,
    // and making the tables now would overwrite that log: they are made
    // at the first write, after the restore's check.
    if version == 0, Self.fileSize(path + "-wal") > 0 {
      pendingSchema = schema
    } else {
      try database.execute(schema)
    }
  }

  /// Makes the tables the database lacked when it was opened.
  private func createTablesIfNeeded() throws(SQLiteError) {
    guard let schema = pendingSchema else { return }
    try database.execute(schema)
    pendingSchema = nil
  }

  /// Whether the tables exist (see `pendingSchema`).
  private var hasTables: Bool { pendingSchema == nil }

  /// Every journal record, in order.
  func journal() throws(StoreError) -> [Record] {
    try sqlite { () throws(SQLiteError) in try readJournal() }
  }

  private func readJournal() throws(SQLiteError) -> [Record] {
    guard hasTables else { return [] }
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

  /// The latest snapshot of each session, by session name.
  func snapshots() throws(StoreError) -> [Snapshot] {
    try sqlite { () throws(SQLiteError) in try readSnapshots() }
  }

  private func readSnapshots() throws(SQLiteError) -> [Snapshot] {
    guard hasTables else { return [] }
    let statement = try database.prepare(
      "SELECT session, seq, image, checksum, taken_at FROM snapshot ORDER BY session")
    var snapshots: [Snapshot] = []
    while try statement.step() {
      let image = statement.blob(2)
      snapshots.append(
        Snapshot(
          session: statement.text(0), seq: statement.integer(1), image: image,
          takenAt: statement.real(4), isIntact: Self.checksum(image) == statement.integer(3)))
    }
    return snapshots
  }

  /// The highest record number ever used (journal, snapshots, records set
  /// aside), so that new records never reuse one.
  func lastSeq() throws(StoreError) -> Int64 {
    try integer(
      """
      SELECT max(coalesce((SELECT max(seq) FROM journal), 0),
        coalesce((SELECT max(seq) FROM snapshot), 0),
        coalesce((SELECT max(seq) FROM dropped_journal), 0))
      """)
  }

  /// Copies the write-ahead log into the database and empties it (after a
  /// snapshot, so that the files shrink back to the live state). Best
  /// effort: SQLite checkpoints the log by itself anyway.
  func compact() {
    _ = try? database.integer("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  /// Journal records left (not covered by a snapshot).
  func journalCount() throws(StoreError) -> Int64 {
    try integer("SELECT count(*) FROM journal")
  }

  /// The stored snapshots' size (the sum of their images' lengths).
  func snapshotBytes() throws(StoreError) -> Int64 {
    try integer("SELECT coalesce(sum(length(image)), 0) FROM snapshot")
  }

  /// The database file and its write-ahead log, in bytes.
  var storedBytes: UInt64 {
    [database.path, database.path + "-wal"].reduce(0) { $0 + Self.fileSize($1) }
  }

  /// Moves the records from `seq` on to `dropped_journal` with `reason`.
  func dropJournal(from seq: Int64, reason: String, at time: Double) throws(StoreError) {
    try sqlite { () throws(SQLiteError) in try moveJournal(from: seq, reason: reason, at: time) }
  }

  private func moveJournal(from seq: Int64, reason: String, at time: Double) throws(SQLiteError) {
    try createTablesIfNeeded()
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

  /// Writes, in one transaction (a group commit): `records` (each with
  /// its number), then each of `checkpoints` in order (snapshots taken at
  /// the wall-clock `time`). One daemon owns the database: nothing is
  /// fenced, and nothing is handed over.
  func commit(
    records: [NewRecord], checkpoints: [Checkpoint], handOvers: [HandOver], at time: Double
  ) throws(StoreError) -> [String: SessionOwner] {
    try sqlite { () throws(SQLiteError) in
      try write(records: records, checkpoints: checkpoints, at: time)
    }
    return [:]
  }

  private func write(records: [NewRecord], checkpoints: [Checkpoint], at time: Double)
    throws(SQLiteError)
  {
    try createTablesIfNeeded()
    // Prepared once: a group commit parses no SQL.
    let statements: CommitStatements
    if let prepared = commitStatements {
      statements = prepared
    } else {
      statements = CommitStatements(
        begin: try database.prepare("BEGIN"),
        insert: try database.prepare(
          "INSERT INTO journal(seq, session, entry, checksum) VALUES (?, ?, ?, ?)"),
        commit: try database.prepare("COMMIT"))
      commitStatements = statements
    }
    try statements.begin.step()
    do throws(SQLiteError) {
      for record in records {
        try statements.insert.bind(
          .integer(record.seq), .text(record.session), .blob(record.entry),
          .integer(Self.checksum(record.entry)))
        try statements.insert.step()
      }
      for checkpoint in checkpoints {
        try write(checkpoint, at: time)
      }
      try statements.commit.step()
    } catch {
      try? database.execute("ROLLBACK")
      throw error
    }
  }

  /// Stores the snapshots of `checkpoint` and drops the records they cover.
  private func write(_ checkpoint: Checkpoint, at time: Double) throws(SQLiteError) {
    let store = try database.prepare(
      """
      INSERT OR REPLACE INTO snapshot(session, seq, image, checksum, taken_at)
      VALUES (?, ?, ?, ?, ?)
      """)
    let drop = try database.prepare("DELETE FROM journal WHERE session = ? AND seq <= ?")
    for snapshot in checkpoint.snapshots {
      try store.bind(
        .text(snapshot.session), .integer(checkpoint.seq), .blob(snapshot.image),
        .integer(Self.checksum(snapshot.image)), .real(time))
      try store.step()
      try drop.bind(.text(snapshot.session), .integer(checkpoint.seq))
      try drop.step()
    }
    try drop.bind(.text(""), .integer(checkpoint.sharedBound))
    try drop.step()
  }

  /// A one-integer query's result.
  private func integer(_ sql: String) throws(StoreError) -> Int64 {
    guard hasTables else { return 0 }
    return try sqlite { () throws(SQLiteError) in try database.integer(sql) }
  }

  /// Runs `body`, passing its SQLite error on as a `StoreError` with the
  /// same text.
  private func sqlite<T>(_ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
    do {
      return try body()
    } catch {
      throw StoreError(description: error.description)
    }
  }

  private static func fileSize(_ path: String) -> UInt64 {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return UInt64(max(0, info.st_size))
  }
}
