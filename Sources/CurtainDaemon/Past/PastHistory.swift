// The pasts of the daemon's sessions (SessionHistory.swift): every input
// the journal would record goes here too, with or without a journal, and a
// new segment starts from an image of the session once the current one is
// full and the session is quiescent. A server part: it owns its state and
// is changed through its methods (`PastHistoryTests` drive it alone).

import CurtainCore
import CurtainWire

/// What the daemon keeps of its sessions' past.
final class PastHistory {
  /// Records kept per session before the oldest segment goes
  /// (`ServerConfiguration.pastRecords`).
  let recordsKept: Int
  /// Records per segment: a moment costs at most this many replayed.
  let segmentRecords: Int
  /// The sessions' histories, by name.
  private(set) var sessions: [String: SessionHistory] = [:]

  /// A history keeping `recordsKept` records per session in segments of
  /// `segmentRecords`.
  init(recordsKept: Int, segmentRecords: Int) {
    self.recordsKept = max(1, recordsKept)
    self.segmentRecords = max(1, segmentRecords)
  }

  /// Starts `name`'s history at `base` (a restored or claimed session),
  /// forgetting any it had.
  func start(_ name: String, base: SessionImage?, marks: [WindowID: SessionHistory.Mark]) {
    sessions[name] = SessionHistory(base: base.map(Self.withoutEvents), marks: marks)
  }

  /// `image` without the events its logs keep (their newest numbers stay):
  /// a replay needs the numbers only, and the events would make each image
  /// as large as the session's rings.
  static func withoutEvents(_ image: SessionImage) -> SessionImage {
    var image = image
    for index in image.session.windows.indices {
      image.session.windows[index].events.events = []
    }
    image.session.detachedEvents.events = []
    return image
  }

  /// Adds a record of `name` ("": of every session in `live`), starting a
  /// session's history from nothing when it has none (the record creates
  /// it, or it is a fresh server's "default"). `image` takes the image of a
  /// quiescent live session when its segment is full.
  func record(
    _ entry: Curtain_V1_JournalEntry, session name: String, live: [String: Session],
    image: (String) -> SessionImage?
  ) {
    let names = name.isEmpty ? Array(live.keys) : [name]
    for name in names {
      sessions[name, default: SessionHistory(base: nil, marks: [:])].append(entry)
      guard let history = sessions[name], history.isFull(segmentRecords: segmentRecords),
        let session = live[name], session.isQuiescent, let base = image(name)
      else { continue }
      sessions[name]?.startSegment(
        base: Self.withoutEvents(base), marks: SessionHistory.marks(of: session),
        recordsKept: recordsKept)
    }
  }

  /// Forgets a session (killed, or gone to another node).
  func drop(_ name: String) {
    sessions[name] = nil
  }

  /// `name`'s history.
  subscript(name: String) -> SessionHistory? {
    sessions[name]
  }
}
