import CurtainCore
import CurtainWire
import XCTest

@testable import CurtainDaemon

/// Issue 11, bug 5: publishing events and answering waiters cost in
/// proportion to what changed, not to how many subscriptions and waiting
/// requests exist (`Server.publishVisits` counts what `publish()` looks at).
final class FanOutTests: XCTestCase {
  private let count = 400

  /// A server whose clients may have `count` subscriptions and waiters.
  private func manySubscribers() -> ServerHarness {
    ServerHarness { [count] in
      $0.limits.maxSubscriptions = count
      $0.limits.maxWaiters = count
    }
  }

  func testAChangeElsewhereVisitsNoneOfManySubscriptionsAndWaiters() throws {
    let h = manySubscribers()
    let writer = h.connect()
    let busy = h.buildNavigation(writer)
    // An animated push on a manual clock: the window stays busy.
    h.send(writer) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
    }
    let other = try XCTUnwrap(h.call(writer) { $0.createWindow.clock = .manual }).window.id
    _ = h.call(writer) {
      $0.createController.kind = .content
      $0.createController.identifier = "Solo"
    }
    _ = h.call(writer) {
      $0.setRoot.windowID = other
      $0.setRoot.controller = ref("Solo")
    }
    _ = writer.takeResponses()

    let reader = h.connect()
    let subscribing = h.server.publishVisits
    var subscriptions: Set<UInt64> = []
    for _ in 0..<count {
      let response = try XCTUnwrap(
        h.call(reader) {
          $0.subscribe.windowID = busy
          $0.subscribe.events = true
        })
      subscriptions.insert(response.subscribed.subscriptionID)
    }
    XCTAssertEqual(subscriptions.count, count)
    XCTAssertLessThanOrEqual(
      h.server.publishVisits - subscribing, count,
      "each Subscribe visits only itself (was quadratic)")
    let waiting = h.server.publishVisits
    var waits: Set<UInt64> = []
    for _ in 0..<count { waits.insert(h.send(reader) { $0.waitIdle.windowID = busy }) }
    XCTAssertEqual(reader.takeResponses().filter { waits.contains($0.requestID) }.count, 0)
    XCTAssertLessThanOrEqual(
      h.server.publishVisits - waiting, count, "each WaitIdle is checked once when it comes")

    // Requests about the other window look at none of them.
    let before = h.server.publishVisits
    for title in ["One", "Two", "Three"] {
      let response = h.call(writer) {
        $0.resizeWindow.windowID = other
        $0.resizeWindow.metrics.size.width = title == "Two" ? 844 : 390
        $0.resizeWindow.metrics.size.height = title == "Two" ? 390 : 844
        $0.resizeWindow.notAnimated = true
      }
      XCTAssertEqual(response?.error.code, .unspecified, response?.error.message ?? "")
    }
    XCTAssertEqual(
      h.server.publishVisits - before, 0, "nothing follows or waits on the other window")
    XCTAssertTrue(reader.takeEvents().isEmpty)

    // The busy window ends its push: every subscription hears it and every
    // waiter is answered, each once.
    let ending = h.server.publishVisits
    _ = h.call(writer) {
      $0.advanceClock.windowID = busy
      $0.advanceClock.seconds = 1
    }
    let answered = reader.takeResponses().filter { waits.contains($0.requestID) }
    XCTAssertEqual(answered.count, count)
    XCTAssertTrue(answered.allSatisfy { $0.window.id == busy && $0.window.idle })
    let events = reader.takeEvents()
    XCTAssertEqual(Set(events.map(\.subscriptionID)), subscriptions)
    XCTAssertEqual(events.count % count, 0, "the same events for every subscription")
    XCTAssertEqual(h.server.publishVisits - ending, 2 * count)
  }

  func testAResumedSubscriptionGetsItsBacklogOnce() throws {
    let h = manySubscribers()
    let writer = h.connect()
    let window = h.buildNavigation(writer)
    _ = h.call(writer) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
      $0.push.notAnimated = true
    }
    let reader = h.connect()
    let response = try XCTUnwrap(
      h.call(reader) {
        $0.subscribe.windowID = window
        $0.subscribe.events = true
        $0.subscribe.fromSeq = 0
      })
    XCTAssertFalse(response.subscribed.snapshotRequired)
    let backlog = reader.takeEvents().map(\.seq)
    XCTAssertEqual(backlog.first, 1)
    XCTAssertEqual(backlog, Array(1...UInt64(backlog.count)), "every event, in order, once")
    _ = h.call(writer) { $0.sync = Curtain_V1_Sync() }
    XCTAssertTrue(reader.takeEvents().isEmpty, "nothing twice")
  }
}
