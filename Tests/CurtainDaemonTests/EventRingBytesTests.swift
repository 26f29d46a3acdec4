import CurtainCore
import CurtainWire
import XCTest

@testable import CurtainDaemon

// `--event-ring-bytes` (ServerConfiguration.eventRingBytes): a window's ring
// keeps at most that many bytes of events however many events the count
// limit allows; a subscriber resuming from an event that left for the byte
// limit gets a snapshot, as for one that left for the count; `GetStatus`
// shows both limits and the fullest ring.

final class EventRingBytesTests: XCTestCase {
  func testTheByteLimitHoldsAndResumingFromADroppedEventGetsASnapshot() {
    let limit = 4_096
    let h = ServerHarness {
      $0.eventRing = 100_000
      $0.eventRingBytes = limit
    }
    let link = h.connect()
    let window = h.buildNavigation(link)
    for _ in 0..<50 {
      _ = h.call(link) {
        $0.push.navigation = ref("Nav")
        $0.push.controller = ref("B")
        $0.push.notAnimated = true
      }
      _ = h.call(link) {
        $0.pop.navigation = ref("Nav")
        $0.pop.notAnimated = true
      }
    }
    let session = h.server.sessions["default"]!
    let log = session.windows[WindowID(window)]!.log
    XCTAssertLessThanOrEqual(log.bytes, limit)
    XCTAssertGreaterThan(log.lastSeq, UInt64(log.keptCount), "the byte limit dropped events")
    XCTAssertLessThan(log.keptCount, 100_000)

    let kept = h.call(link) {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
      $0.subscribe.fromSeq = log.firstKeptSeq - 1
    }
    XCTAssertEqual(kept?.subscribed.snapshotRequired, false)
    XCTAssertEqual(
      link.takeEvents().map(\.seq), Array(log.firstKeptSeq...log.lastSeq),
      "every event still kept")
    let dropped = h.call(link) {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
      $0.subscribe.fromSeq = log.firstKeptSeq - 2
    }
    XCTAssertEqual(dropped?.subscribed.snapshotRequired, true)
    XCTAssertEqual(dropped?.subscribed.snapshots.first?.root.identifier, "Nav")

    let limits = h.call(link) { $0.getStatus = .init() }!.status.limits
    let bytes = limits.first { $0.name == "event-ring-bytes" }
    XCTAssertEqual(bytes?.value, Double(limit))
    XCTAssertEqual(bytes?.used, Double(log.bytes))
    XCTAssertEqual(limits.first { $0.name == "event-ring" }?.value, 100_000)
  }

  func testTheDefaultKeepsAboutTwoHundredKilobytesPerWindow() {
    XCTAssertEqual(ServerConfiguration().eventRingBytes, 192 << 10)
    XCTAssertEqual(ServerConfiguration().eventRing, 10_000)
  }
}
