// Prepared statements for a thread that blocks (the writer's): PostgreSQL
// parses and plans a prepared statement once per connection, which more
// than halves what a one-record commit costs it (docs/benchmarks.md,
// cluster mode). postgres-nio prepares statements only from Swift
// concurrency, so each statement runs in a task whose executor is the
// connection's own event loop (`LoopExecutor`): the writer enqueues the
// task there, the statement is written, its rows collected and the writer
// woken, all on that loop. That is as many thread wake-ups as a query
// through futures (the loop's, then the writer's); a task without that
// preference would also wake a thread of the concurrency pool each time.
//
// Each statement runs between BEGIN and COMMIT, and has succeeded only once
// COMMIT answers COMMIT: PostgreSQL answers a statement outside a
// transaction block before it commits it (at the protocol's Sync), and
// postgres-nio hands the rows over at that answer, so a commit failing after
// it (a fast shutdown terminating the server process, a constraint checked
// at commit) passed for a success, and a change never stored was
// acknowledged (issue 33 §3).

import CurtainDaemon
import Dispatch
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// Runs prepared statements on one connection, for a thread that waits.
final class PreparedRunner: Sendable {
  private let connection: PostgresConnection
  private let logger: Logger
  private let executor: LoopExecutor
  /// The statements still running: they fail when the connection closes
  /// (postgres-nio would never answer one written after it closed).
  private let pending = PendingStatements()

  /// A runner on `connection`.
  init(connection: PostgresConnection, logger: Logger) {
    self.connection = connection
    self.logger = logger
    executor = LoopExecutor(loop: connection.eventLoop)
    connection.closeFuture.whenComplete { [pending] _ in pending.failAll() }
  }

  /// Runs `statement` (preparing it first on this connection, once) in a
  /// transaction of its own and returns its rows once that is committed;
  /// blocks the calling thread, which must not be the connection's event
  /// loop. Throws postgres-nio's error, `ConnectionLost`, or `RolledBack`.
  func run<Statement: PostgresPreparedStatement>(_ statement: Statement) throws -> [Statement.Row]
  where Statement.Row: Sendable {
    let outcome = Outcome<[Statement.Row]>()
    let number = pending.add { outcome.finish(.failure(ConnectionLost())) }
    guard let number, !connection.isClosed else { throw ConnectionLost() }
    defer { pending.remove(number) }
    Task(executorPreference: executor) { [connection, logger] in
      // Written now, on the connection's loop, before the statement.
      let begin: EventLoopFuture<PostgresQueryResult> = connection.query("BEGIN", logger: logger)
      var result: Result<[Statement.Row], any Error>
      do {
        var rows: [Statement.Row] = []
        for try await row in try await connection.execute(statement, logger: logger) {
          rows.append(row)
        }
        result = .success(rows)
      } catch {
        result = .failure(error)
      }
      // COMMIT after a failed statement too: PostgreSQL answers it with
      // ROLLBACK, and the connection is out of the transaction again.
      do {
        _ = try await begin.get()
        let committing: EventLoopFuture<PostgresQueryResult> = connection.query(
          "COMMIT", logger: logger)
        let commit = try await committing.get()
        if case .success = result, commit.metadata.command != "COMMIT" {
          result = .failure(RolledBack())
        }
      } catch {
        if case .success = result { result = .failure(error) }
      }
      outcome.finish(result)
    }
    return try outcome.wait()
  }
}

/// A transaction that PostgreSQL rolled back although each of its
/// statements was answered (its COMMIT answered ROLLBACK).
struct RolledBack: Error, CustomStringConvertible {
  var description: String { "the transaction was rolled back" }
}

/// A task executor that runs its jobs on a NIO event loop.
private final class LoopExecutor: TaskExecutor {
  private let loop: any EventLoop

  init(loop: any EventLoop) {
    self.loop = loop
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    loop.execute { job.runSynchronously(on: executor) }
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
