// The PostgreSQL store (docs/durability.md, "PostgreSQL") with a real
// PostgreSQL server (TempPostgres: a private cluster in a temporary
// directory, started per test and stopped after it) and the real curtaind
// with `--store`: the durability scenarios of DurabilityTests (SIGTERM
// restart, no event before its record, kill -9 under load), bad URLs, an
// unreachable server, a newer schema and a second daemon are refused at
// start with exit status 1, and a server that goes away while the daemon
// runs makes changes fail with UNAVAILABLE, never acknowledged and lost.

import CurtainPostgres
import CurtainTesting
import CurtainWire
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

final class PostgresStoreTests: StateDirectoryTestCase {
  private var postgres: TempPostgres?

  override func setUpWithError() throws {
    try super.setUpWithError()
    guard TempPostgres.binaryDirectory() != nil else {
      throw XCTSkip("PostgreSQL is not installed (apt-get install postgresql)")
    }
    let postgres = try TempPostgres()
    self.postgres = postgres
    try postgres.createDatabase("curtain")
  }

  override func tearDown() {
    postgres?.stop()
    postgres = nil
    super.tearDown()
  }

  override var storeArguments: [String] { ["--store", server.socketURL("curtain")] }

  override func resetStore() throws {
    try server.createDatabase("curtain", replace: true)
  }

  /// Runs `statement` in the store's database.
  @discardableResult
  private func sql(_ statement: String) throws -> String {
    try server.sql(statement, database: "curtain")
  }

  private var server: TempPostgres {
    guard let postgres else { fatalError("no PostgreSQL server in this test") }
    return postgres
  }

  // MARK: The durability scenarios

  func testSIGTERMRestartGivesByteIdenticalTreesAndContinuesEvents() throws {
    try checkSIGTERMRestart()
  }

  func testNoEventOfAChangeLeavesBeforeItsRecordCommits() throws {
    try checkNoEventLeavesBeforeItsRecord()
  }

  /// 20 kill points: a store without snapshots, then one that snapshots
  /// every 7 records.
  func testSIGKILLUnderLoadLosesNothingAcknowledged() throws {
    try checkSIGKILLUnderLoad(groups: 2, kills: 10)
  }

  // MARK: URL, status

  func testURLsAreParsedAndShownWithoutTheirPassword() throws {
    let tcp = try PostgresLocation(parsing: "postgres://me:s%40cret@db.example:6543/sessions")
    XCTAssertEqual(tcp.host, "db.example")
    XCTAssertEqual(tcp.port, 6543)
    XCTAssertEqual(tcp.user, "me")
    XCTAssertEqual(tcp.password, "s@cret")
    XCTAssertEqual(tcp.database, "sessions")
    XCTAssertNil(tcp.socketPath)
    XCTAssertEqual(tcp.description, "postgres://me@db.example:6543/sessions")

    let local = try PostgresLocation(parsing: "postgresql://me@/sessions?host=/run/pg")
    XCTAssertNil(local.host)
    XCTAssertEqual(local.socketPath, "/run/pg/.s.PGSQL.5432")
    XCTAssertEqual(local.description, "postgres://me@/sessions?host=/run/pg")
    let other = try PostgresLocation(parsing: "postgres://me@/s?host=/run/pg&port=7000")
    XCTAssertEqual(other.socketPath, "/run/pg/.s.PGSQL.7000")
    XCTAssertEqual(other.description, "postgres://me@/s?host=/run/pg&port=7000")
    XCTAssertEqual(try PostgresLocation(parsing: "postgres://me@[::1]/s").host, "::1")
    XCTAssertEqual(
      try PostgresLocation(parsing: "postgres://me@[::1]/s").description,
      "postgres://me@[::1]:5432/s")

    for (url, problem) in [
      ("mysql://me@host/db", "the scheme must be postgres or postgresql"),
      ("postgres://me@host", "it names no database"),
      ("postgres://me@host/", "it names no database"),
      ("postgres://me@/db", "it names no host (for a Unix socket add ?host=/socket/directory)"),
      ("postgres://me@/db?host=run", "host= must be the absolute path of the socket's directory"),
      ("postgres://me@h/db?sslmode=require", "unknown parameter 'sslmode'"),
      ("postgres://me@h:0/db", "the port is out of range"),
      ("postgres://me@h/db?host=/run", "it names both a host and a socket directory"),
    ] {
      XCTAssertThrowsError(try PostgresLocation(parsing: url), url) { error in
        let text = "\(error)"
        XCTAssertTrue(text.hasPrefix("bad --store URL '\(url)': \(problem)"), text)
        XCTAssertTrue(
          text.hasSuffix(
            "expected postgres://USER@HOST:PORT/DATABASE or "
              + "postgres://USER@/DATABASE?host=/socket/directory"), text)
      }
    }
    XCTAssertThrowsError(try PostgresLocation(parsing: "ftp://me:hunter2@h/db")) { error in
      XCTAssertTrue("\(error)".hasPrefix("bad --store URL 'ftp://me:***@h/db'"), "\(error)")
    }
  }

  /// Over TCP, with a password in the URL (the server trusts the
  /// loopback): the status names the store without it.
  func testStatusShowsTheStoreWithoutItsPassword() throws {
    let url = "postgres://postgres:hunter2@127.0.0.1:\(server.port)/curtain"
    let daemon = try TempDaemon(arguments: ["--store", url])
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "status")
    defer { client.close() }
    try client.make(.content, "A")
    let storage = try client.call { $0.getStatus = .init() }.status.storage
    XCTAssertTrue(storage.durable)
    XCTAssertTrue(storage.available)
    XCTAssertEqual(storage.stateDirectory, "")
    XCTAssertEqual(storage.database, "postgres://postgres@127.0.0.1:\(server.port)/curtain")
    XCTAssertEqual(storage.sync, "server")
    XCTAssertEqual(storage.schemaVersion, 3)
    XCTAssertGreaterThan(storage.databaseBytes, 0)
    let cli = try TempDaemon.cliURL().path
    let (status, output) = try runProcess(
      cli, ["--socket", daemon.socketPath, "--no-start", "status"])
    XCTAssertEqual(status, 0, output)
    XCTAssertTrue(
      output.contains("state in PostgreSQL postgres://postgres@127.0.0.1:\(server.port)/curtain\n"),
      output)
    XCTAssertFalse(output.contains("hunter2"), output)
    XCTAssertEqual(
      try server.sql("SELECT version FROM curtain_schema", database: "curtain"), "3")
  }

  // MARK: Refused starts

  func testABadURLOrAnUnreachableServerStopsTheStart() throws {
    let unused = TempPostgres.freePort()
    for (url, message) in [
      (
        "postgres://postgres:hunter2@127.0.0.1/",
        "bad --store URL 'postgres://postgres:***@127.0.0.1/': it names no database"
      ),
      (
        "postgres://postgres@127.0.0.1:\(unused)/curtain",
        "cannot connect to the PostgreSQL store postgres://postgres@127.0.0.1:\(unused)/curtain: "
      ),
      (
        server.socketURL("missing"),
        "cannot connect to the PostgreSQL store \(server.socketURL("missing")): "
          + "database \"missing\" does not exist"
      ),
    ] {
      XCTAssertThrowsError(try TempDaemon(arguments: ["--store", url]), url) { error in
        let text = "\(error)"
        XCTAssertTrue(text.contains("exited with status 1: "), text)
        XCTAssertTrue(text.contains(message), text)
        XCTAssertFalse(text.contains("hunter2"), text)
      }
    }
  }

  func testStoreExcludesTheStateDirectoryOptions() throws {
    let url = server.socketURL("curtain")
    for (extra, message) in [
      (["--state-dir", stateDirectory], "--state-dir and --store exclude each other"),
      (["--ephemeral"], "--ephemeral and --store exclude each other"),
      (
        ["--reset-state"], "--reset-state applies to the state directory's database, not to --store"
      ),
      (["--sync", "full"], "--sync applies to the state directory's database"),
      (
        ["--accept-short-restore"],
        "--accept-short-restore applies to the state directory's database, not to --store"
      ),
    ] {
      XCTAssertThrowsError(try TempDaemon(arguments: ["--store", url] + extra)) { error in
        let text = "\(error)"
        XCTAssertTrue(text.contains("exited with status 64: "), text)
        XCTAssertTrue(text.contains(message), text)
      }
    }
  }

  func testADatabaseFromANewerCurtaindOrInUseIsRefused() throws {
    let daemon = try startDaemon()
    XCTAssertThrowsError(try startDaemon()) { error in
      let text = "\(error)"
      XCTAssertTrue(text.contains("exited with status 1: "), text)
      XCTAssertTrue(
        text.contains(
          "cannot use the PostgreSQL store \(server.socketURL("curtain")): another curtaind uses it"
        ),
        text)
    }
    XCTAssertEqual(daemon.stop().status, 0, daemon.stderr)

    try server.sql("UPDATE curtain_schema SET version = 4", database: "curtain")
    XCTAssertThrowsError(try startDaemon()) { error in
      let text = "\(error)"
      XCTAssertTrue(text.contains("exited with status 1: "), text)
      XCTAssertTrue(
        text.contains(
          "the PostgreSQL store \(server.socketURL("curtain")) has schema version 4, written by a "
            + "newer curtaind (this one reads up to 3); use a newer curtaind or another database"),
        text)
    }
  }

  // MARK: Damage

  /// A damaged record ends the restore there: it and the later ones move
  /// to dropped_journal with the reason; a damaged snapshot refuses the
  /// start and changes nothing.
  func testADamagedRecordOrSnapshotIsHandledAsWithSQLite() throws {
    let daemon = try startDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "damage")
    try client.make(.content, "Kept1", "Kept2", "Lost1", "Lost2")
    client.close()
    // A crash: the records stay in the journal.
    daemon.kill9()
    try sql("UPDATE journal SET entry = '\\xffff00'::bytea WHERE seq = 3")
    let restarted = try startDaemon()
    let checker = try TestClient(path: restarted.socketPath, name: "checker")
    let names = try checker.call { $0.listControllers = .init() }.controllers.controllers.map(
      \.identifier)
    XCTAssertEqual(names, ["Kept1", "Kept2"])
    XCTAssertTrue(restarted.stderr.contains("a record cannot be restored"), restarted.stderr)
    XCTAssertEqual(
      try sql("SELECT seq, reason FROM dropped_journal ORDER BY seq"),
      "3|the record's checksum does not match\n4|the record's checksum does not match")
    try checker.make(.content, "After")
    XCTAssertEqual(try sql("SELECT count(*) FROM journal"), "3")
    checker.close()
    XCTAssertEqual(restarted.stop().status, 0, restarted.stderr)

    // The clean stop left a snapshot; damage it.
    try sql("UPDATE snapshot SET image = '\\x7b7d'::bytea WHERE session = 'default'")
    XCTAssertThrowsError(try startDaemon()) { error in
      let text = "\(error)"
      XCTAssertTrue(text.contains("exited with status 1"), text)
      XCTAssertTrue(
        text.contains(
          "cannot restore the snapshot of session 'default' in \(server.socketURL("curtain")): "
            + "its checksum does not match; nothing was changed: to start empty, point --store "
            + "at another database (or rename this one's tables aside)"), text)
    }
    XCTAssertEqual(try sql("SELECT encode(image, 'hex') FROM snapshot"), "7b7d")
  }

  // MARK: The server goes away

  /// PostgreSQL stops while the daemon runs: the next change is answered
  /// UNAVAILABLE (applied in memory, not recorded), so is every later one,
  /// reads go on, the status says why; after PostgreSQL and the daemon
  /// restart, everything acknowledged is back and nothing refused is.
  func testAServerThatGoesAwayRefusesChangesAndLosesNothingAcknowledged() throws {
    let daemon = try startDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "writer")
    try client.make(.content, "A", "B")
    server.stop()

    let refused = try client.call {
      $0.createController.kind = .content
      $0.createController.identifier = "Refused"
    }
    XCTAssertEqual(refused.error.code, .unavailable, refused.error.message)
    XCTAssertTrue(
      refused.error.message.contains("could not be recorded; it will not survive a restart"),
      refused.error.message)
    XCTAssertTrue(refused.error.message.contains("PostgreSQL store"), refused.error.message)
    let later = try client.call {
      $0.createController.kind = .content
      $0.createController.identifier = "Later"
    }
    XCTAssertEqual(later.error.code, .unavailable)
    // The first refused change was applied in memory; the later one was not.
    XCTAssertEqual(
      try client.call { $0.listControllers = .init() }.controllers.controllers.count, 3)
    let storage = try client.call { $0.getStatus = .init() }.status.storage
    XCTAssertFalse(storage.available)
    XCTAssertTrue(storage.error.contains("PostgreSQL store"), storage.error)
    client.close()
    XCTAssertEqual(daemon.stop().status, 0, daemon.stderr)
    XCTAssertTrue(
      daemon.stderr.contains("cannot write the state database; refusing mutating requests"),
      daemon.stderr)

    try server.start()
    let restarted = try startDaemon()
    defer { restarted.stop() }
    let checker = try TestClient(path: restarted.socketPath, name: "checker")
    defer { checker.close() }
    let names = try checker.call { $0.listControllers = .init() }.controllers.controllers.map(
      \.identifier)
    XCTAssertEqual(names, ["A", "B"])
    XCTAssertTrue(try checker.call { $0.getStatus = .init() }.status.storage.available)
  }

  /// Four clients pipeline changes and PostgreSQL stops (a fast shutdown)
  /// in the middle, and more changes follow: every change is answered,
  /// either acknowledged or UNAVAILABLE (every one sent after the stop),
  /// and every acknowledged one is back after PostgreSQL and the daemon
  /// restart.
  func testAServerThatStopsUnderLoadLosesNothingAcknowledged() throws {
    let daemon = try startDaemon()
    let clients = try (0..<4).map { try TestClient(path: daemon.socketPath, name: "load \($0)") }
    var sent: [[(id: UInt64, name: String)]] = Array(repeating: [], count: clients.count)
    func load(_ steps: Range<Int>) {
      for (number, client) in clients.enumerated() {
        for step in steps {
          let name = "C\(number)S\(step)"
          sent[number].append(
            (
              client.send {
                $0.createController.kind = .content
                $0.createController.identifier = name
              }, name
            ))
        }
      }
    }
    load(0..<200)
    // Some answers arrive, then the server stops under the rest, and more
    // changes follow.
    let early = try XCTUnwrap(clients[0].response(to: sent[0][20].id))
    server.stop()
    load(200..<250)
    var acknowledged: [String] = []
    var refused = 0
    for (number, client) in clients.enumerated() {
      for (id, name) in sent[number] {
        let response =
          id == sent[0][20].id && number == 0
          ? early : try XCTUnwrap(client.response(to: id), "\(name) was not answered")
        if response.error.code == .unspecified {
          acknowledged.append(name)
        } else {
          XCTAssertEqual(response.error.code, .unavailable, response.error.message)
          refused += 1
        }
      }
      client.close()
    }
    XCTAssertGreaterThanOrEqual(
      refused, 200, "changes sent after the server stopped were acknowledged")
    XCTAssertEqual(daemon.stop().status, 0, daemon.stderr)

    try server.start()
    let restarted = try startDaemon()
    defer { restarted.stop() }
    let checker = try TestClient(path: restarted.socketPath, name: "checker")
    defer { checker.close() }
    let names = Set(
      try checker.call { $0.listControllers = .init() }.controllers.controllers.map(\.identifier))
    XCTAssertEqual(Set(acknowledged).subtracting(names), [], "acknowledged changes were lost")
  }
}
