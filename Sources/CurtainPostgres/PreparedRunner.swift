// Prepared statements for a thread that blocks (the writer's): PostgreSQL
// parses and plans a prepared statement once per connection, which halves
// what a one-record commit costs it (docs/benchmarks.md, cluster mode).
// postgres-nio prepares statements only from Swift concurrency, so the
// runner is an actor that runs on the connection's own event loop: the
// writer starts a task in place (`Task.immediate`), which hops straight to
// that loop, writes the statement, collects its rows there and wakes the
// writer from there. That is as many thread wake-ups as a query through
// futures (the writer's, then the loop's), with no thread of the
// concurrency pool in between.

import CurtainDaemon
import Dispatch
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// Runs prepared statements on one connection, for a thread that waits.
final class PreparedRunner: Sendable {
  private let runner: Runner
  private let connection: PostgresConnection
  /// The statements still running: they fail when the connection closes
  /// (postgres-nio would never answer one written after it closed).
  private let pending = PendingStatements()

  /// A runner on `connection`.
  init(connection: PostgresConnection, logger: Logger) {
    self.connection = connection
    runner = Runner(connection: connection, logger: logger)
    connection.closeFuture.whenComplete { [pending] _ in pending.failAll() }
  }

  /// Runs `statement` (preparing it first on this connection, once) and
  /// returns its rows; blocks the calling thread, which must not be the
  /// connection's event loop. Throws postgres-nio's error, or
  /// `ConnectionLost`.
  func run<Statement: PostgresPreparedStatement>(_ statement: Statement) throws -> [Statement.Row]
  where Statement.Row: Sendable {
    let outcome = Outcome<[Statement.Row]>()
    let number = pending.add { outcome.finish(.failure(ConnectionLost())) }
    guard let number, !connection.isClosed else { throw ConnectionLost() }
    defer { pending.remove(number) }
    Task.immediate { [runner] in
      await runner.run(statement, into: outcome)
    }
    return try outcome.wait()
  }

  /// The actor whose executor is the connection's event loop.
  private actor Runner {
    let connection: PostgresConnection
    let logger: Logger

    init(connection: PostgresConnection, logger: Logger) {
      self.connection = connection
      self.logger = logger
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
      connection.eventLoop.executor.asUnownedSerialExecutor()
    }

    /// Runs `statement` and hands its rows (or its error) to `outcome`,
    /// from the event loop.
    func run<Statement: PostgresPreparedStatement>(
      _ statement: Statement, into outcome: Outcome<[Statement.Row]>
    ) async where Statement.Row: Sendable {
      do {
        var rows: [Statement.Row] = []
        for try await row in try await connection.execute(statement, logger: logger) {
          rows.append(row)
        }
        outcome.finish(.success(rows))
      } catch {
        outcome.finish(.failure(error))
      }
    }
  }
}

/// A result handed from one thread to another that waits for it.
private final class Outcome<Value: Sendable>: Sendable {
  private let result = Mutex<Result<Value, any Error>?>(nil)
  private let done = DispatchSemaphore(value: 0)

  /// Sets the result and wakes the waiter, the first time only.
  func finish(_ value: Result<Value, any Error>) {
    let first = result.withLock { result in
      guard result == nil else { return false }
      result = value
      return true
    }
    if first { done.signal() }
  }

  /// Waits for the result.
  func wait() throws -> Value {
    done.wait()
    guard let value = result.withLock({ $0 }) else {
      preconditionFailure("an outcome was signalled without a result")
    }
    return try value.get()
  }
}

/// What fails each statement still running, by number.
private final class PendingStatements: Sendable {
  private struct State {
    var next = 0
    var lost = false
    var failures: [Int: @Sendable () -> Void] = [:]
  }
  private let state = Mutex(State())

  /// Adds `fail`; nil once the connection is lost.
  func add(_ fail: @escaping @Sendable () -> Void) -> Int? {
    state.withLock { state in
      guard !state.lost else { return nil }
      state.next += 1
      state.failures[state.next] = fail
      return state.next
    }
  }

  func remove(_ number: Int) {
    _ = state.withLock { $0.failures.removeValue(forKey: number) }
  }

  /// The connection closed: fails every statement running.
  func failAll() {
    let failures = state.withLock { state in
      state.lost = true
      defer { state.failures = [:] }
      return Array(state.failures.values)
    }
    for fail in failures { fail() }
  }
}
