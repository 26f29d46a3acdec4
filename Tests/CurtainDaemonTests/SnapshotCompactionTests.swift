// Snapshots and compaction with the real curtaind and real files
// (docs/durability.md, "Snapshots"): a restore after kill -9 from
// snapshots plus the journal after them is exact; a snapshot drops the
// journal records before it; a clean stop leaves snapshots and an empty
// journal; a damaged snapshot is refused clearly and kept; the database
// stays bounded under many operations.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

final class SnapshotCompactionTests: StateDirectoryTestCase {
  @discardableResult
  private func sqlite(_ sql: String) throws -> String {
    try stateSQL(sql, database: stateDirectory + "/state.sqlite3")
  }

  private func storage(_ client: TestClient) throws -> Curtain_V1_StorageStatus {
    try client.call { $0.getStatus = .init() }.status.storage
  }

  private func push(_ client: TestClient, _ name: String, animated: Bool = false) throws {
    let response = try client.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef(name)
      $0.push.notAnimated = !animated
    }
    assertSucceeded(response)
  }

  /// A manual window with a navigation controller whose root is "Root".
  private func makeNavigationWindow(_ client: TestClient, session: String = "") throws -> UInt64 {
    let window = try client.call(session: session) { $0.createWindow.clock = .manual }.window.id
    for (kind, name) in [(Curtain_V1_ControllerKind.navigation, "Nav"), (.content, "Root")] {
      try client.call(session: session) {
        $0.createController.kind = kind
        $0.createController.identifier = name
      }
    }
    try client.call(session: session) {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("Root")]
    }
    try client.call(session: session) {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef("Nav")
    }
    return window
  }

  func testKill9AfterSnapshotsAndMoreRecordsRestoresExactly() throws {
    let daemon = try startDaemon(["--snapshot-records", "6"])
    let client = try TestClient(path: daemon.socketPath, name: "snapshots")
    let window = try makeNavigationWindow(client)
    let other = try makeNavigationWindow(client, session: "other")
    try client.make(.content, "A", "B", "C")
    try push(client, "A")
    try push(client, "B", animated: true)
    try client.advance(window, 1)
    XCTAssertGreaterThanOrEqual(Int(try sqlite("SELECT count(*) FROM snapshot")) ?? 0, 1)
    XCTAssertGreaterThan(try storage(client).lastSnapshotTime, 0)
    // More records after the last snapshot.
    try push(client, "C", animated: true)
    try client.advance(window, 1)
    var tail = 0
    while try storage(client).journalRecords == 0 {
      tail += 1
      try client.make(.content, "Tail\(tail)")
    }
    let before = try serializedTrees(client, windows: [window])
    let otherBefore = try client.call(session: "other") {
      $0.getTree.windowID = other
      $0.getTree.includeViews = true
    }.tree
    client.close()
    daemon.kill9()

    let restarted = try startDaemon(["--snapshot-records", "6"])
    defer { restarted.stop() }
    let again = try TestClient(path: restarted.socketPath, name: "again")
    defer { again.close() }
    XCTAssertEqual(try serializedTrees(again, windows: [window]), before)
    XCTAssertEqual(
      try again.call(session: "other") {
        $0.getTree.windowID = other
        $0.getTree.includeViews = true
      }.tree, otherBefore)
  }

  func testASnapshotDropsTheJournalRecordsBeforeIt() throws {
    let daemon = try startDaemon(["--snapshot-records", "10", "--snapshot-interval", "0"])
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "compaction")
    defer { client.close() }
    try client.make(.content, (1...9).map { "C\($0)" })
    XCTAssertEqual(try storage(client).journalRecords, 9)
    XCTAssertEqual(try sqlite("SELECT count(*) FROM journal"), "9")
    XCTAssertEqual(try sqlite("SELECT count(*) FROM snapshot"), "0")
    // The tenth record: the snapshot is written with it, and the records
    // before it go.
    try client.make(.content, "C10")
    let status = try storage(client)
    XCTAssertEqual(status.journalRecords, 0)
    XCTAssertGreaterThan(status.lastSnapshotTime, 0)
    XCTAssertEqual(try sqlite("SELECT count(*) FROM journal"), "0")
    XCTAssertEqual(try sqlite("SELECT session, seq FROM snapshot"), "default|10")
    try client.make(.content, "C11")
    XCTAssertEqual(try storage(client).journalRecords, 1)
    XCTAssertEqual(try sqlite("SELECT seq FROM journal"), "11")
  }

  func testACleanStopLeavesSnapshotsAndAnEmptyJournal() throws {
    let daemon = try startDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "clean")
    let window = try makeNavigationWindow(client)
    _ = try makeNavigationWindow(client, session: "second")
    try client.make(.content, "A")
    try push(client, "A", animated: true)
    try client.advance(window, 1)
    let before = try serializedTrees(client, windows: [window])
    let lastSeq = try client.call { $0.listWindows = .init() }.windows.windows.map(\.lastSeq)
    client.close()
    XCTAssertEqual(daemon.stop().status, 0, daemon.stderr)
    XCTAssertEqual(try sqlite("SELECT count(*) FROM journal"), "0")
    XCTAssertEqual(try sqlite("SELECT session FROM snapshot ORDER BY session"), "default\nsecond")

    let restarted = try startDaemon()
    defer { restarted.stop() }
    let again = try TestClient(path: restarted.socketPath, name: "again")
    defer { again.close() }
    XCTAssertEqual(try serializedTrees(again, windows: [window]), before)
    XCTAssertEqual(
      try again.call { $0.listWindows = .init() }.windows.windows.map(\.lastSeq), lastSeq)
    let status = try storage(again)
    XCTAssertEqual(status.journalRecords, 0)
    XCTAssertGreaterThan(status.lastSnapshotTime, 0)
    // The CLI says when.
    let text = try runCLI(["--socket", restarted.socketPath, "status"])
    XCTAssertTrue(text.contains("0 journal records since the last snapshot"), text)
    XCTAssertTrue(text.contains("last snapshot at 20"), text)
    XCTAssertTrue(
      text.contains("(snapshots every 10000 records or 60 s or 1× their size in journal)"), text)
    let json = try runCLI(["--socket", restarted.socketPath, "status", "--json"])
    XCTAssertTrue(json.contains("\"journal_records\":0"), json)
    XCTAssertTrue(json.contains("\"last_snapshot_time\":"), json)
  }

  func testADamagedSnapshotIsRefusedClearlyAndKept() throws {
    let daemon = try startDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "damage")
    try client.make(.content, "Kept")
    client.close()
    XCTAssertEqual(daemon.stop().status, 0)
    try sqlite("UPDATE snapshot SET image = x'7b7d' WHERE session = 'default'")
    XCTAssertThrowsError(try startDaemon()) { error in
      let text = "\(error)"
      XCTAssertTrue(text.contains("exited with status 1"), text)
      XCTAssertTrue(
        text.contains("curtaind: cannot restore the snapshot of session 'default'"), text)
      XCTAssertTrue(text.contains("its checksum does not match"), text)
      XCTAssertTrue(text.contains("--reset-state"), text)
    }
    // Nothing was changed: the row is still there to recover from.
    XCTAssertEqual(try sqlite("SELECT hex(image) FROM snapshot"), "7B7D")
    // A consistent image that does not decode is refused the same way.
    try sqlite(
      "UPDATE snapshot SET image = x'7b7d', checksum = \(fnv1a([0x7b, 0x7d])) WHERE session = 'default'"
    )
    XCTAssertThrowsError(try startDaemon()) { error in
      XCTAssertTrue("\(error)".contains("it is not a snapshot"), "\(error)")
    }
    let reset = try startDaemon(["--reset-state"])
    XCTAssertEqual(reset.stop().status, 0)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: stateDirectory + "/state.sqlite3.bad-1"),
      "the database is moved aside, not deleted")
  }

  func testASchema1DatabaseIsMigrated() throws {
    let daemon = try startDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "old")
    try client.make(.content, "Old")
    client.close()
    daemon.kill9()
    // What a curtaind of schema 1 left: the journal only.
    try sqlite("DROP TABLE snapshot")
    try sqlite("PRAGMA user_version = 1")
    let restarted = try startDaemon()
    let again = try TestClient(path: restarted.socketPath, name: "new")
    let names = try again.call { $0.listControllers = .init() }.controllers.controllers.map(
      \.identifier)
    XCTAssertEqual(names, ["Old"])
    XCTAssertEqual(try storage(again).schemaVersion, 3)
    again.close()
    XCTAssertEqual(restarted.stop().status, 0)
    XCTAssertEqual(try sqlite("SELECT count(*) FROM snapshot"), "1")
  }

  /// A snapshot written by the curtaind of format 1 (before issue 15's
  /// properties; Tests/Fixtures/snapshot-format-1) restores exactly the
  /// trees that curtaind showed: its bars stay opaque, the only layout
  /// then, so no frame moves; the next snapshot is written in format 4.
  func testAFormat1SnapshotRestoresWithTheFramesItHad() throws {
    let daemon = try restoreFixture("snapshot-format-1")
    let client = try TestClient(path: daemon.socketPath, name: "format 1")
    let feed = try client.call {
      $0.configureController.controller = controllerRef("Feed")
    }.controller
    XCTAssertFalse(feed.barTranslucent, "the bar stays opaque")
    client.close()
    XCTAssertEqual(daemon.stop().status, 0)
    try assertStoredInTheCurrentFormat()
  }

  /// A JSON snapshot written by the curtaind of format 2
  /// (Tests/Fixtures/snapshot-format-2) restores exactly the trees and
  /// events that curtaind showed; the next snapshot is written in the
  /// protobuf image (format 4) and restores the same again.
  func testAFormat2SnapshotRestoresExactly() throws {
    let daemon = try restoreFixture("snapshot-format-2")
    let client = try TestClient(path: daemon.socketPath, name: "format 2")
    let events = try client.call {
      $0.subscribe.windowID = 1
      $0.subscribe.events = true
      $0.subscribe.fromSeq = 0
    }
    XCTAssertFalse(events.subscribed.snapshotRequired)
    try client.sync()
    let before = client.takeEvents().map { event -> WireEvent in
      var event = event
      event.subscriptionID = 0
      return event
    }
    XCTAssertFalse(before.isEmpty)
    client.close()
    XCTAssertEqual(daemon.stop().status, 0)
    try assertStoredInTheCurrentFormat()

    let again = try startDaemon()
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/snapshot-format-2")
    for window in ["w1", "w2"] {
      let expected = try String(
        contentsOf: fixtures.appendingPathComponent("\(window).txt"), encoding: .utf8)
      XCTAssertEqual(try runCLI(["--socket", again.socketPath, "tree", window]), expected)
    }
    let reader = try TestClient(path: again.socketPath, name: "format 4")
    try reader.call {
      $0.subscribe.windowID = 1
      $0.subscribe.events = true
      $0.subscribe.fromSeq = 0
    }
    try reader.sync()
    let after = reader.takeEvents().map { event -> WireEvent in
      var event = event
      event.subscriptionID = 0
      return event
    }
    XCTAssertEqual(after, before, "the events come back from format 4 as they were")
    reader.close()
    XCTAssertEqual(again.stop().status, 0)
  }

  /// Puts the image `default.json` of the fixture directory `name` into
  /// the state database as the snapshot of the session `default`, starts a
  /// daemon on it and checks that `curtain tree` shows `w1.txt` and
  /// `w2.txt` of the fixture.
  private func restoreFixture(_ name: String) throws -> TempDaemon {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    let image = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent("default.json")))
    XCTAssertEqual(try startDaemon().stop().status, 0)
    let hex = image.map { String(format: "%02x", $0) }.joined()
    try sqlite(
      "INSERT OR REPLACE INTO snapshot(session, seq, image, checksum, taken_at) "
        + "VALUES ('default', 0, x'\(hex)', \(fnv1a(image)), 0)")
    let daemon = try startDaemon()
    for window in ["w1", "w2"] {
      let expected = try String(
        contentsOf: fixtures.appendingPathComponent("\(window).txt"), encoding: .utf8)
      XCTAssertEqual(
        try runCLI(["--socket", daemon.socketPath, "tree", window]), expected, "\(name) \(window)")
    }
    return daemon
  }

  /// The stored snapshot of `default` is a session image of format 4 (its
  /// first field, the format: tag 08, then 4).
  private func assertStoredInTheCurrentFormat() throws {
    let stored = try sqlite(
      "SELECT hex(substr(image, 1, 2)) FROM snapshot WHERE session = 'default'")
    XCTAssertEqual(stored.trimmingCharacters(in: .whitespacesAndNewlines), "0804")
  }

  func testTheDatabaseStaysBoundedUnderManyOperations() throws {
    let daemon = try startDaemon(["--snapshot-records", "500", "--event-ring", "64"])
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "soak")
    defer { client.close() }
    _ = try makeNavigationWindow(client)
    try client.make(.content, "Top")
    var largest: UInt64 = 0
    for _ in 0..<50 {
      try pushAndPop(client, pairs: 100)
      largest = max(largest, try storage(client).databaseBytes)
    }
    let snapshotBytes = try XCTUnwrap(UInt64(try sqlite("SELECT max(length(image)) FROM snapshot")))
    let status = try storage(client)
    XCTAssertLessThanOrEqual(status.journalRecords, 500)
    // 10,000 records of about 100 bytes each would be about 1 MB without
    // compaction; with it, the database holds one snapshot, at most 500
    // records and SQLite's own pages, and the write-ahead log the last
    // commits before its truncation (how many depends on when the size is
    // sampled: 256 KiB of slack was exceeded by 0.6 % on a loaded
    // machine, so half of the uncompacted size is the bound).
    XCTAssertLessThan(
      largest, 8 * snapshotBytes + 512 * 1024,
      "database \(largest) bytes, snapshot \(snapshotBytes) bytes")
  }

  /// Pipelines `pairs` non-animated push/pop pairs of "Top" on "Nav".
  private func pushAndPop(_ client: TestClient, pairs: Int) throws {
    var ids: [UInt64] = []
    for _ in 0..<pairs {
      ids.append(
        client.send {
          $0.push.navigation = controllerRef("Nav")
          $0.push.controller = controllerRef("Top")
          $0.push.notAnimated = true
        })
      ids.append(
        client.send {
          $0.pop.navigation = controllerRef("Nav")
          $0.pop.notAnimated = true
        })
    }
    for id in ids {
      assertSucceeded(try XCTUnwrap(try client.response(to: id)))
    }
  }

  /// The journal's stored bytes.
  private func journalBytes() throws -> Int {
    Int(try sqlite("SELECT coalesce(sum(length(entry)), 0) FROM journal")) ?? -1
  }

  func testTheJournalIsSnapshottedOnceItOutgrowsTheSnapshots() throws {
    // Neither by count nor by time: only by size (with short event rings
    // the snapshots are far smaller than 64 KiB, so the journal may reach
    // 64 KiB).
    let daemon = try startDaemon([
      "--snapshot-records", "0", "--snapshot-interval", "0", "--snapshot-journal-ratio", "1",
      "--event-ring", "64",
    ])
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "by size")
    defer { client.close() }
    _ = try makeNavigationWindow(client)
    try client.make(.content, "Top")
    XCTAssertEqual(try storage(client).snapshotJournalRatio, 1)
    var snapshots = 0
    var lastSnapshotTime = 0.0
    for _ in 0..<80 {
      try pushAndPop(client, pairs: 25)
      let status = try storage(client)
      if status.lastSnapshotTime != lastSnapshotTime {
        snapshots += 1
        lastSnapshotTime = status.lastSnapshotTime
        XCTAssertGreaterThan(status.snapshotBytes, 0)
        XCTAssertLessThan(status.snapshotBytes, 64 * 1024)
      }
      // A batch of 50 records is well under 16 KiB: the journal never
      // holds much more than the 64 KiB the rule allows.
      XCTAssertLessThan(try journalBytes(), 64 * 1024 + 16 * 1024)
    }
    // 4,000 records of about 48 bytes: about 190 KB of journal, so two
    // snapshots or more (none would have been written without the rule).
    XCTAssertGreaterThanOrEqual(snapshots, 2)
  }

  func testCommitsAndSnapshotsAreMeasured() throws {
    let daemon = try startDaemon(["--snapshot-records", "3", "--snapshot-interval", "0"])
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "metrics")
    defer { client.close() }
    // Three records, one at a time: three commits, the last with the
    // snapshot of the default session.
    try client.make(.content, "A", "B", "C")
    let families = try client.call { $0.getMetrics = Curtain_V1_GetMetrics() }.metrics.families
    func family(_ name: String) throws -> Curtain_V1_MetricFamily {
      try XCTUnwrap(families.first { $0.name == name }, name)
    }
    XCTAssertEqual(try family("curtain_journal_records_total").samples.map(\.value), [3])
    let commits = try XCTUnwrap(try family("curtain_journal_commit_seconds").samples.first)
    XCTAssertEqual(commits.count, 3)
    XCTAssertGreaterThan(commits.sum, 0)
    let snapshots = try XCTUnwrap(try family("curtain_snapshot_bytes").samples.first)
    XCTAssertEqual(snapshots.count, 1)
    let stored = try storage(client).snapshotBytes
    XCTAssertEqual(UInt64(snapshots.sum), stored)
    XCTAssertEqual(
      try family("curtain_snapshot_stored_bytes").samples.map(\.value), [Double(stored)])
  }

  func testARatioOfZeroTakesNoSnapshotBySize() throws {
    let daemon = try startDaemon([
      "--snapshot-records", "0", "--snapshot-interval", "0", "--snapshot-journal-ratio", "0",
    ])
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "not by size")
    defer { client.close() }
    _ = try makeNavigationWindow(client)
    try client.make(.content, "Top")
    try pushAndPop(client, pairs: 1_000)
    XCTAssertGreaterThan(try journalBytes(), 64 * 1024)
    XCTAssertEqual(try sqlite("SELECT count(*) FROM snapshot"), "0")
    XCTAssertEqual(try storage(client).lastSnapshotTime, 0)
  }

  // MARK: Helpers

  private func assertSucceeded(_ response: WireResponse, line: UInt = #line) {
    if case .error(let error) = response.result {
      XCTFail("\(error.message)", line: line)
    }
  }

  private func runCLI(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = try TempDaemon.cliURL()
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// The state database's checksum of `bytes` (64-bit FNV-1a, as a signed
  /// SQLite integer).
  private func fnv1a(_ bytes: [UInt8]) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return Int64(bitPattern: hash)
  }
}
