import XCTest

@testable import CurtainCore

// An event log's two limits (EventLog.swift): at most `capacity` events and
// at most `byteLimit` bytes of them, as the log's `EventFootprint` counts
// them (here a measure of the tests' own: the slot, the trace id's bytes
// and 8 per listed controller; the daemon's, glibc's blocks, is tested in
// EventRingBytesTests). Past either limit, the oldest events go exactly as
// they go past the count: the sequence numbers stay gap-free,
// `events(after:)` answers nil for a seq that left, and the newest event
// always stays.

final class EventLogLimitTests: XCTestCase {
  private let measure = EventFootprint(name: "test") { event in
    var bytes = Event.inlineBytes + (event.traceID?.utf8.count ?? 0)
    if case .hierarchy(.viewControllersChanged(_, let list)) = event.kind {
      bytes += 8 * list.count
    }
    return bytes
  }

  private func event(_ seq: UInt64, trace: String? = nil, list: Int = 0) -> Event {
    let kind: EventKind =
      list > 0
      ? .hierarchy(
        .viewControllersChanged(ControllerID(1), (0..<list).map { ControllerID(UInt64($0)) }))
      : .lifecycle(ControllerID(seq), .viewDidLoad)
    return Event(
      seq: seq, windowID: WindowID(1), revision: seq, traceID: trace, time: 0, kind: kind)
  }

  func testAnEventIsSmallAndCountsItsSlotByDefault() {
    // The large payloads are boxed: a slot is the size of a common event.
    XCTAssertLessThanOrEqual(Event.inlineBytes, 112)
    XCTAssertEqual(EventFootprint.slots.bytes(event(1, list: 100)), Event.inlineBytes)
    XCTAssertEqual(SessionConfiguration().eventFootprint, .slots)
  }

  func testTheByteLimitHoldsAndDropsTheOldestAsTheCountDoes() {
    let limit = 20 * Event.inlineBytes
    var log = EventLog(capacity: 1_000, byteLimit: limit, footprint: measure)
    var random = SplitMix64(seed: 13)
    for seq in 1...5_000 as ClosedRange<UInt64> {
      let big = random.chance(0.1)
      let appended = log.append { next in
        event(
          next, trace: random.chance(0.3) ? String(repeating: "x", count: random.int(64)) : nil,
          list: big ? random.int(in: 1...30) : 0)
      }
      XCTAssertEqual(appended.seq, seq)
      XCTAssertLessThanOrEqual(log.bytes, limit, "seq \(seq)")
      XCTAssertEqual(log.lastSeq, seq)
      let kept = log.events(after: log.firstKeptSeq - 1)!
      XCTAssertEqual(kept.count, log.keptCount)
      XCTAssertEqual(kept.map(\.seq), Array(log.firstKeptSeq...seq), "gap-free, newest last")
      XCTAssertEqual(kept.map(measure.bytes).reduce(0, +), log.bytes)
      if log.firstKeptSeq > 1 { XCTAssertNil(log.events(after: log.firstKeptSeq - 2)) }
    }
    XCTAssertLessThanOrEqual(log.keptCount, 20)
    XCTAssertGreaterThan(log.keptCount, 5)
  }

  func testTheNewestEventStaysWhateverItsSize() {
    var log = EventLog(capacity: 10, byteLimit: 10, footprint: measure)
    log.append { event($0, list: 500) }
    log.append { event($0, list: 500) }
    XCTAssertEqual(log.keptCount, 1)
    XCTAssertEqual(log.firstKeptSeq, 2)
    XCTAssertNil(log.events(after: 0))
    XCTAssertEqual(log.events(after: 1)?.map(\.seq), [2])
  }

  func testTheCountLimitStillHolds() {
    var log = EventLog(capacity: 3)
    for _ in 1...10 { log.append { event($0) } }
    XCTAssertEqual(log.events(after: 7)?.map(\.seq), [8, 9, 10])
    XCTAssertNil(log.events(after: 6))
    XCTAssertEqual(log.bytes, 3 * Event.inlineBytes)
  }

  func testDiscardAndRestoreKeepTheAccounts() throws {
    var log = EventLog(capacity: 100, byteLimit: 10 * Event.inlineBytes, footprint: measure)
    for _ in 1...30 { log.append { event($0) } }
    log.discard(after: 27)
    XCTAssertEqual(log.lastSeq, 27)
    XCTAssertEqual(log.events(after: 20)?.map(\.seq), Array(21...27))
    XCTAssertNil(log.events(after: 19))
    XCTAssertEqual(log.bytes, 10 * Event.inlineBytes - 3 * Event.inlineBytes)
    log.append { event($0) }
    XCTAssertEqual(log.lastSeq, 28)

    let restored = try EventLog(
      capacity: 100, byteLimit: 4 * Event.inlineBytes, footprint: measure,
      restoring: log.snapshot)
    XCTAssertEqual(restored.lastSeq, 28)
    XCTAssertEqual(restored.events(after: 24)?.map(\.seq), [25, 26, 27, 28])
    XCTAssertNil(restored.events(after: 23))
    XCTAssertEqual(restored.bytes, 4 * Event.inlineBytes)
  }
}
