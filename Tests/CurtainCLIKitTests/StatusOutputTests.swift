import CurtainCLIKit
import CurtainWire
import XCTest

/// `curtain status` of a durable daemon: the journal since the last
/// snapshot and when it was taken, as text and JSON.
final class StatusOutputTests: XCTestCase {
  private func status(
    lastSnapshot: Double, records: UInt32, interval: Double, ratio: Double = 0
  ) -> Curtain_V1_Status {
    var status = Curtain_V1_Status()
    status.serverVersion = "1.0"
    status.protocolVersion = 1
    status.pid = 42
    status.uptime = 3
    status.sessions = 1
    status.storage.durable = true
    status.storage.stateDirectory = "/state"
    status.storage.database = "/state/state.sqlite3"
    status.storage.databaseBytes = 8192
    status.storage.journalRecords = 12
    status.storage.sync = "normal"
    status.storage.available = true
    status.storage.schemaVersion = 2
    status.storage.lastSnapshotTime = lastSnapshot
    status.storage.snapshotRecords = records
    status.storage.snapshotInterval = interval
    status.storage.snapshotJournalRatio = ratio
    status.storage.snapshotBytes = 70_000
    return status
  }

  func testText() {
    // 2024-02-29 23:59:59 UTC, a leap day.
    let text = OutputFormat.human(
      status(lastSnapshot: 1_709_251_199.5, records: 1000, interval: 60))
    XCTAssertEqual(
      text.split(separator: "\n").suffix(3).joined(separator: "\n"),
      """
      state in /state
      database /state/state.sqlite3: 8192 bytes, 12 journal records since the last snapshot, sync normal, snapshots 70000 bytes
      last snapshot at 2024-02-29 23:59:59 UTC (snapshots every 1000 records or 60 s)
      """)
    XCTAssertTrue(
      OutputFormat.human(status(lastSnapshot: 0, records: 0, interval: 0)).hasSuffix(
        "no snapshot yet (snapshots at shutdown only)"))
    XCTAssertTrue(
      OutputFormat.human(status(lastSnapshot: 0, records: 1, interval: 0.5)).hasSuffix(
        "no snapshot yet (snapshots every 1 record or 0.5 s)"))
    XCTAssertTrue(
      OutputFormat.human(status(lastSnapshot: 0, records: 10_000, interval: 0, ratio: 1.5))
        .hasSuffix("no snapshot yet (snapshots every 10000 records or 1.5× their size in journal)"))
  }

  /// A PostgreSQL store (`curtaind --store`): no state directory, the
  /// database is the URL, the server syncs.
  func testTextWithAPostgreSQLStore() {
    var status = status(lastSnapshot: 1_709_251_199.5, records: 1000, interval: 60)
    status.storage.stateDirectory = ""
    status.storage.database = "postgres://me@db:5432/curtain"
    status.storage.sync = "server"
    XCTAssertEqual(
      OutputFormat.human(status).split(separator: "\n").suffix(3).joined(separator: "\n"),
      """
      state in PostgreSQL postgres://me@db:5432/curtain
      tables: 8192 bytes, 12 journal records since the last snapshot, sync server, snapshots 70000 bytes
      last snapshot at 2024-02-29 23:59:59 UTC (snapshots every 1000 records or 60 s)
      """)
  }

  func testJSON() {
    let json = OutputFormat.json(status(lastSnapshot: 86_400, records: 1000, interval: 60))
      .rendered
    XCTAssertTrue(
      json.contains(
        "\"journal_records\":12,\"last_snapshot_time\":86400,\"snapshot_records\":1000,"
          + "\"snapshot_interval\":60,\"snapshot_journal_ratio\":0,\"snapshot_bytes\":70000,"),
      json)
  }
}
