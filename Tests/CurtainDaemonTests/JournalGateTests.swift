// The server's side of durability without files: responses to recorded
// requests wait for their commit and keep their order; a failed commit
// answers them with UNAVAILABLE and refuses every later mutating request;
// reads still work; the records replay into a fresh server.

import CurtainCore
import CurtainTesting
import CurtainWire
import XCTest

@testable import CurtainDaemon

/// A journal that keeps its records in memory; commits happen when a test
/// says so, or at once for `committing`.
final class MemoryJournal: JournalSink {
  private(set) var records: [[UInt8]] = []
  weak var committing: Server?

  func record(session: String, entry: [UInt8]) -> UInt64 {
    records.append(entry)
    committing?.journalProgressed(committed: UInt64(records.count), failure: nil)
    return UInt64(records.count)
  }

  var storageStatus: Curtain_V1_StorageStatus { Curtain_V1_StorageStatus() }

  func takeMeasurements() -> JournalMeasurements { JournalMeasurements() }

  func needsSnapshot(_ session: String) {}
}

final class JournalGateTests: XCTestCase {
  /// A server recording into a memory journal, and a welcomed client.
  private func gated() -> (ServerHarness, MemoryJournal, MemoryLink) {
    let harness = ServerHarness()
    let journal = MemoryJournal()
    harness.server.journal = journal
    let link = harness.connect()
    _ = link.takeResponses()
    return (harness, journal, link)
  }

  func testResponsesWaitForTheirCommitInOrder() throws {
    let (harness, journal, link) = gated()
    let create = harness.send(link) {
      $0.createController.kind = .content
      $0.createController.identifier = "A"
    }
    let list = harness.send(link) { $0.listControllers = .init() }
    XCTAssertEqual(journal.records.count, 1, "the read is not recorded")
    XCTAssertEqual(link.takeResponses().map(\.requestID), [], "nothing before the commit")
    harness.server.journalProgressed(committed: 1, failure: nil)
    XCTAssertEqual(link.takeResponses().map(\.requestID), [create, list])
  }

  func testEventsAndAnswersWaitForTheRecordsBeforeThem() throws {
    let (harness, journal, writer) = gated()
    journal.committing = harness.server
    let window = harness.buildNavigation(writer)
    let watcher = harness.connect()
    for link in [writer, watcher] {
      _ = harness.call(link) {
        $0.subscribe.windowID = window
        $0.subscribe.events = true
      }
      _ = link.takeEvents()
    }
    _ = watcher.takeResponses()
    journal.committing = nil
    let recorded = journal.records.count

    let push = harness.send(writer) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
      $0.push.notAnimated = true
    }
    let list = harness.send(watcher) { $0.listControllers = .init() }
    XCTAssertEqual(journal.records.count, recorded + 1)
    XCTAssertEqual(writer.messages.count + watcher.messages.count, 0, "nothing before the commit")

    harness.server.journalProgressed(committed: UInt64(recorded + 1), failure: nil)
    // The writer gets its answer, then the events of its push; the watcher
    // the events, then the answer it asked for after them.
    let writerKinds = writer.messages.map { $0.response.requestID == push ? "response" : "event" }
    XCTAssertEqual(writerKinds.first, "response")
    XCTAssertEqual(writerKinds.dropFirst().count, writerKinds.count - 1)
    XCTAssertFalse(writerKinds.dropFirst().contains("response"))
    let watcherKinds = watcher.messages.map { $0.response.requestID == list ? "response" : "event" }
    XCTAssertEqual(watcherKinds.last, "response")
    XCTAssertFalse(watcherKinds.dropLast().contains("response"))
    let events = watcher.takeEvents()
    XCTAssertEqual(events.map(\.seq), writer.takeEvents().map(\.seq))
    XCTAssertFalse(events.isEmpty)
  }

  func testEventsDoNotWaitForARequestWaitingForItsTransition() throws {
    let (harness, journal, link) = gated()
    journal.committing = harness.server
    let window = harness.buildNavigation(link)
    _ = harness.call(link) {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
    }
    _ = link.takeEvents()
    let push = harness.send(link) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
      $0.waitUntil = .completed
    }
    XCTAssertEqual(link.takeResponses().map(\.requestID), [], "the push runs")
    XCTAssertFalse(link.takeEvents().isEmpty, "its events do not wait for its answer")
    let advance = harness.send(link) {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    XCTAssertEqual(link.takeResponses().map(\.requestID), [push, advance])
  }

  func testAFailedCommitAnswersUnavailableAndRefusesLaterChanges() throws {
    let (harness, journal, link) = gated()
    harness.send(link) {
      $0.createController.kind = .content
      $0.createController.identifier = "A"
    }
    harness.server.journalProgressed(committed: 0, failure: "disk I/O error")
    let lost = try XCTUnwrap(link.takeResponses().first)
    XCTAssertEqual(lost.error.code, .unavailable)
    XCTAssertTrue(lost.error.message.contains("disk I/O error"), lost.error.message)

    let refused = try XCTUnwrap(
      harness.call(link) {
        $0.createController.kind = .content
        $0.createController.identifier = "B"
      })
    XCTAssertEqual(refused.error.code, .unavailable)
    XCTAssertEqual(journal.records.count, 1, "a refused request is not recorded")
    let listed = try XCTUnwrap(harness.call(link) { $0.listControllers = .init() })
    XCTAssertEqual(listed.controllers.controllers.map(\.identifier), ["A"])
  }

  func testRecordsReplayIntoAFreshServer() throws {
    let harness = ServerHarness()
    let journal = MemoryJournal()
    journal.committing = harness.server
    harness.server.journal = journal
    let link = harness.connect()
    let window = harness.buildNavigation(link)
    harness.send(link) {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }
    harness.send(link) {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.1
    }
    let tree = try XCTUnwrap(harness.call(link) { $0.getTree.windowID = window }).tree

    let restored = ServerHarness()
    for record in journal.records { try restored.server.replay(record) }
    restored.server.finishRestore()
    let reader = restored.connect()
    let again = try XCTUnwrap(restored.call(reader) { $0.getTree.windowID = window }).tree
    // The push was running at the end: the restore played it to its end.
    XCTAssertEqual(
      again.root.children.map(\.identifier), ["A", "B"], "\(tree.root.children.map(\.identifier))")
    XCTAssertEqual(again.window.queuedOperations, 0)
  }
}
