// Issue 33: one client's deep pipeline costs every request the same however
// many answers wait (`Outbox.visits`, counted, never timed), and the daemon
// stops reading from a client whose answers waiting reach --max-unanswered
// and reads again once they drain, so that the others are served meanwhile.

import CurtainCore
import CurtainTesting
import CurtainWire
import XCTest

@testable import CurtainDaemon

final class DeepPipelineTests: XCTestCase {
  /// A server recording into a memory journal that commits nothing until
  /// told, a client, and controller `A` made (and committed) by it.
  private func durable(
    configure: (inout ServerConfiguration) -> Void = { _ in }
  ) -> (ServerHarness, MemoryJournal, MemoryLink) {
    let harness = ServerHarness(configure: configure)
    let journal = MemoryJournal()
    harness.server.journal = journal
    journal.committing = harness.server
    let link = harness.connect()
    _ = link.takeResponses()
    _ = harness.call(link) {
      $0.createController.kind = .content
      $0.createController.identifier = "A"
    }
    journal.committing = nil
    return (harness, journal, link)
  }

  /// A durable change per request, written back to back, its answer
  /// waiting for a commit that does not come: the 20,000th costs the
  /// outbox what the first did (main scanned every answer waiting).
  func testTwentyThousandDurableChangesCostEachTheSame() throws {
    let (harness, journal, link) = durable()
    let outbox = harness.server.outbox
    var costs: [Int] = []
    var ids: [UInt64] = []
    for batch in 0..<20 {
      let before = outbox.visits
      for index in 0..<1_000 {
        ids.append(
          harness.send(link) {
            $0.configureController.controller = ref("A")
            $0.configureController.title = "t\(batch)-\(index)"
          })
      }
      costs.append(outbox.visits - before)
    }
    XCTAssertEqual(link.takeResponses().count, 0, "every answer waits for its commit")
    XCTAssertEqual(outbox.waitingResponses(of: link.clientID), 20_000)
    XCTAssertEqual(costs.first, costs.last, "the last thousand cost what the first did")
    XCTAssertLessThanOrEqual(costs.max() ?? 0, 3_000)
    harness.server.journalProgressed(committed: UInt64(journal.records.count), failure: nil)
    let answers = link.takeResponses()
    XCTAssertEqual(answers.map(\.requestID), ids, "in request order")
    XCTAssertTrue(answers.allSatisfy { $0.error.code == .unspecified })
  }

  /// Issue 33 §4: a read-only client's WaitIdles past --max-waiters are
  /// refused, and each refusal, which waits behind the 1,024 answers not
  /// given yet, costs the same (main searched every one: 8,000 refusals
  /// took 5.3 s).
  func testWaitIdlePastTheLimitCostsEachRefusalTheSame() throws {
    let harness = ServerHarness()
    let writer = harness.connect()
    let window = harness.buildNavigation(writer)
    _ = harness.call(writer) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
    }
    let reader = harness.connect(readOnly: true)
    _ = reader.takeResponses()
    let outbox = harness.server.outbox
    var ids: [UInt64] = []
    var costs: [Int] = []
    for _ in 0..<9 {
      let before = outbox.visits
      for _ in 0..<1_024 {
        ids.append(harness.send(reader) { $0.waitIdle.windowID = window })
      }
      costs.append(outbox.visits - before)
    }
    XCTAssertEqual(reader.takeResponses().count, 0, "all wait behind the first 1,024")
    XCTAssertEqual(costs[1], costs[8], "the 8,000th refusal costs what the first did")
    XCTAssertLessThanOrEqual(costs.max() ?? 0, 4 * 1_024)
    // The push ends: every answer goes out, in order.
    _ = harness.call(writer) {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    let answers = reader.takeResponses()
    XCTAssertEqual(answers.map(\.requestID), ids)
    XCTAssertEqual(answers.prefix(1_024).filter { $0.error.code == .unspecified }.count, 1_024)
    XCTAssertEqual(answers.dropFirst(1_024).filter { $0.error.code == .limitExceeded }.count, 8_192)
  }

  /// Past --max-unanswered answers waiting, the server asks the transport
  /// to stop reading from the client; once half are answered, to read
  /// again. Other clients are served all along.
  func testTheServerPausesAClientPastTheLimitAndResumesIt() throws {
    let (harness, journal, link) = durable {
      $0.limits.maxWaiters = 4
      $0.limits.maxUnanswered = 8
    }
    let other = harness.connect()
    for index in 0..<7 {
      harness.send(link) {
        $0.configureController.controller = ref("A")
        $0.configureController.title = "t\(index)"
      }
    }
    XCTAssertEqual(link.pauses, 0)
    harness.send(link) { $0.sync = Curtain_V1_Sync() }
    XCTAssertEqual(link.pauses, 1, "eight answers wait")
    XCTAssertEqual(other.pauses, 0)
    harness.server.journalProgressed(committed: UInt64(journal.records.count), failure: nil)
    XCTAssertEqual(link.resumes, 1)
    XCTAssertEqual(link.takeResponses().count, 8)
    let limits = try XCTUnwrap(harness.call(other) { $0.getStatus = Curtain_V1_GetStatus() })
      .status.limits
    let unanswered = try XCTUnwrap(limits.first { $0.name == "max-unanswered" })
    XCTAssertEqual(unanswered.value, 8)
    XCTAssertEqual(unanswered.scope, "client")
  }
}

/// The same over a real daemon: a client that pipelines past
/// --max-unanswered behind a WaitIdle is not read from (the daemon holds
/// exactly the limit of its requests), another client is served and
/// answers the WaitIdle, and then every request of the first is answered
/// in order.
final class UnansweredLimitTests: XCTestCase {
  func testADaemonStopsReadingAtTheLimitAndReadsAgainOnceAnswered() throws {
    let daemon = try TempDaemon(arguments: ["--max-waiters", "8", "--max-unanswered", "64"])
    defer {
      let result = daemon.stop()
      XCTAssertEqual(result.status, 0, "stderr:\n\(daemon.stderr)")
    }
    let driver = try TestClient(path: daemon.socketPath)
    let window = try driver.call {
      $0.createWindow.clock = .manual
      $0.createWindow.root.kind = .navigation
      $0.createWindow.root.identifier = "Nav"
      var root = Curtain_V1_ControllerSpec()
      root.kind = .content
      $0.createWindow.root.children = [root]
    }.window.id
    try driver.call {
      $0.createController.kind = .content
      $0.createController.identifier = "B"
    }
    XCTAssertEqual(
      try driver.call {
        $0.push.navigation = controllerRef("Nav")
        $0.push.controller = controllerRef("B")
      }.error.code, .unspecified)

    let piper = try TestClient(path: daemon.socketPath)
    let first = piper.send { $0.waitIdle.windowID = window }
    let bytes = try pipelinedRequests(ids: 10_000..<13_000) { $0.sync = Curtain_V1_Sync() }
    try piper.connection.sendRawBytes(bytes)

    // The daemon read the WaitIdle and 63 Syncs behind it, and stopped.
    var used = 0.0
    for _ in 0..<200 {
      let limits = try driver.call { $0.getStatus = Curtain_V1_GetStatus() }.status.limits
      used = limits.first { $0.name == "max-unanswered" }?.used ?? -1
      if used >= 64 { break }
      try driver.sync()
    }
    XCTAssertEqual(used, 64)
    try driver.drain(timeout: 0.2)
    let again = try driver.call { $0.getStatus = Curtain_V1_GetStatus() }.status.limits
    XCTAssertEqual(again.first { $0.name == "max-unanswered" }?.used, 64, "it reads no more")

    // The push ends: the WaitIdle is answered, and then everything.
    try driver.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    XCTAssertEqual(try piper.response(to: first)?.error.code, .unspecified)
    for id in UInt64(10_000)..<13_000 {
      XCTAssertEqual(try piper.response(to: id)?.requestID, id)
    }
  }
}

/// Turns (Connection.swift): a connection hands the server at most
/// `messagesPerTurn` messages per turn of the loop, so that another
/// client's request is read while one client's long pipeline is served,
/// not after all of it (libuv reads a stream up to 32 times in a row, 64
/// KiB each).
final class ConnectionTurnTests: XCTestCase {
  func testAnotherClientIsServedInTheMiddleOfALongPipeline() throws {
    let daemon = try TempDaemon(arguments: [])
    defer {
      let result = daemon.stop()
      XCTAssertEqual(result.status, 0, "stderr:\n\(daemon.stderr)")
    }
    let piper = try TestClient(path: daemon.socketPath)
    let other = try TestClient(path: daemon.socketPath)
    try other.sync()
    // 5,000 reads of the controllers, in one write.
    let count: UInt64 = 5_000
    let ids = UInt64(1_000)..<(1_000 + count)
    try piper.connection.sendRawBytes(
      try pipelinedRequests(ids: ids) { $0.listControllers = Curtain_V1_ListControllers() })
    // Meanwhile another client makes a controller.
    try other.call {
      $0.createController.kind = .content
      $0.createController.identifier = "Marker"
    }
    var firstWithMarker: UInt64?
    for id in ids {
      let response = try XCTUnwrap(try piper.response(to: id), "answer \(id)")
      if firstWithMarker == nil,
        response.controllers.controllers.contains(where: { $0.identifier == "Marker" })
      {
        firstWithMarker = id
      }
    }
    // Without turns the daemon read the other client only after the whole
    // pipeline; with them, within a few turns of it.
    let position =
      try XCTUnwrap(firstWithMarker, "the other client waited for all 5,000")
      - ids
      .lowerBound
    XCTAssertLessThan(position, count / 2, "served at read \(position) of \(count)")
  }
}
