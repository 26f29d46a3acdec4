// The past's bookkeeping alone (PastHistory.swift, SessionHistory.swift),
// without a server: records go to their session's newest segment, a new
// segment starts only once the current one is full and the session is
// quiescent, the oldest goes once the others keep the bound, and a moment
// finds the newest segment that starts before it. PastTests drive the
// replay through a real daemon.

import CurtainWire
import XCTest

@testable import CurtainCore
@testable import CurtainDaemon

final class PastHistoryTests: XCTestCase {
  private func entry(_ clock: Double) -> Curtain_V1_JournalEntry {
    var entry = Curtain_V1_JournalEntry()
    entry.clock = clock
    entry.settled = Curtain_V1_Settled()
    return entry
  }

  private func image(_ session: Session) -> SessionImage? {
    (try? session.snapshot()).map { SessionImage(clock: 0, session: $0, windows: []) }
  }

  func testSegmentsStartWhenFullAndQuiescentAndTheOldestGoesPastTheBound() throws {
    let history = PastHistory(recordsKept: 4, segmentRecords: 2)
    let session = Session(name: "s")
    let live = ["s": session]
    var images = 0
    func record(_ clock: Double) {
      history.record(entry(clock), session: "s", live: live) {
        images += 1
        return self.image(live[$0]!)
      }
    }
    record(1)
    XCTAssertEqual(history["s"]?.segments.count, 1)
    XCTAssertNil(history["s"]?.segments[0].base, "a session's first record starts from nothing")
    record(2)
    XCTAssertEqual(history["s"]?.segments.map(\.records.count), [2, 0])
    XCTAssertEqual(images, 1)
    for clock in 3...8 { record(Double(clock)) }
    // Segments of 2; the oldest went once the others kept 4.
    XCTAssertEqual(history["s"]?.segments.map(\.records.count), [2, 2, 0])
    XCTAssertEqual(history["s"]?.segments[0].records.map(\.clock), [5, 6])
    XCTAssertEqual(history["s"]?.recordCount, 4)
    history.drop("s")
    XCTAssertNil(history["s"])
  }

  func testABusySessionKeepsItsSegmentOpen() throws {
    let history = PastHistory(recordsKept: 100, segmentRecords: 1)
    let session = Session(name: "s")
    for clock in 1...3 {
      history.record(entry(Double(clock)), session: "s", live: ["s": session]) { _ in nil }
    }
    // No image (a busy session has none): one segment holds them all.
    XCTAssertEqual(history["s"]?.segments.map(\.records.count), [3])
  }

  func testARecordOfEverySessionGoesToEach() {
    let history = PastHistory(recordsKept: 100, segmentRecords: 100)
    let live = ["a": Session(name: "a"), "b": Session(name: "b")]
    history.record(entry(1), session: "a", live: live) { _ in nil }
    history.record(entry(2), session: "", live: live) { _ in nil }
    XCTAssertEqual(history["a"]?.recordCount, 2)
    XCTAssertEqual(history["b"]?.recordCount, 1)
  }

  func testAMomentFindsTheNewestSegmentStartingBeforeIt() throws {
    let window = WindowID(1)
    var history = SessionHistory(base: nil, marks: [:])
    let session = Session(name: "s")
    let base = try XCTUnwrap(image(session))
    history.append(entry(1))
    history.startSegment(
      base: base, marks: [window: .init(seq: 10, time: 1)], recordsKept: 100)
    history.append(entry(2))
    history.startSegment(
      base: base, marks: [window: .init(seq: 20, time: 2)], recordsKept: 100)
    XCTAssertEqual(history.segment(forSeq: 5, of: window)?.records.map(\.clock), [1])
    XCTAssertEqual(history.segment(forSeq: 10, of: window)?.records.map(\.clock), [1])
    XCTAssertEqual(history.segment(forSeq: 11, of: window)?.records.map(\.clock), [2])
    XCTAssertEqual(history.segment(forSeq: 21, of: window)?.records.count, 0)
    XCTAssertEqual(history.segment(forTime: 1.5, of: window)?.records.map(\.clock), [2])
    XCTAssertEqual(history.segment(forTime: 2, of: window)?.records.count, 0)
    XCTAssertNil(history.oldest(of: window), "the window did not exist at the oldest start")
    // Once the first segment is gone, an older moment is no longer kept.
    history.startSegment(base: base, marks: [window: .init(seq: 30, time: 3)], recordsKept: 1)
    XCTAssertEqual(history.oldest(of: window), .init(seq: 10, time: 1))
    XCTAssertNil(history.segment(forSeq: 10, of: window))
    XCTAssertNil(history.segment(forTime: 0.9, of: window))
    XCTAssertEqual(history.segment(forSeq: 11, of: window)?.records.map(\.clock), [2])
  }
}
