// Resuming a subscription after a reconnect (docs/protocol.md §4, Resume
// and snapshots): every event carries its window's gap-free `seq`, so a
// client that remembers the last seq it delivered per window can subscribe
// again with `from_seq` and get exactly what it missed. The daemon applies
// one `from_seq` to every window of a session-wide subscription, so the
// cursor asks from the smallest and drops what it already delivered: no
// event is lost, none is delivered twice.
//
// What counts as delivered before the first event of a window: for a
// window subscription, its `from_seq` (or the window's last seq when the
// daemon answered `snapshot_required`, or without `from_seq`); for a
// session-wide one, the seq of each window in `snapshots`, and the
// baselines the client learnt before subscribing (`ListWindows`'
// `last_seq`, which can only be at or before the subscription's start).
// A window of a session-wide subscription of which nothing is known
// (created meanwhile) is replayed from the smallest cursor; events of it
// that predate the subscription may come then, never twice.

/// The resume state of one subscription.
public struct ResumeCursor: Sendable, Equatable {
  /// The Subscribe it was made with.
  public private(set) var request: Curtain_V1_Subscribe
  /// The last seq delivered (or known to precede the subscription) per
  /// window id; 0 is the session's log of controllers in no window.
  public private(set) var lastSeq: [UInt64: UInt64] = [:]
  /// The `from_seq` a session-wide subscription started from, if any.
  private var sessionStart: UInt64?

  /// The cursor of a subscription `request` answered by `result`;
  /// `baselines`: windows' last seqs read before subscribing (session-wide
  /// subscriptions without `from_seq`).
  public init(
    request: Curtain_V1_Subscribe, result: Curtain_V1_SubscribeResult,
    baselines: [UInt64: UInt64] = [:]
  ) {
    self.request = request
    if request.windowID != 0 {
      let start =
        request.hasFromSeq && !result.snapshotRequired ? request.fromSeq : result.lastSeq
      lastSeq[request.windowID] = start
    } else {
      lastSeq = baselines
      sessionStart = request.hasFromSeq ? request.fromSeq : nil
    }
    record(result)
  }

  /// Whether `event` is new (and then remembers it); false for one already
  /// delivered. Events without a seq (live notices outside the log) are
  /// always new.
  public mutating func accept(_ event: WireEvent) -> Bool {
    guard event.seq != 0 else { return true }
    if let last = lastSeq[event.windowID], event.seq <= last { return false }
    lastSeq[event.windowID] = event.seq
    return true
  }

  /// The Subscribe that continues after what was delivered.
  public var resumeRequest: Curtain_V1_Subscribe {
    var resume = request
    resume.snapshot = false
    if request.windowID != 0 {
      resume.fromSeq = lastSeq[request.windowID] ?? 0
    } else {
      let known = lastSeq.filter { $0.key != 0 }.values
      resume.fromSeq = ([sessionStart].compactMap { $0 } + known).min() ?? 0
    }
    return resume
  }

  /// Takes the answer to `resumeRequest`: a window whose events after the
  /// cursor left the daemon's ring comes as a snapshot, and continues from
  /// its seq.
  public mutating func resumed(_ result: Curtain_V1_SubscribeResult) {
    record(result)
  }

  private mutating func record(_ result: Curtain_V1_SubscribeResult) {
    for tree in result.snapshots {
      lastSeq[tree.window.id] = max(lastSeq[tree.window.id] ?? 0, tree.window.lastSeq)
    }
  }
}
