// The PostgreSQL `DurableStore` (docs/durability.md, "PostgreSQL"): the
// same tables and semantics as the SQLite state database, schema version 2,
// blobs as BYTEA, one transaction per group commit.
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

  private let location: PostgresLocation
  private let group: MultiThreadedEventLoopGroup
  private let connection: PostgresConnection
  private let logger: Logger
  /// `storedBytes`, as last measured (at the start and after checkpoints).
  private let bytes = Mutex<UInt64>(0)
  /// The queries sent and not answered yet.
  private let pending = PendingQueries()

  /// Connects to `location`, takes the advisory lock, checks the schema
  /// version and creates the tables. The errors are fit to print.
  public init(location: PostgresLocation) throws(StoreError) {
    self.location = location
    var logger = Logger(label: "curtaind.postgres")
    // postgres-nio logs every query at debug level: only its warnings.
    logger.logLevel = .warning
    self.logger = logger
    group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    var configuration: PostgresConnection.Configuration
    if let socketPath = location.socketPath {
      configuration = .init(
        unixSocketPath: socketPath, username: location.user, password: location.password,
        database: location.database)
    } else {
      configuration = .init(
        host: location.host ?? "localhost", port: location.port, username: location.user,
        password: location.password, database: location.database, tls: .disable)
    }
    configuration.options.connectTimeout = .seconds(10)
    do {
      connection = try PostgresConnection.connect(
        on: group.next(), configuration: configuration, id: 1, logger: logger
      ).wait()
    } catch {
      try? group.syncShutdownGracefully()
      throw StoreError(
        description:
          "cannot connect to the PostgreSQL store \(location): \(Self.text(error))")
    }
    connection.closeFuture.whenComplete { [pending] _ in pending.failAll() }
    // On an error, deinit closes the connection.
    try prepare()
  }

  deinit {
    close()
  }

  private func close() {
    _ = try? connection.close().wait()
    try? group.syncShutdownGracefully()
  }

  /// Takes the lock, then checks and creates the schema in a transaction.
  private func prepare() throws(StoreError) {
    let locked = try run("SELECT pg_try_advisory_lock(\(Self.lockKey))", what: "lock").first
    guard (try? locked?.decode(Bool.self)) == true else {
      throw StoreError(
        description: "cannot use the PostgreSQL store \(location): another curtaind uses it")
    }
    try transaction(what: "create the tables") { () throws(StoreError) in
      _ = try run(
        """
        CREATE TABLE IF NOT EXISTS curtain_schema(
          id integer PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)
        """, what: "create the tables")
      let rows = try run("SELECT version FROM curtain_schema", what: "read the schema version")
      let version = try rows.first.map { row throws(StoreError) in
        do {
          return try row.decode(Int64.self)
        } catch {
          throw StoreError(description: "cannot read the schema version: \(Self.text(error))")
        }
      }
      if let version, version > DurableSchema.version {
        throw StoreError(
          description:
            "the PostgreSQL store \(location) has schema version \(version), written by a newer "
            + "curtaind (this one reads up to \(DurableSchema.version)); use a newer curtaind "
            + "or another database")
      }
      for statement in [
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
        """
        INSERT INTO curtain_schema(id, version) VALUES (1, \(DurableSchema.version))
        ON CONFLICT (id) DO UPDATE SET version = excluded.version
        """,
      ] {
        _ = try run(PostgresQuery(unsafeSQL: statement), what: "create the tables")
      }
    }
    measure()
  }

  // MARK: DurableStore

  public func journal() throws(StoreError) -> [StoredRecord] {
    let rows = try run(
      "SELECT seq, session, entry, checksum FROM journal ORDER BY seq", what: "read the journal")
    var records: [StoredRecord] = []
    records.reserveCapacity(rows.count)
    for row in rows {
      let (seq, session, buffer, checksum) = try decode(
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
    let rows = try run(
      """
      SELECT session, seq, image, checksum, taken_at FROM snapshot ORDER BY session COLLATE "C"
      """, what: "read the snapshots")
    var snapshots: [StoredSnapshot] = []
    for row in rows {
      let (session, seq, buffer, checksum, takenAt) = try decode(
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
    try integer(
      """
      SELECT greatest(coalesce((SELECT max(seq) FROM journal), 0),
        coalesce((SELECT max(seq) FROM snapshot), 0),
        coalesce((SELECT max(seq) FROM dropped_journal), 0))::bigint
      """)
  }

  public func journalCount() throws(StoreError) -> Int64 {
    try integer("SELECT count(*)::bigint FROM journal")
  }

  public func snapshotBytes() throws(StoreError) -> Int64 {
    try integer("SELECT coalesce(sum(octet_length(image)), 0)::bigint FROM snapshot")
  }

  public func dropJournal(from seq: Int64, reason: String, at time: Double) throws(StoreError) {
    try atomically(
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

  public func commit(records: [NewRecord], checkpoints: [StoreCheckpoint], at time: Double)
    throws(StoreError)
  {
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
    guard !queries.isEmpty else { return }
    try atomically(queries, what: "commit")
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
    let size = try? integer(
      """
      SELECT (pg_total_relation_size('journal') + pg_total_relation_size('snapshot')
        + pg_total_relation_size('dropped_journal'))::bigint
      """)
    if let size { bytes.withLock { $0 = UInt64(max(0, size)) } }
  }

  /// Runs `body` between BEGIN and COMMIT; on an error, rolls back (when
  /// the connection still can) and passes the error on.
  private func transaction(what: String, _ body: () throws(StoreError) -> Void)
    throws(StoreError)
  {
    _ = try run("BEGIN", what: what)
    do {
      try body()
    } catch {
      _ = try? run("ROLLBACK", what: what)
      throw error
    }
    // COMMIT in a failed transaction answers ROLLBACK without an error:
    // every statement was checked above, so this one commits.
    _ = try run("COMMIT", what: what)
  }

  /// Runs `queries` in one transaction, sent together with BEGIN and
  /// COMMIT (one round trip), then waits for each answer. A failed query
  /// aborts the transaction and PostgreSQL answers the COMMIT with
  /// ROLLBACK: nothing is written, and the first error is thrown. (BEGIN
  /// itself fails only with the connection, and then so does every query
  /// after it.)
  private func atomically(_ queries: [PostgresQuery], what: String) throws(StoreError) {
    let futures = (["BEGIN"] + queries + ["COMMIT"]).map(send)
    var failure: (any Error)?
    var committed = false
    for (index, future) in futures.enumerated() {
      do {
        let result = try future.wait()
        if index == futures.count - 1 { committed = result.metadata.command == "COMMIT" }
      } catch {
        if failure == nil { failure = error }
      }
    }
    guard failure == nil, committed else {
      throw StoreError(
        description:
          "cannot \(what) in the PostgreSQL store \(location): "
          + (failure.map(Self.text) ?? "the transaction was rolled back"))
    }
  }

  /// Runs `query` and returns its rows.
  private func run(_ query: PostgresQuery, what: String) throws(StoreError) -> [PostgresRow] {
    do {
      return try send(query).wait().rows
    } catch {
      throw StoreError(
        description: "cannot \(what) in the PostgreSQL store \(location): \(Self.text(error))")
    }
  }

  /// Sends `query`; the result fails when the connection is lost, even
  /// for a query written after it closed (which postgres-nio would never
  /// answer).
  private func send(_ query: PostgresQuery) -> EventLoopFuture<PostgresQueryResult> {
    let result = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
    guard !connection.isClosed, let number = pending.add(result) else {
      result.fail(ConnectionLost())
      return result.futureResult
    }
    connection.query(query, logger: logger).whenComplete { [pending] answer in
      pending.remove(number)
      result.completeWith(answer)
    }
    return result.futureResult
  }

  /// The one integer `query` answers.
  private func integer(_ query: PostgresQuery) throws(StoreError) -> Int64 {
    guard let row = try run(query, what: "query").first else { return 0 }
    return try value(row, as: Int64.self, what: "query")
  }

  private func value<T: PostgresDecodable>(_ row: PostgresRow, as type: T.Type, what: String)
    throws(StoreError) -> T
  {
    do {
      return try row.decode(T.self)
    } catch {
      throw StoreError(
        description: "cannot \(what) in the PostgreSQL store \(location): \(Self.text(error))")
    }
  }

  private func decode<each T: PostgresDecodable>(
    _ row: PostgresRow, as type: (repeat each T).Type, what: String
  ) throws(StoreError) -> (repeat each T) {
    do {
      return try row.decode((repeat each T).self)
    } catch {
      throw StoreError(
        description: "cannot \(what) in the PostgreSQL store \(location): \(Self.text(error))")
    }
  }

  /// What went wrong, in words: PostgreSQL's message, or the connection's
  /// error (postgres-nio's own description hides both).
  static func text(_ error: any Error) -> String {
    if error is ConnectionLost { return "the connection to the server was lost" }
    guard let error = error as? PSQLError else { return "\(error)" }
    if let message = error.serverInfo?[.message] {
      let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
      return message + state
    }
    switch error.code {
    case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
      return "the connection to the server was lost"
        + (error.underlying.map { " (\(cause($0)))" } ?? "")
    default:
      return error.underlying.map(cause) ?? "\(error.code)"
    }
  }

  /// A connection's error in words: the system's for a failed connect
  /// ("Connection refused"), the resolver's for an unknown host.
  private static func cause(_ error: any Error) -> String {
    if let error = error as? NIOConnectionError {
      if let first = error.connectionErrors.first { return cause(first.error) }
      if let dns = error.dnsAError ?? error.dnsAAAAError {
        return "cannot resolve \(error.host): \(dns)"
      }
      return "cannot connect to \(error.host):\(error.port)"
    }
    if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
    return "\(error)"
  }
}

/// The connection closed before a query's answer.
private struct ConnectionLost: Error {}

/// The promises of the queries sent and not answered yet: when the
/// connection closes they fail (and later ones fail at once).
private final class PendingQueries: Sendable {
  private struct State {
    var next = 0
    var promises: [Int: EventLoopPromise<PostgresQueryResult>] = [:]
    var lost = false
  }
  private let state = Mutex(State())

  /// Adds `promise`; nil once the connection is lost.
  func add(_ promise: EventLoopPromise<PostgresQueryResult>) -> Int? {
    state.withLock { state in
      guard !state.lost else { return nil }
      state.next += 1
      state.promises[state.next] = promise
      return state.next
    }
  }

  func remove(_ number: Int) {
    _ = state.withLock { $0.promises.removeValue(forKey: number) }
  }

  /// The connection closed: fails every pending query (completing a
  /// completed promise does nothing).
  func failAll() {
    let promises = state.withLock { state in
      state.lost = true
      defer { state.promises = [:] }
      return Array(state.promises.values)
    }
    for promise in promises { promise.fail(ConnectionLost()) }
  }
}
