// The PostgreSQL `DurableStore` (docs/durability.md, "PostgreSQL"): the
// same tables and semantics as the SQLite state database, schema version 3,
// blobs as BYTEA, one transaction per group commit (docs/durability.md,
// "Schemas", says why the types differ).
//
//   curtain_schema(id 1, version)      the schema version (SQLite's
//                                      `PRAGMA user_version`)
//   journal(seq, session, entry, checksum)
//   snapshot(session, seq, image, checksum, taken_at)
//   dropped_journal(seq, session, entry, checksum, dropped_at, reason)
//
// One connection, on an event loop of its own (one NIO thread). The store
// is used by one thread at a time (the loop thread while the daemon starts,
// before the loop runs, then the writer thread), which blocks on the
// connection's futures: the libuv loop never waits on PostgreSQL. The
// connection holds a session-level advisory lock, so a second curtaind on
// the same database refuses to start (the state directory's `lock` file
// for SQLite); a cluster (issue 17's nodes) will own sessions instead,
// with an epoch, in a table of its own.
//
// A failed write (the server gone) fails the commit; the writer then
// reports the failure, as for SQLite, and the daemon refuses mutating
// requests until it restarts. There is no reconnection: the records of the
// failed hand-over were applied in memory, so the store no longer matches
// the sessions.

public import CurtainDaemon
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The PostgreSQL store.
public final class PostgresStore: DurableStore, @unchecked Sendable {
  /// The key of the advisory lock that keeps a second curtaind out
  /// ("curtain" in ASCII).
  static let lockKey: Int64 = 0x63_7572_7461_696e

  private let link: PostgresLink
  private var location: PostgresLocation { link.location }
  /// `storedBytes`, as last measured (at the start and after checkpoints).
  private let bytes = Mutex<UInt64>(0)

  /// Connects to `location`, takes the advisory lock, checks the schema
  /// version and creates the tables. The errors are fit to print.
  public init(location: PostgresLocation) throws(StoreError) {
    link = try PostgresLink(location: location, label: "curtaind.postgres")
    // On an error, deinit closes the connection.
    try prepare()
  }

  /// Takes the lock, then checks and creates the schema in a transaction.
  private func prepare() throws(StoreError) {
    let locked = try link.run("SELECT pg_try_advisory_lock(\(Self.lockKey))", what: "lock").first
    guard (try? locked?.decode(Bool.self)) == true else {
      throw StoreError(
        description: "cannot use the PostgreSQL store \(location): another curtaind uses it")
    }
    try link.prepareSchema(tables: [
      """
      CREATE TABLE IF NOT EXISTS journal(
        seq bigint PRIMARY KEY, session text NOT NULL, entry bytea NOT NULL,
        checksum bigint NOT NULL)
      """,
      "CREATE INDEX IF NOT EXISTS journal_session ON journal(session, seq)",
      """
      CREATE TABLE IF NOT EXISTS dropped_journal(
        seq bigint PRIMARY KEY, session text NOT NULL, entry bytea NOT NULL,
        checksum bigint NOT NULL, dropped_at double precision NOT NULL, reason text NOT NULL)
      """,
      """
      CREATE TABLE IF NOT EXISTS snapshot(
        session text PRIMARY KEY, seq bigint NOT NULL, image bytea NOT NULL,
        checksum bigint NOT NULL, taken_at double precision NOT NULL)
      """,
    ])
    measure()
  }

  // MARK: DurableStore

  public func journal() throws(StoreError) -> [StoredRecord] {
    let rows = try link.run(
      "SELECT seq, session, entry, checksum FROM journal ORDER BY seq", what: "read the journal")
    var records: [StoredRecord] = []
    records.reserveCapacity(rows.count)
    for row in rows {
      let (seq, session, buffer, checksum) = try link.decode(
        row, as: (Int64, String, ByteBuffer, Int64).self, what: "read the journal")
      let entry = Array(buffer.readableBytesView)
      records.append(
        StoredRecord(
          seq: seq, session: session, entry: entry,
          isIntact: DurableSchema.checksum(entry) == checksum))
    }
    return records
  }

  public func snapshots() throws(StoreError) -> [StoredSnapshot] {
    // Ordered byte by byte, as SQLite orders text.
    let rows = try link.run(
      """
      SELECT session, seq, image, checksum, taken_at FROM snapshot ORDER BY session COLLATE "C"
      """, what: "read the snapshots")
    var snapshots: [StoredSnapshot] = []
    for row in rows {
      let (session, seq, buffer, checksum, takenAt) = try link.decode(
        row, as: (String, Int64, ByteBuffer, Int64, Double).self, what: "read the snapshots")
      let image = Array(buffer.readableBytesView)
      snapshots.append(
        StoredSnapshot(
          session: session, seq: seq, image: image, takenAt: takenAt,
          isIntact: DurableSchema.checksum(image) == checksum))
    }
    return snapshots
  }

  public func lastSeq() throws(StoreError) -> Int64 {
    try link.integer(
      """
      SELECT greatest(coalesce((SELECT max(seq) FROM journal), 0),
        coalesce((SELECT max(seq) FROM snapshot), 0),
        coalesce((SELECT max(seq) FROM dropped_journal), 0))::bigint
      """)
  }

  public func journalCount() throws(StoreError) -> Int64 {
    try link.integer("SELECT count(*)::bigint FROM journal")
  }

  public func snapshotBytes() throws(StoreError) -> Int64 {
    try link.integer("SELECT coalesce(sum(octet_length(image)), 0)::bigint FROM snapshot")
  }

  public func dropJournal(from seq: Int64, reason: String, at time: Double) throws(StoreError) {
    try link.atomically(
      [
        """
        INSERT INTO dropped_journal(seq, session, entry, checksum, dropped_at, reason)
        SELECT seq, session, entry, checksum, \(time), \(reason) FROM journal
        WHERE seq >= \(seq)
        ON CONFLICT (seq) DO UPDATE SET session = excluded.session, entry = excluded.entry,
          checksum = excluded.checksum, dropped_at = excluded.dropped_at,
          reason = excluded.reason
        """,
        "DELETE FROM journal WHERE seq >= \(seq)",
      ], what: "set records aside")
  }

  public func commit(
    records: [NewRecord], checkpoints: [StoreCheckpoint], handOvers: [HandOver], at time: Double
  ) throws(StoreError) -> [String: SessionOwner] {
    var queries: [PostgresQuery] = []
    if !records.isEmpty {
      // One statement for the whole group: arrays of its columns.
      let seqs = records.map(\.seq)
      let sessions = records.map(\.session)
      let entries = records.map { ByteBuffer(bytes: $0.entry) }
      let checksums = records.map { DurableSchema.checksum($0.entry) }
      queries.append(
        """
        INSERT INTO journal(seq, session, entry, checksum)
        SELECT * FROM unnest(\(seqs)::bigint[], \(sessions)::text[], \(entries)::bytea[],
          \(checksums)::bigint[])
        """)
    }
    for checkpoint in checkpoints {
      for snapshot in checkpoint.snapshots {
        let image = ByteBuffer(bytes: snapshot.image)
        let checksum = DurableSchema.checksum(snapshot.image)
        queries.append(
          """
          INSERT INTO snapshot(session, seq, image, checksum, taken_at)
          VALUES (\(snapshot.session), \(checkpoint.seq), \(image), \(checksum), \(time))
          ON CONFLICT (session) DO UPDATE SET seq = excluded.seq, image = excluded.image,
            checksum = excluded.checksum, taken_at = excluded.taken_at
          """)
        queries.append(
          "DELETE FROM journal WHERE session = \(snapshot.session) AND seq <= \(checkpoint.seq)")
      }
      queries.append("DELETE FROM journal WHERE session = '' AND seq <= \(checkpoint.sharedBound)")
    }
    if !queries.isEmpty { _ = try link.atomically(queries, what: "commit") }
    return [:]
  }

  /// PostgreSQL reclaims space by itself (autovacuum): this only measures
  /// the tables again for `storedBytes`.
  public func compact() {
    measure()
  }

  public var storedBytes: UInt64 { bytes.withLock { $0 } }

  // MARK: Queries

  /// The tables' size on the server (with their indexes and TOAST).
  private func measure() {
    let size = try? link.integer(
      """
      SELECT (pg_total_relation_size('journal') + pg_total_relation_size('snapshot')
        + pg_total_relation_size('dropped_journal'))::bigint
      """)
    if let size { bytes.withLock { $0 = UInt64(max(0, size)) } }
  }
}
