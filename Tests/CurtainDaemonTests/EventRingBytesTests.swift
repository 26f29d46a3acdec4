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
  /// The daemon counts an event by its slot and the heap blocks glibc
  /// gives its strings, lists and boxes (EventFootprint+Glibc.swift).
  func testAnEventCountsItsSlotAndItsHeapBlocks() {
    func event(trace: String? = nil, list: Int = 0) -> Event {
      let kind: EventKind =
        list > 0
        ? .hierarchy(
          .viewControllersChanged(ControllerID(1), (0..<list).map { ControllerID(UInt64($0)) }))
        : .lifecycle(ControllerID(1), .viewDidLoad)
      return Event(seq: 1, windowID: WindowID(1), revision: 1, traceID: trace, time: 0, kind: kind)
    }
    let glibc = EventFootprint.glibc
    XCTAssertEqual(glibc.bytes(event()), Event.inlineBytes)
    XCTAssertEqual(glibc.bytes(event(trace: "short")), Event.inlineBytes)
    XCTAssertGreaterThan(
      glibc.bytes(event(trace: String(repeating: "t", count: 40))), Event.inlineBytes + 40)
    XCTAssertGreaterThan(glibc.bytes(event(list: 100)), Event.inlineBytes + 800)
    XCTAssertEqual(ServerHarness().server.sessionConfiguration().eventFootprint, .glibc)
  }

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
