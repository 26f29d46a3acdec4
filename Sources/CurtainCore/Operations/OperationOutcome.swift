// What became of an operation, reported by the core itself. Whichever call
// makes an operation start, complete or fail (a submission, a step of the
// clock that ends a transition and starts the next queued operation, an
// interaction let go, a client gone, a window closed), the session records an
// `OperationOutcome` at that moment, in the order they happen. The owner
// takes them with `Session.takeOutcomes()` and answers whoever waits for an
// operation by its id: the answer never depends on reading the event log,
// whose ring may already have dropped the events.
//
// Outcomes are kept until they are taken; an owner that never asks for them
// should take them now and then all the same (the daemon takes them after
// every request and every tick).

/// The start, completion or failure of an operation.
public struct OperationOutcome: Hashable, Sendable {
  /// Which of the three this is.
  public enum Phase: Hashable, Sendable {
    /// The operation started: its change is committed and its transition,
    /// if it has one, began.
    case started
    /// The operation completed; `cancelled` when its transition was
    /// cancelled (an interaction let go backwards).
    case completed(cancelled: Bool)
    /// The operation could not start when its turn came, or its window was
    /// closed before it completed.
    case failed(CurtainError)
  }

  /// The operation.
  public let operation: OperationID
  /// The window running it; `nil` for controllers in no window.
  public let window: WindowID?
  /// Started, completed or failed.
  public let phase: Phase
  /// The window's revision right after this phase (0 in no window).
  public let revision: UInt64
  /// The transition it started, if it started one.
  public let transition: TransitionID?
  /// The controllers it removed from their container (popped, replaced
  /// pages and tabs, an unwind's path); none once its transition was
  /// cancelled, since they stayed.
  public let removed: [ControllerID]
  /// The controllers it created, in creation order: a segue's destination
  /// with the controllers its scene embeds, the More navigation controller
  /// and its list when tabs overflow.
  public let created: [ControllerID]
  /// A segue's destination: the controller instantiated, or the one the
  /// unwind search found.
  public let destination: ControllerID?
  /// Whether a triggered segue was declined by `shouldPerformSegue`.
  public let declined: Bool
  /// Whether it changed nothing (popping a root, dismissing when nothing
  /// is presented).
  public let unchanged: Bool
  /// A tap's target and effect (Window+Tap.swift).
  public let tap: TapHit?
  /// Whether it left the animator it was given unused: a presentation or
  /// dismissal whose style is not fullScreen or custom keeps its built-in
  /// look (SEMANTICS §5).
  public let animatorNotUsed: Bool

  init(
    operation: OperationID, window: WindowID?, phase: Phase, revision: UInt64,
    transition: TransitionID? = nil, removed: [ControllerID] = [],
    created: [ControllerID] = [], destination: ControllerID? = nil, declined: Bool = false,
    unchanged: Bool = false, tap: TapHit? = nil, animatorNotUsed: Bool = false
  ) {
    self.operation = operation
    self.window = window
    self.phase = phase
    self.revision = revision
    self.transition = transition
    self.removed = removed
    self.created = created
    self.destination = destination
    self.declined = declined
    self.unchanged = unchanged
    self.tap = tap
    self.animatorNotUsed = animatorNotUsed
  }
}

extension Session {
  /// The outcomes recorded since the last call, oldest first; they are
  /// forgotten once taken.
  public func takeOutcomes() -> [OperationOutcome] {
    defer { outcomes = [] }
    return outcomes
  }

  /// The windows whose event logs grew since the last call, so that a
  /// publisher visits only what changed (a closed window's last events
  /// count too).
  /// Whether anything happened since the daemon last took what there is
  /// to publish: events in a window, operations that ended, events of no
  /// window (a cheap test before looking at each).
  public var hasUnpublishedChanges: Bool {
    !windowsWithNewEvents.isEmpty || !outcomes.isEmpty
      || detachedLog.lastSeq != detachedSeqTaken
  }

  /// Whether the log of events of no window grew since the last call.
  public func takeDetachedLogGrowth() -> Bool {
    defer { detachedSeqTaken = detachedLog.lastSeq }
    return detachedLog.lastSeq > detachedSeqTaken
  }

  public func takeWindowsWithNewEvents() -> Set<WindowID> {
    defer { windowsWithNewEvents = [] }
    return windowsWithNewEvents
  }

  /// Records what became of an operation.
  func record(_ outcome: OperationOutcome) {
    outcomes.append(outcome)
  }

  /// Runs `body` and returns its result with the ids of the controllers
  /// created meanwhile that still exist (a tentative creation that was
  /// rolled back does not count), in creation order: `reserved`, an id set
  /// aside earlier (a queued segue's destination), if it came to exist,
  /// then the ids `body` took. Ids are handed out in order and never
  /// reused, so those are the ones between the counter before and after.
  func recordingCreations<T>(reserving reserved: ControllerID? = nil, _ body: () throws -> T)
    rethrows -> (T, [ControllerID])
  {
    let first = ids.counters.controller
    let reservedExisted = reserved.map { controllers[$0] != nil } ?? true
    let result = try body()
    var created: [ControllerID] = []
    if let reserved, !reservedExisted, controllers[reserved] != nil { created.append(reserved) }
    for raw in first..<ids.counters.controller where controllers[ControllerID(raw)] != nil {
      created.append(ControllerID(raw))
    }
    return (result, created)
  }
}
