// What the daemon keeps of a session's past (docs/protocol.md, "The past";
// issue 38): the inputs that changed it, each with its clock time (the
// journal's records, `curtain.v1.JournalEntry`), cut into segments that
// each start from an image of the session (the snapshot every store keeps,
// SessionImage.swift) or from nothing (a session the first of its records
// creates, or the empty "default" of a fresh daemon). Replaying a segment's
// records from its image in a scratch server (Past.swift, the restore path)
// gives the session at any moment after the image.
//
// It is kept in memory by every daemon, ephemeral or durable: a durable
// daemon's journal is cut at each of its snapshots, so it holds less than
// the event rings the past is looked up by, and an ephemeral one has none.
// A durable daemon's history starts with what its restore read (the
// snapshot and the records after it) and so reaches back across a restart.
//
// The history is bounded: a new segment starts once the current one has
// `segmentRecords` records and the session is quiescent (a snapshot needs
// that), and the oldest segment is dropped once the session keeps more than
// `recordsKept` records in the others. So a moment costs at most a
// segment's replay (`segmentRecords`, more only while the session is never
// quiescent), and memory stays within about `recordsKept` records and
// `recordsKept / segmentRecords + 1` images per session, kept without the
// events of their logs (PastHistory.withoutEvents).

import CurtainCore
import CurtainWire

/// The recorded past of one session.
struct SessionHistory {
  /// Where a window was at the start of a segment.
  struct Mark: Equatable {
    /// Its newest event's sequence number.
    var seq: UInt64
    /// Its model time.
    var time: Double
  }

  /// Records replayed from one state of the session.
  struct Segment {
    /// The session at the segment's start (`nil`: as a fresh server has it,
    /// absent or the empty "default").
    var base: SessionImage?
    /// The session's windows at that start.
    var marks: [WindowID: Mark]
    /// The records after it, in order.
    var records: [Curtain_V1_JournalEntry] = []
  }

  /// The segments, oldest first; never empty.
  private(set) var segments: [Segment]
  /// Records in all segments.
  private(set) var recordCount = 0
  /// The inputs counted before the oldest segment's first record (those
  /// dropped): input numbers count every record since the history started
  /// (a recording's `from_input`, Server+Recording.swift).
  private(set) var firstInput: UInt64 = 0

  /// The number the next record will have: the inputs counted so far.
  var endInput: UInt64 { firstInput + UInt64(recordCount) }

  /// A history starting at `base` (`nil`: a fresh server's session).
  init(base: SessionImage?, marks: [WindowID: Mark]) {
    segments = [Segment(base: base, marks: marks)]
  }

  /// The marks of a live session's windows.
  static func marks(of session: Session) -> [WindowID: Mark] {
    var marks: [WindowID: Mark] = [:]
    for window in session.orderedWindows {
      marks[window.id] = Mark(seq: window.log.lastSeq, time: window.time)
    }
    return marks
  }

  /// Adds a record to the newest segment.
  mutating func append(_ record: Curtain_V1_JournalEntry) {
    segments[segments.count - 1].records.append(record)
    recordCount += 1
  }

  /// Whether the newest segment is full (a new one should start when the
  /// session is quiescent).
  func isFull(segmentRecords: Int) -> Bool {
    segments[segments.count - 1].records.count >= segmentRecords
  }

  /// Starts a segment at `base`, and drops the oldest segments while the
  /// others keep at least `recordsKept` records.
  mutating func startSegment(
    base: SessionImage, marks: [WindowID: Mark], recordsKept: Int
  ) {
    segments.append(Segment(base: base, marks: marks))
    while segments.count > 1, recordCount - segments[0].records.count >= recordsKept {
      let dropped = segments.removeFirst().records.count
      recordCount -= dropped
      firstInput += UInt64(dropped)
    }
  }

  /// The segment to replay for the moment right after `window`'s event
  /// `seq`: the newest whose start is before that event (the window's
  /// newest event then is older, or the window did not exist yet). `nil`
  /// when the event is older than every segment's start.
  func segment(forSeq seq: UInt64, of window: WindowID) -> Segment? {
    segmentIndex(forSeq: seq, of: window).map { segments[$0] }
  }

  /// The segment to replay for `window` at model time `time`: the newest
  /// that starts at that time or before.
  func segment(forTime time: Double, of window: WindowID) -> Segment? {
    segments.last { segment in segment.marks[window].map { $0.time <= time } ?? true }
  }

  /// The index of the newest segment that starts at input `number` or
  /// before; `nil` when `number` is older than every segment's start.
  func segmentIndex(forInput number: UInt64) -> Int? {
    guard number >= firstInput else { return nil }
    var first = firstInput
    var found = 0
    for (index, segment) in segments.enumerated() {
      guard first <= number else { break }
      found = index
      first += UInt64(segment.records.count)
    }
    return found
  }

  /// The index of the segment `segment(forSeq:of:)` gives.
  func segmentIndex(forSeq seq: UInt64, of window: WindowID) -> Int? {
    segments.lastIndex { segment in segment.marks[window].map { $0.seq < seq } ?? true }
  }

  /// The number of the first record of segment `index`.
  func firstInput(ofSegment index: Int) -> UInt64 {
    firstInput + UInt64(segments[..<index].reduce(0) { $0 + $1.records.count })
  }

  /// The records from the start of segment `index` to the newest, in order.
  func records(fromSegment index: Int) -> [Curtain_V1_JournalEntry] {
    segments[index...].flatMap(\.records)
  }

  /// The oldest moment of `window` kept: where it was at the oldest
  /// segment's start (`nil`: it did not exist then, so all its past is
  /// kept).
  func oldest(of window: WindowID) -> Mark? {
    segments[0].marks[window]
  }
}
