// Damage that SQLite restores in silence (issue 33 §4, docs/durability.md
// "Damage and errors"): bytes flipped in the middle of the write-ahead log
// or in its header make SQLite ignore the log from there on, and an
// emptied database file opens as a new one; each restores an older state
// without an error. The database's -last-commit file knows the last
// record acknowledged, so the start says the restore came back short (the
// log at error level, `curtain status`, a metric) and moves the database
// aside as found, unless --accept-short-restore serves what it holds.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

final class DamagedStateTests: StateDirectoryTestCase {
  private var database: String { stateDirectory + "/state.sqlite3" }

  /// A daemon that made `count` controllers (C1…), one request each, and
  /// was killed: every record is in the write-ahead log.
  private func killedWithRecordsInTheLog(_ count: Int) throws {
    let daemon = try startDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "writer")
    for number in 1...count { try client.make(.content, "C\(number)") }
    client.close()
    daemon.kill9()
    XCTAssertGreaterThan(fileSize(database + "-wal"), 32 * 1024)
  }

  private func fileSize(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  }

  /// Flips the bits of the byte at `offset` of `path`.
  private func flip(_ path: String, at offset: Int) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64(offset))
    let byte = try XCTUnwrap(handle.readData(ofLength: 1).first)
    try handle.seek(toOffset: UInt64(offset))
    handle.write(Data([byte ^ 0xff]))
  }

  private func controllers(_ client: TestClient) throws -> [String] {
    try client.call { $0.listControllers = .init() }.controllers.controllers.map(\.identifier)
  }

  private func storage(_ client: TestClient) throws -> Curtain_V1_StorageStatus {
    try client.call { $0.getStatus = .init() }.status.storage
  }

  private func metric(_ client: TestClient, _ name: String) throws -> [Double] {
    let families = try client.call { $0.getMetrics = .init() }.metrics.families
    return try XCTUnwrap(families.first { $0.name == name }, name).samples.map(\.value)
  }

  /// Starts a daemon on damaged state that is moved aside: it serves
  /// nothing of it and says so everywhere; returns what it reported.
  private func startMovingAside(missing expected: ClosedRange<UInt64>) throws
    -> Curtain_V1_RestoreDamage
  {
    let restarted = try startDaemon()
    defer { restarted.stop() }
    let client = try TestClient(path: restarted.socketPath, name: "checker")
    defer { client.close() }
    XCTAssertEqual(try controllers(client), [])
    let damage = try storage(client).restoreDamage
    XCTAssertTrue(expected.contains(damage.missingRecords), "\(damage)")
    XCTAssertEqual(damage.movedTo, database + ".bad-1")
    XCTAssertTrue(
      damage.problem.hasPrefix("the state database came back short: record "), damage.problem)
    XCTAssertEqual(
      try metric(client, "curtain_restore_missing_records"), [Double(damage.missingRecords)])
    let log = restarted.standardError(containing: "the restore comes back short")
    XCTAssertTrue(
      log.contains("moved the database aside and starting empty"), log)
    let (status, output) = try runProcess(
      try TempDaemon.cliURL().path, ["--socket", restarted.socketPath, "--no-start", "status"])
    XCTAssertEqual(status, 0, output)
    XCTAssertTrue(
      output.contains(
        "DAMAGED STATE AT START: \(damage.problem); moved to \(database).bad-1, started empty"),
      output)
    return damage
  }

  func testAWriteAheadLogDamagedInTheMiddleIsMovedAsideAsFoundAndSaidSo() throws {
    try killedWithRecordsInTheLog(60)
    let log = database + "-wal"
    try flip(log, at: fileSize(log) / 2)
    let damaged = try Data(contentsOf: URL(fileURLWithPath: log))
    let damage = try startMovingAside(missing: 1...59)
    // The log is kept as it was found: SQLite neither copied what it
    // could read of it into the database nor replaced the damaged frame.
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database + ".bad-1-wal")), damaged)

    // Put back and served as it is on request: the older state, said so.
    for suffix in ["", "-wal", "-shm", "-last-commit"] {
      unlink(database + suffix)
      rename(database + ".bad-1" + suffix, database + suffix)
    }
    let accepted = try startDaemon(["--accept-short-restore"])
    let client = try TestClient(path: accepted.socketPath, name: "accepted")
    let served = try controllers(client)
    XCTAssertEqual(UInt64(served.count), 60 - damage.missingRecords, accepted.stderr)
    XCTAssertEqual(served, (1...served.count).map { "C\($0)" })
    let reported = try storage(client).restoreDamage
    XCTAssertEqual(reported.missingRecords, damage.missingRecords)
    XCTAssertEqual(reported.movedTo, "")
    XCTAssertTrue(
      accepted.standardError(containing: "the restore comes back short").contains(
        "serving what it holds (--accept-short-restore)"))
    try client.make(.content, "After")
    client.close()
    XCTAssertEqual(accepted.stop().status, 0)

    // What was accepted is the database's state now: no complaint again.
    let again = try startDaemon()
    defer { again.stop() }
    let checker = try TestClient(path: again.socketPath, name: "again")
    defer { checker.close() }
    XCTAssertEqual(try controllers(checker), served + ["After"])
    XCTAssertFalse(try storage(checker).hasRestoreDamage)
    XCTAssertEqual(try metric(checker, "curtain_restore_missing_records"), [0])
  }

  func testAWriteAheadLogWithADamagedHeaderIsMovedAside() throws {
    try killedWithRecordsInTheLog(30)
    // The header's first salt: SQLite ignores the whole log.
    try flip(database + "-wal", at: 17)
    _ = try startMovingAside(missing: 1...30)
  }

  func testAnEmptiedDatabaseFileIsMovedAside() throws {
    let daemon = try startDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "writer")
    for number in 1...10 { try client.make(.content, "C\(number)") }
    client.close()
    XCTAssertEqual(daemon.stop().status, 0)
    XCTAssertEqual(truncate(database, 0), 0)
    // The clean stop's snapshot held the ten records' changes, and the
    // last of them, record 10, was the last commit.
    _ = try startMovingAside(missing: 10...10)
  }

  /// Restarts after SIGTERM and kill -9 are whole: nothing said, nothing
  /// moved (the kill -9 tests of DurabilityTests restore every
  /// acknowledged change 50 times).
  func testWholeRestoresReportNoDamage() throws {
    for stop in ["kill", "term", "kill"] {
      let daemon = try startDaemon()
      let client = try TestClient(path: daemon.socketPath, name: "writer")
      try client.make(.content, "C-\(stop)-\(UInt32.random(in: 0...UInt32.max))")
      XCTAssertFalse(try storage(client).hasRestoreDamage)
      client.close()
      if stop == "kill" { daemon.kill9() } else { XCTAssertEqual(daemon.stop().status, 0) }
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: database + ".bad-1"))
  }

  func testAnUnreadableLastCommitFileOnlyWarns() throws {
    let daemon = try startDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "writer")
    try client.make(.content, "Kept")
    client.close()
    daemon.kill9()
    try "not a mark\n".write(
      toFile: database + "-last-commit", atomically: false, encoding: .utf8)
    let restarted = try startDaemon()
    defer { restarted.stop() }
    let checker = try TestClient(path: restarted.socketPath, name: "checker")
    defer { checker.close() }
    XCTAssertEqual(try controllers(checker), ["Kept"])
    XCTAssertFalse(try storage(checker).hasRestoreDamage)
    XCTAssertTrue(
      restarted.standardError(containing: "cannot check the state database against its last commit")
        .contains("it does not hold a record number and its checksum"))
  }

  func testTheFlagsOfShortRestoresAndTheSocketAreChecked() throws {
    for (arguments, message) in [
      (
        ["--ephemeral", "--accept-short-restore"],
        "--ephemeral and --accept-short-restore exclude each other"
      ),
      (["--socket", ""], "--socket needs the path of a socket, got an empty one"),
    ] {
      let (status, output) = try runProcess(try TempDaemon.executableURL().path, arguments)
      XCTAssertEqual(status, 64, output)
      XCTAssertTrue(output.contains(message), output)
    }
  }
}
