// Durable sessions with the real curtaind and real files
// (docs/durability.md): a daemon killed with SIGKILL under load restarts on
// the same state directory with every acknowledged change; a daemon stopped
// with SIGTERM restarts with byte-identical trees; a damaged journal
// restores the intact prefix and says so; a database from a newer
// curtaind is refused.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

final class DurabilityTests: StateDirectoryTestCase {
  // MARK: SIGTERM

  func testSIGTERMRestartGivesByteIdenticalTreesAndContinuesEvents() throws {
    try checkSIGTERMRestart()
  }

  // MARK: SIGKILL

  /// A change is applied, its record is handed to the writer, and the
  /// daemon dies before the record commits (the kill point
  /// `--test-kill-before-record`): no subscriber may have seen its events,
  /// since the restored daemon does not have the change (JournalGateTests
  /// check that answers showing it wait too).
  func testNoEventOfAChangeLeavesBeforeItsRecordCommits() throws {
    try checkNoEventLeavesBeforeItsRecord()
  }

  /// Four clients pipeline random mutations (animated and interactive ones
  /// among them) on eight windows; the daemon is killed with SIGKILL at a
  /// random point after some responses arrived; a new daemon on the same
  /// state directory must have every acknowledged controller and every
  /// acknowledged window revision, be idle (running transitions settled),
  /// and restore the same state again after a clean restart. 50 kill
  /// points: 5 state directories of 10 kills each (without snapshots a
  /// restore replays the whole journal, which grows with every round).
  /// Each restore must also keep the invariants of the invariant fuzz
  /// (`WireInvariants`) and let every client resume its events from the
  /// last seq it saw with exactly the events it missed.
  /// `CURTAIN_KILL_POINTS=N` runs N kill points instead (in state
  /// directories of 10; the soak script's longer variant).
  func testSIGKILLUnderLoadLosesNothingAcknowledged() throws {
    let points = ProcessInfo.processInfo.environment["CURTAIN_KILL_POINTS"].flatMap(Int.init) ?? 50
    try checkSIGKILLUnderLoad(groups: max(1, (points + 9) / 10), kills: 10)
  }

  // MARK: Damage

  func testADamagedRecordRestoresThePrefixAndSaysSo() throws {
    let daemon = try startDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "damage")
    try client.make(.content, "Kept1", "Kept2", "Lost1", "Lost2")
    client.close()
    // A crash: the records stay in the journal (a clean stop would leave
    // a snapshot instead).
    daemon.kill9()

    // Records 1 and 2 create Kept1 and Kept2; damage record 3.
    try sqlite("UPDATE journal SET entry = x'ffff00' WHERE seq = 3")
    let restarted = try startDaemon()
    defer { restarted.stop() }
    let checker = try TestClient(path: restarted.socketPath, name: "checker")
    defer { checker.close() }
    let names = Set(try state(checker).controllers.keys)
    XCTAssertEqual(names, ["Kept1", "Kept2"])
    XCTAssertTrue(
      restarted.stderr.contains("a record cannot be restored"), restarted.stderr)
    XCTAssertEqual(try sqlite("SELECT count(*) FROM dropped_journal"), "2")
    // It keeps serving and recording.
    try checker.make(.content, "After")
    XCTAssertEqual(try sqlite("SELECT count(*) FROM journal"), "3")
  }

  /// Truncated (at random offsets) and byte-flipped (at random offsets)
  /// databases holding snapshots and a journal after them: the daemon
  /// either serves a state the sessions were in after some acknowledged
  /// change (every window's tree and the controllers exactly as they were
  /// then: never a half-restored window), saying so in its log when it is
  /// not the last one, or finds records missing that were acknowledged
  /// (its -last-commit file), says so and starts empty with the database
  /// moved aside, or refuses with a clear message and exit status 1; it
  /// never crashes.
  func testTruncatedOrFlippedDatabasesRestoreAPrefixOrAreRefused() throws {
    let daemon = try startDaemon(["--snapshot-records", "6"])
    let client = try TestClient(path: daemon.socketPath, name: "corrupt")
    // Every state after an acknowledged change (manual clocks, nothing
    // animated, so each is settled).
    var states: [[Data]] = [try restoredState(client)]
    for index in 0..<4 {
      let window = try client.call { $0.createWindow.clock = .manual }.window.id
      try client.make(.navigation, "Nav\(index)")
      states.append(try restoredState(client))
      for step in 0..<4 {
        try client.make(.content, "C\(index)-\(step)")
        states.append(try restoredState(client))
        if step == 0 {
          try client.call {
            $0.setStack.navigation = controllerRef("Nav\(index)")
            $0.setStack.controllers = [controllerRef("C\(index)-0")]
          }
          states.append(try restoredState(client))
          try client.setRoot(window, "Nav\(index)")
        } else {
          try client.call {
            $0.push.navigation = controllerRef("Nav\(index)")
            $0.push.controller = controllerRef("C\(index)-\(step)")
            $0.push.notAnimated = true
          }
        }
        states.append(try restoredState(client))
      }
    }
    client.close()
    // A crash leaves snapshots and records after them; they are moved from
    // the write-ahead log into the database file, which is then damaged.
    daemon.kill9()
    let path = stateDirectory + "/state.sqlite3"
    try sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
    XCTAssertNotEqual(try sqlite("SELECT count(*) FROM snapshot"), "0")
    XCTAssertNotEqual(try sqlite("SELECT count(*) FROM journal"), "0")
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    let markPath = stateDirectory + "/state.sqlite3-last-commit"
    let mark = try Data(contentsOf: URL(fileURLWithPath: markPath))
    var random = SplitMix(seed: UInt64(UInt32.random(in: 0...UInt32.max)))
    let seed = random.state
    var outcomes: [String: Int] = [:]
    for attempt in 0..<24 {
      var damaged = original
      if attempt % 2 == 0 {
        damaged = damaged.prefix(Int(random.next() % UInt64(damaged.count)))
      } else {
        for _ in 0..<(1 + Int(random.next() % 4)) {
          let offset = Int(random.next() % UInt64(damaged.count))
          damaged[offset] ^= UInt8(1 + random.next() % 255)
        }
      }
      for suffix in [
        "", "-wal", "-shm", ".bad-1", ".bad-1-wal", ".bad-1-shm",
        ".bad-1-last-commit",
      ] {
        unlink(path + suffix)
      }
      try damaged.write(to: URL(fileURLWithPath: path))
      try mark.write(to: URL(fileURLWithPath: markPath))
      let label = "attempt \(attempt) seed \(seed)"
      do {
        let restarted = try startDaemon()
        let checker = try TestClient(path: restarted.socketPath, name: "checker")
        let state = try restoredState(checker)
        checker.close()
        XCTAssertEqual(restarted.stop().status, 0, label)
        let index = states.lastIndex(of: state)
        XCTAssertNotNil(index, "\(label): the restored state is none the sessions were in")
        if restarted.stderr.contains("the restore comes back short") {
          XCTAssertEqual(state, states[0], label)
          XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".bad-1"), label)
          outcomes["moved aside", default: 0] += 1
        } else if index != states.count - 1 {
          XCTAssertTrue(
            restarted.stderr.contains("a record cannot be restored"),
            "\(label): an earlier state is restored without saying so: \(restarted.stderr)")
          outcomes["prefix", default: 0] += 1
        } else {
          outcomes["all", default: 0] += 1
        }
      } catch let error as TempDaemonError {
        XCTAssertTrue(
          error.description.contains("exited with status 1: ")
            && error.description.contains("curtaind: cannot "),
          "\(label): \(error.description)")
        outcomes["refused", default: 0] += 1
      }
    }
    XCTAssertEqual(outcomes.values.reduce(0, +), 24, "\(outcomes)")
  }

  /// Every window's tree (with views) and the controllers of the default
  /// session.
  private func restoredState(_ client: TestClient) throws -> [Data] {
    let windows = try client.call { $0.listWindows = .init() }.windows.windows.map(\.id)
    return try serializedTrees(client, windows: windows)
  }

  func testADatabaseFromANewerCurtaindIsRefusedUnlessReset() throws {
    let daemon = try startDaemon()
    XCTAssertEqual(daemon.stop().status, 0)
    try sqlite("PRAGMA user_version = 99")
    XCTAssertThrowsError(try startDaemon()) { error in
      XCTAssertTrue("\(error)".contains("schema version 99"), "\(error)")
    }
    let reset = try startDaemon(["--reset-state"])
    XCTAssertEqual(reset.stop().status, 0)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: stateDirectory + "/state.sqlite3.bad-1"),
      "the old database is moved aside, not deleted")
  }

  func testASecondDaemonOnTheSameStateDirectoryRefusesToStart() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    XCTAssertThrowsError(try startDaemon()) { error in
      XCTAssertTrue(
        "\(error)".contains(
          "curtaind: cannot lock the state directory \(stateDirectory): another curtaind uses it"),
        "\(error)")
    }
    let client = try TestClient(path: daemon.socketPath, name: "still serving")
    try client.sync()
    client.close()
  }

  func testStatusReportsTheStateDirectory() throws {
    let daemon = try startDaemon(["--sync", "full"])
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "status")
    defer { client.close() }
    try client.make(.content, "One")
    let storage = try client.call { $0.getStatus = .init() }.status.storage
    XCTAssertTrue(storage.durable)
    XCTAssertTrue(storage.available)
    XCTAssertEqual(storage.stateDirectory, stateDirectory)
    XCTAssertEqual(storage.database, stateDirectory + "/state.sqlite3")
    XCTAssertGreaterThan(storage.databaseBytes, 0)
    XCTAssertEqual(storage.journalRecords, 1)
    XCTAssertEqual(storage.sync, "full")
    XCTAssertEqual(storage.schemaVersion, 3)
    XCTAssertEqual(storage.lastSnapshotTime, 0)
    XCTAssertEqual(storage.snapshotRecords, 10_000)
    XCTAssertEqual(storage.snapshotInterval, 60)
    XCTAssertEqual(storage.snapshotJournalRatio, 1)
    XCTAssertEqual(storage.snapshotBytes, 0)
    XCTAssertFalse(storage.hasRestoreDamage)
    var info = stat()
    XCTAssertEqual(stat(stateDirectory, &info), 0)
  }

  // MARK: Helpers

  @discardableResult
  private func sqlite(_ sql: String) throws -> String {
    try stateSQL(sql, database: stateDirectory + "/state.sqlite3")
  }
}

// MARK: Scenarios

// The scenarios DurabilityTests runs on a state directory and
// PostgresStoreTests on a PostgreSQL store (`storeArguments`).
extension StateDirectoryTestCase {
  /// A daemon stopped with SIGTERM restarts with byte-identical trees and
  /// its events continue.
  func checkSIGTERMRestart() throws {
    let first = try startDaemon()
    let client = try TestClient(path: first.socketPath, name: "durable")
    let phone = try client.makeWindow()
    let pad = try client.makeWindow(regular: true)
    try client.make(.navigation, "Nav")
    try client.make(.content, "A", "B", "Modal")
    try client.setRoot(phone, "Nav")
    try client.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("A")
      $0.push.notAnimated = true
    }
    try client.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }
    try client.advance(phone, 1)
    try client.make(.tabBar, "Tabs")
    try client.make(.content, "T1", "T2")
    try client.call {
      $0.setTabs.tabBar = controllerRef("Tabs")
      $0.setTabs.controllers = [controllerRef("T1"), controllerRef("T2")]
    }
    try client.setRoot(pad, "Tabs")
    try client.present("Modal", on: "Tabs") { $0.style = .formSheet }
    try client.advance(pad, 1)
    let before = try snapshot(client, windows: [phone, pad])
    let lastSeq = try client.call { $0.listWindows = .init() }.windows.windows.map(\.lastSeq)
    client.close()
    XCTAssertEqual(first.stop().status, 0, first.stderr)

    let second = try startDaemon()
    defer { second.stop() }
    let again = try TestClient(path: second.socketPath, name: "durable again")
    defer { again.close() }
    XCTAssertEqual(try snapshot(again, windows: [phone, pad]), before)
    // Events continue: a client that saw everything resumes with nothing
    // missing, and the next change gets the next seq.
    try again.call {
      $0.subscribe.windowID = phone
      $0.subscribe.events = true
      $0.subscribe.fromSeq = lastSeq[0]
    }
    try again.call {
      $0.pop.navigation = controllerRef("Nav")
      $0.pop.notAnimated = true
    }
    try again.drain()
    let seqs = again.takeEvents().filter { $0.windowID == phone }.map(\.seq)
    XCTAssertFalse(seqs.isEmpty)
    XCTAssertEqual(seqs, Array((lastSeq[0] + 1)...(lastSeq[0] + UInt64(seqs.count))))
  }

  /// See `DurabilityTests.testNoEventOfAChangeLeavesBeforeItsRecordCommits`.
  func checkNoEventLeavesBeforeItsRecord() throws {
    let first = try startDaemon()
    let setup = try TestClient(path: first.socketPath, name: "setup")
    let window = try setup.call { $0.createWindow.clock = .manual }.window.id
    try setup.make(.navigation, "Nav")
    try setup.make(.content, "A", "B")
    try setup.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("A")]
    }
    try setup.setRoot(window, "Nav")
    setup.close()
    XCTAssertEqual(first.stop().status, 0, first.stderr)

    // Record 1 of the next run is the push: the daemon dies instead of
    // committing it.
    let doomed = try startDaemon(["--test-kill-before-record", "1"])
    let watcher = try TestClient(path: doomed.socketPath, name: "watcher")
    let before = try watcher.call {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
    }.subscribed.lastSeq
    let writer = try TestClient(path: doomed.socketPath, name: "writer")
    let push = writer.send {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
      $0.push.notAnimated = true
    }
    // The daemon dies with nothing of the watcher's unread, so its end
    // reaches the watcher after everything the daemon sent (a request
    // still unread would turn it into a reset that may drop that).
    XCTAssertNil(
      (try? writer.response(to: push)) ?? nil, "the push was acknowledged without its record")
    try? watcher.drain(timeout: 5)
    doomed.waitUntilExit()
    let seen = watcher.takeEvents().filter { $0.windowID == window }.map(\.seq)
    watcher.close()
    writer.close()
    doomed.kill9()

    let restored = try startDaemon()
    defer { restored.stop() }
    let checker = try TestClient(path: restored.socketPath, name: "checker")
    defer { checker.close() }
    let info = try XCTUnwrap(
      checker.call { $0.listWindows = .init() }.windows.windows.first { $0.id == window })
    XCTAssertEqual(info.lastSeq, before, "the push was not recorded, so it is not restored")
    XCTAssertEqual(seen, [], "events of the unrecorded push reached a subscriber")
  }

  /// See `DurabilityTests.testSIGKILLUnderLoadLosesNothingAcknowledged`:
  /// `groups` fresh stores (`resetStore`) of `kills` kill points each.
  func checkSIGKILLUnderLoad(groups: Int, kills: Int) throws {
    for group in 0..<groups {
      try resetStore()
      try killRepeatedly(
        kills: kills, seed: UInt64(UInt32.random(in: 0...UInt32.max)), group: group)
      if testRun?.failureCount ?? 0 > 0 { break }
    }
  }

  fileprivate func killRepeatedly(kills: Int, seed: UInt64, group: Int) throws {
    // Odd groups snapshot often, so that kills land between snapshots,
    // while sessions are busy, and in restores from a snapshot plus a tail.
    let startDaemon = {
      try self.startDaemon(group % 2 == 1 ? ["--snapshot-records", "7"] : [])
    }
    var random = SplitMix(seed: seed)
    // Controllers acknowledged as created (identifier → id) and the highest
    // revision acknowledged per window.
    var created: [String: UInt64] = [:]
    var revisions: [UInt64: UInt64] = [:]
    var windows: [(id: UInt64, navigation: String, manual: Bool)] = []

    var daemon = try startDaemon()
    do {
      let setup = try TestClient(path: daemon.socketPath, name: "setup")
      for index in 0..<8 {
        let manual = index % 2 == 0
        let window = try setup.call {
          $0.createWindow.clock = manual ? .manual : .realtime
        }.window.id
        let navigation = "Nav\(index)"
        try setup.make(.navigation, navigation, "Root\(index)")
        try setup.call {
          $0.setStack.navigation = controllerRef(navigation)
          $0.setStack.controllers = [controllerRef("Root\(index)")]
        }
        try setup.setRoot(window, navigation)
        windows.append((window, navigation, manual))
      }
      setup.close()
    }

    for round in 0..<kills {
      let clients = try (0..<4).map {
        try TestClient(path: daemon.socketPath, name: "load \($0)")
      }
      // Each client follows the events of its two windows from here.
      var start: [UInt64: UInt64] = [:]
      for (number, client) in clients.enumerated() {
        for window in windows[(number * 2)...(number * 2 + 1)] {
          start[window.id] =
            try client.call {
              $0.subscribe.windowID = window.id
              $0.subscribe.events = true
            }.subscribed.lastSeq
        }
      }
      var sent: [[(id: UInt64, identifier: String?, window: UInt64)]] = []
      for (number, client) in clients.enumerated() {
        var requests: [(UInt64, String?, UInt64)] = []
        for step in 0..<24 {
          let window = windows[number * 2 + Int(random.next() % 2)]
          let name = "R\(round)C\(number)S\(step)"
          switch random.next() % 6 {
          case 0, 1:
            let id = client.send {
              $0.createController.kind = .content
              $0.createController.identifier = name
            }
            requests.append((id, name, 0))
            let animated = random.next() % 2 == 0
            requests.append(
              (
                client.send {
                  $0.push.navigation = controllerRef(window.navigation)
                  $0.push.controller = controllerRef(name)
                  $0.push.notAnimated = !animated
                }, nil, window.id
              ))
          case 2:
            let animated = random.next() % 2 == 0
            requests.append(
              (
                client.send {
                  $0.pop.navigation = controllerRef(window.navigation)
                  $0.pop.notAnimated = !animated
                }, nil, window.id
              ))
          case 3:
            let wide = random.next() % 2 == 0
            requests.append(
              (
                client.send {
                  $0.resizeWindow.windowID = window.id
                  $0.resizeWindow.metrics.size.width = wide ? 844 : 390
                  $0.resizeWindow.metrics.size.height = wide ? 390 : 844
                  $0.resizeWindow.notAnimated = random.next() % 2 == 0
                }, nil, window.id
              ))
          case 4 where window.manual:
            requests.append(
              (
                client.send {
                  $0.advanceClock.windowID = window.id
                  $0.advanceClock.seconds = Double(random.next() % 5) / 10
                }, nil, window.id
              ))
          default:
            requests.append(
              (
                client.send {
                  $0.beginInteractive.kind = .pop
                  $0.beginInteractive.controller = controllerRef(window.navigation)
                }, nil, window.id
              ))
          }
        }
        sent.append(requests)
      }
      // Read a random number of responses per client, then crash.
      for (number, client) in clients.enumerated() {
        let count = Int(random.next() % UInt64(sent[number].count + 1))
        for (id, identifier, window) in sent[number].prefix(count) {
          let response = try XCTUnwrap(
            client.response(to: id), "group \(group) round \(round) seed \(seed): no response")
          guard response.error.code == .unspecified else { continue }
          if let identifier { created[identifier] = response.controller.id }
          if case .operation(let result)? = response.result {
            revisions[window] = max(revisions[window] ?? 0, result.revision)
          }
          if case .clock(let result)? = response.result {
            revisions[window] = max(revisions[window] ?? 0, result.revision)
          }
        }
      }
      // What each client saw of its windows before the crash.
      var seen: [UInt64: [WireEvent]] = [:]
      for client in clients {
        for event in client.takeEvents() { seen[event.windowID, default: []].append(event) }
      }
      daemon.kill9()
      for client in clients { client.close() }

      daemon = try startDaemon()
      let checker = try TestClient(path: daemon.socketPath, name: "checker")
      let restored = try state(checker)
      for (identifier, id) in created {
        XCTAssertEqual(
          restored.controllers[identifier], id,
          "group \(group) round \(round) seed \(seed): acknowledged \(identifier) lost")
      }
      for (window, revision) in revisions {
        let info = try XCTUnwrap(restored.windows[window], "round \(round): window \(window)")
        XCTAssertGreaterThanOrEqual(
          info.revision, revision,
          "group \(group) round \(round) seed \(seed): window \(window) went back")
        XCTAssertEqual(info.queuedOperations, 0, "round \(round): settled")
      }
      for failure in try WireInvariants.check(checker, windows: windows.map(\.id)) {
        XCTFail("group \(group) round \(round) seed \(seed): \(failure)")
      }
      try checkResume(
        daemon, windows: windows.map(\.id), start: start, seen: seen,
        label: "group \(group) round \(round) seed \(seed)")
      // The restore is deterministic: a clean restart gives the same state.
      if round == kills - 1 {
        checker.close()
        XCTAssertEqual(daemon.stop().status, 0, daemon.stderr)
        daemon = try startDaemon()
        let again = try TestClient(path: daemon.socketPath, name: "checker again")
        let second = try state(again)
        XCTAssertEqual(
          second.controllers, restored.controllers, "group \(group) round \(round) seed \(seed)")
        XCTAssertEqual(
          second.windows.mapValues(\.revision), restored.windows.mapValues(\.revision),
          "group \(group) round \(round) seed \(seed)")
        again.close()
      } else {
        checker.close()
      }
      if testRun?.failureCount ?? 0 > 0 { break }
    }
    XCTAssertEqual(daemon.stop().status, 0, daemon.stderr)
  }

  /// Each load client comes back and resumes its windows' events from the
  /// last seq it saw: it gets exactly the events it missed (from that seq
  /// to the restored window's last, none twice, none left out), the
  /// history it saw is the restored one, and the whole stream since it
  /// subscribed keeps I7 (every transition that began ended once).
  fileprivate func checkResume(
    _ daemon: TempDaemon, windows: [UInt64], start: [UInt64: UInt64],
    seen: [UInt64: [WireEvent]], label: String
  ) throws {
    for number in 0..<4 {
      let client = try TestClient(path: daemon.socketPath, name: "resume \(number)")
      defer { client.close() }
      var resumed: [UInt64: (subscription: UInt64, lastSeq: UInt64)] = [:]
      var whole: [UInt64: UInt64] = [:]
      for window in windows[(number * 2)...(number * 2 + 1)] {
        let first = start[window] ?? 0
        let saw = seen[window] ?? []
        let seqs = saw.map(\.seq)
        XCTAssertEqual(
          seqs, Array((first + 1)..<(first + 1 + UInt64(seqs.count))),
          "\(label): w\(window) delivered with a gap before the crash")
        let lastSeen = seqs.last ?? first
        let result = try client.call {
          $0.subscribe.windowID = window
          $0.subscribe.events = true
          $0.subscribe.fromSeq = lastSeen
        }.subscribed
        XCTAssertFalse(result.snapshotRequired, "\(label): w\(window)")
        XCTAssertGreaterThanOrEqual(
          result.lastSeq, lastSeen,
          "\(label): w\(window): the client saw seq \(lastSeen) but the restore ends at "
            + "\(result.lastSeq) (events of a change that was not recorded were delivered)")
        resumed[window] = (result.subscriptionID, result.lastSeq)
        whole[window] =
          try client.call {
            $0.subscribe.windowID = window
            $0.subscribe.events = true
            $0.subscribe.fromSeq = first
          }.subscribed.subscriptionID
      }
      try client.sync()
      let events = client.takeEvents()
      for (window, resume) in resumed {
        let first = start[window] ?? 0
        let saw = seen[window] ?? []
        let lastSeen = saw.last?.seq ?? first
        let missed = events.filter { $0.subscriptionID == resume.subscription }.map(\.seq)
        XCTAssertEqual(
          missed, lastSeen < resume.lastSeq ? Array((lastSeen + 1)...resume.lastSeq) : [],
          "\(label): w\(window) resumed from \(lastSeen)")
        var history = events.filter { $0.subscriptionID == whole[window] }
        for failure in WireInvariants.checkEvents(history, after: first) {
          XCTFail("\(label): w\(window): \(failure)")
        }
        for index in history.indices { history[index].subscriptionID = 0 }
        var before = saw
        for index in before.indices { before[index].subscriptionID = 0 }
        XCTAssertEqual(
          Array(history.prefix(before.count)), before,
          "\(label): w\(window): the events seen before the crash are not the restored ones")
      }
    }
  }

  // MARK: Helpers

  /// Every controller (identifier → id) and every window of the default
  /// session.
  fileprivate func state(_ client: TestClient) throws -> (
    controllers: [String: UInt64], windows: [UInt64: Curtain_V1_WindowInfo]
  ) {
    let controllers = try client.call { $0.listControllers = .init() }.controllers.controllers
    let windows = try client.call { $0.listWindows = .init() }.windows.windows
    return (
      Dictionary(
        controllers.map { ($0.identifier, $0.id) }, uniquingKeysWith: { first, _ in first }),
      Dictionary(uniqueKeysWithValues: windows.map { ($0.id, $0) })
    )
  }

  fileprivate func snapshot(_ client: TestClient, windows: [UInt64]) throws -> [Data] {
    try serializedTrees(client, windows: windows)
  }
}

/// The serialized trees (with views) of `windows` of `session` (empty:
/// "default") and its controller list.
func serializedTrees(_ client: TestClient, session: String = "", windows: [UInt64]) throws
  -> [Data]
{
  var parts: [Data] = []
  for window in windows {
    let tree = try client.call(session: session) {
      $0.getTree.windowID = window
      $0.getTree.includeViews = true
    }.tree
    parts.append(try tree.serializedData())
  }
  parts.append(
    try client.call(session: session) { $0.listControllers = .init() }.controllers
      .serializedData())
  return parts
}

/// Runs SQL on a state database with the sqlite3 shell... which Debian
/// does not install with libsqlite3-dev, so through python3's sqlite3.
@discardableResult
func stateSQL(_ sql: String, database: String) throws -> String {
  let (status, output) = try runPython(
    """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1])
    rows = db.execute(sys.argv[2]).fetchall()
    db.commit()
    print("\\n".join("|".join(str(v) for v in row) for row in rows))
    """, arguments: [database, sql])
  guard status == 0 else { throw SQLFailure(output: output) }
  return output.trimmingCharacters(in: .whitespacesAndNewlines)
}

private func runPython(_ script: String, arguments: [String]) throws -> (Int32, String) {
  try runProcess("/usr/bin/python3", ["-c", script] + arguments)
}

/// Runs a program to its end; its exit status and what it wrote (stdout
/// and stderr together).
func runProcess(_ path: String, _ arguments: [String]) throws -> (Int32, String) {
  try runProgram(path, arguments)
}

/// python3's sqlite3 failed.
struct SQLFailure: Error {
  let output: String
}

/// A small seeded generator (SplitMix64), so that a failure names its seed.
struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
