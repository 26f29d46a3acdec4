// A connection to PostgreSQL for the stores of this target
// (PostgresStore, ClusterStore): one connection on an event loop of its own
// (one NIO thread), used by one thread at a time, which blocks on the
// connection's futures (never the libuv loop's). A query after the
// connection is lost fails at once; errors are worded for people
// (`text(_:)`).

import CurtainDaemon
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One connection to a PostgreSQL server.
final class PostgresLink: @unchecked Sendable {
  let location: PostgresLocation
  private let group: MultiThreadedEventLoopGroup
  private let connection: PostgresConnection
  private let logger: Logger
  /// The queries sent and not answered yet.
  private let pending = PendingQueries()
  /// Prepared statements on this connection.
  private let prepared: PreparedRunner

  /// Connects to `location`; the error is fit to print.
  init(location: PostgresLocation, label: String) throws(StoreError) {
    self.location = location
    var logger = Logger(label: label)
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
    prepared = PreparedRunner(connection: connection, logger: logger)
  }

  deinit {
    _ = try? connection.close().wait()
    try? group.syncShutdownGracefully()
  }

  /// The key of the advisory lock held while the tables are made
  /// ("curtschm" in ASCII).
  static let schemaLockKey: Int64 = 0x6375_7274_7363_686d

  /// Whether the connection is lost.
  var isClosed: Bool { connection.isClosed }

  /// Checks the schema version (refusing a newer one) and creates
  /// `tables` (statements of `CREATE … IF NOT EXISTS`), in one
  /// transaction.
  func prepareSchema(tables: [String]) throws(StoreError) {
    try transaction(what: "create the tables") { () throws(StoreError) in
      // Nodes starting together would race on CREATE TABLE IF NOT EXISTS
      // (a unique violation in PostgreSQL's catalog): one at a time.
      _ = try run(
        "SELECT pg_advisory_xact_lock(\(Self.schemaLockKey))", what: "create the tables")
      _ = try run(
        """
        CREATE TABLE IF NOT EXISTS curtain_schema(
          id integer PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)
        """, what: "create the tables")
      let rows = try run("SELECT version FROM curtain_schema", what: "read the schema version")
      if let row = rows.first {
        let version = try value(row, as: Int64.self, what: "read the schema version")
        if version > DurableSchema.version {
          throw StoreError(
            description:
              "the PostgreSQL store \(location) has schema version \(version), written by a "
              + "newer curtaind (this one reads up to \(DurableSchema.version)); use a newer "
              + "curtaind or another database")
        }
      }
      let upsert = """
        INSERT INTO curtain_schema(id, version) VALUES (1, \(DurableSchema.version))
        ON CONFLICT (id) DO UPDATE SET version = excluded.version
        """
      for statement in tables + [upsert] {
        _ = try run(PostgresQuery(unsafeSQL: statement), what: "create the tables")
      }
    }
  }

  /// Runs `body` between BEGIN and COMMIT; on an error, rolls back (when
  /// the connection still can) and passes the error on.
  func transaction(what: String, _ body: () throws(StoreError) -> Void)
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
  /// after it.) Returns the rows of each of `queries`.
  @discardableResult
  func atomically(_ queries: [PostgresQuery], what: String) throws(StoreError)
    -> [[PostgresRow]]
  {
    let futures = (["BEGIN"] + queries + ["COMMIT"]).map(send)
    var failure: (any Error)?
    var committed = false
    var rows: [[PostgresRow]] = []
    for (index, future) in futures.enumerated() {
      do {
        let result = try future.wait()
        if index == futures.count - 1 { committed = result.metadata.command == "COMMIT" }
        if index > 0, index < futures.count - 1 { rows.append(result.rows) }
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
    return rows
  }

  /// Runs `query` and returns its rows.
  func run(_ query: PostgresQuery, what: String) throws(StoreError) -> [PostgresRow] {
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
  func send(_ query: PostgresQuery) -> EventLoopFuture<PostgresQueryResult> {
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

  /// Runs the prepared statement `statement` (prepared on this
  /// connection the first time) in a transaction of its own, and returns
  /// its rows.
  func run<Statement: PostgresPreparedStatement>(_ statement: Statement, what: String)
    throws(StoreError) -> [Statement.Row] where Statement.Row: Sendable
  {
    do {
      return try prepared.run(statement)
    } catch {
      throw StoreError(
        description: "cannot \(what) in the PostgreSQL store \(location): \(Self.text(error))")
    }
  }

  /// The one integer `query` answers.
  func integer(_ query: PostgresQuery) throws(StoreError) -> Int64 {
    guard let row = try run(query, what: "query").first else { return 0 }
    return try value(row, as: Int64.self, what: "query")
  }

  func value<T: PostgresDecodable>(_ row: PostgresRow, as type: T.Type, what: String)
    throws(StoreError) -> T
  {
    do {
      return try row.decode(T.self)
    } catch {
      throw StoreError(
        description: "cannot \(what) in the PostgreSQL store \(location): \(Self.text(error))")
    }
  }

  func decode<each T: PostgresDecodable>(
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
struct ConnectionLost: Error {}

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
