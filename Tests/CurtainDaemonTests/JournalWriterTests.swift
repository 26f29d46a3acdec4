// The writer thread against a store that fails and blocks when a test says
// so (the cluster's store, which recovers from failed commits): what it
// reports, and which records of a session whose commit failed it writes
// once the loop had the session restored.

import CurtainWire
import Dispatch
import Synchronization
import XCTest

@testable import CurtainDaemon

/// A store in memory whose next commit fails or waits when a test says so.
private final class ScriptedStore: DurableStore, @unchecked Sendable {
  private struct State {
    var written: [(seq: Int64, session: String)] = []
    var failNext = false
    var holdNext = false
  }
  private let state = Mutex(State())
  private let held = DispatchSemaphore(value: 0)
  private let entered = DispatchSemaphore(value: 0)

  /// The records written, as "SESSION#NUMBER".
  var written: [String] { state.withLock { $0.written.map { "\($0.session)#\($0.seq)" } } }

  /// The next commit throws.
  func failNext() { state.withLock { $0.failNext = true } }

  /// The next commit waits for `release`; returns once it waits.
  func holdNext() { state.withLock { $0.holdNext = true } }
  func awaitHeld() { entered.wait() }
  func release() { held.signal() }

  func journal() throws(StoreError) -> [StoredRecord] { [] }
  func snapshots() throws(StoreError) -> [StoredSnapshot] { [] }
  func lastSeq() throws(StoreError) -> Int64 { 0 }
  func journalCount() throws(StoreError) -> Int64 { 0 }
  func snapshotBytes() throws(StoreError) -> Int64 { 0 }
  func dropJournal(from seq: Int64, reason: String, at time: Double) throws(StoreError) {}
  func compact() {}
  var storedBytes: UInt64 { 0 }
  var recoversFromFailedCommits: Bool { true }

  func commit(
    records: [NewRecord], checkpoints: [StoreCheckpoint], handOvers: [HandOver], at time: Double
  ) throws(StoreError) -> [String: SessionOwner] {
    let (fail, hold) = state.withLock { state in
      defer { (state.failNext, state.holdNext) = (false, false) }
      return (state.failNext, state.holdNext)
    }
    if hold {
      entered.signal()
      held.wait()
    }
    if fail { throw StoreError(description: "the server went away") }
    state.withLock { $0.written += records.map { ($0.seq, $0.session) } }
    return [:]
  }
}

final class JournalWriterTests: XCTestCase {
  private var loop: UVLoop?
  private var async: UVAsync?

  override func tearDown() {
    async?.close()
    loop?.run()
    try? loop?.close()
    super.tearDown()
  }

  /// A writer on `store`; its reports wake a loop nobody runs (the test
  /// takes them itself).
  private func writer(_ store: ScriptedStore) throws -> JournalWriter {
    let loop = try UVLoop()
    let async = try UVAsync(loop: loop)
    self.loop = loop
    self.async = async
    return JournalWriter(store: store, base: 0, report: async.sender, spinSeconds: 0)
  }

  /// Waits until the writer counts record `number` as done (committed or
  /// failed).
  private func awaitDone(_ writer: JournalWriter, through number: UInt64) {
    let deadline = MonotonicClock.now() + 10
    while writer.progress.committed < number, MonotonicClock.now() < deadline { usleep(1000) }
    XCTAssertEqual(writer.progress.committed, number, "the writer did not commit in time")
  }

  /// A failed commit's records come in the same report as the committed
  /// count that passes them, and once only.
  func testAFailedCommitIsReportedWithTheCountThatPassesIt() throws {
    let store = ScriptedStore()
    let writer = try writer(store)
    defer { writer.stop() }
    _ = writer.enqueue(session: "s", entry: [1])
    writer.flush()
    awaitDone(writer, through: 1)
    store.failNext()
    _ = writer.enqueue(session: "t", entry: [2])
    writer.flush()
    awaitDone(writer, through: 2)
    let report = writer.takeReport()
    XCTAssertEqual(report.committed, 2)
    XCTAssertEqual(report.unstored, [2: "t"])
    XCTAssertEqual(report.unstoredFailure, "the server went away")
    XCTAssertNil(report.failure)
    let again = writer.takeReport()
    XCTAssertEqual(again.committed, 2)
    XCTAssertEqual(again.unstored, [:])
    XCTAssertEqual(store.written, ["s#1"])
  }

  /// After a failed commit of session s, its records queued before the
  /// loop had it restored are lost with it, even when the writer takes
  /// them only after that; those queued later are written.
  func testRecordsQueuedBeforeARestoreStayLostWhenWrittenAfterIt() throws {
    let store = ScriptedStore()
    let writer = try writer(store)
    defer { writer.stop() }
    store.failNext()
    _ = writer.enqueue(session: "s", entry: [1])
    writer.flush()
    awaitDone(writer, through: 1)
    // The writer is held in the next commit (t#2) while s#3, made on top
    // of the lost s#1 before the loop knew of the failure, waits behind it.
    store.holdNext()
    _ = writer.enqueue(session: "t", entry: [2])
    writer.flush()
    store.awaitHeld()
    _ = writer.enqueue(session: "s", entry: [3])
    writer.flush()
    // The loop has s restored from the store, then changes it again.
    writer.unpoison(["s"])
    _ = writer.enqueue(session: "s", entry: [4])
    writer.flush()
    store.release()
    awaitDone(writer, through: 4)
    XCTAssertEqual(store.written, ["t#2", "s#4"])
    let report = writer.takeReport()
    XCTAssertEqual(report.committed, 4)
    XCTAssertEqual(report.unstored, [1: "s", 3: "s"])
  }
}
