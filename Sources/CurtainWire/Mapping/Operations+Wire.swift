// The answers about operations and transitions: an operation's result from
// its ticket (at acceptance) and from its outcomes (once it started or
// completed), a segue's result around it, and a transition's state after a
// request that drives it.

public import CurtainCore

extension Curtain_V1_OperationResult {
  /// The answer to an operation as its ticket says: queued, started or done.
  public init(_ ticket: OperationTicket) {
    self.init()
    operationID = ticket.operation.rawValue
    windowID = ticket.window?.rawValue ?? 0
    queuePosition = UInt32(clamping: ticket.position)
    revision = ticket.revision
    transitionID = ticket.transition?.rawValue ?? 0
    completed = ticket.isCompleted
    removedIds = ticket.removed.map(\.rawValue)
    createdIds = ticket.created.map(\.rawValue)
    unchanged = ticket.unchanged
    delegateCallID = ticket.delegateCall ?? 0
    animatorNotUsed = ticket.animatorNotUsed
    if let hit = ticket.tap { tap = Curtain_V1_TapHit(hit) }
  }

  /// Brings the answer up to date with what became of the operation since
  /// (a failure is answered with its error instead).
  public mutating func update(with outcome: OperationOutcome) {
    queuePosition = 0
    delegateCallID = 0
    revision = outcome.revision
    transitionID = outcome.transition?.rawValue ?? 0
    removedIds = outcome.removed.map(\.rawValue)
    createdIds = outcome.created.map(\.rawValue)
    unchanged = outcome.unchanged
    animatorNotUsed = outcome.animatorNotUsed
    if let hit = outcome.tap { tap = Curtain_V1_TapHit(hit) }
    if case .completed(let cancelled) = outcome.phase {
      completed = true
      self.cancelled = cancelled
    }
  }
}

extension Curtain_V1_SegueResult {
  /// A segue's answer as its operation's ticket says; `operation` is left
  /// for the caller to fill in.
  public init(_ ticket: OperationTicket) {
    self.init()
    performed = !ticket.declined
    destinationID = ticket.destination?.rawValue ?? 0
  }

  /// Brings the answer up to date with the segue's start: whether
  /// `shouldPerformSegue` declined it, and its destination.
  public mutating func update(with outcome: OperationOutcome) {
    performed = !outcome.declined
    destinationID = outcome.destination?.rawValue ?? 0
  }
}

extension Curtain_V1_TransitionResult {
  /// The state of transition `id` after a request about it: its fraction
  /// while it runs in `window`, 1 once it ended (or when no window runs it).
  public init(_ id: TransitionID, in window: Window?, accepted: Bool) {
    self.init()
    transitionID = id.rawValue
    if let window, let transition = window.transition(id) {
      percent = transition.percentComplete(at: window.time)
      interactive = transition.isInteractive
    } else {
      percent = 1
    }
    self.accepted = accepted
  }
}

extension Curtain_V1_TransitionInfo {
  /// A running `transition` of `window` as it is at the window's time; the
  /// owner's name is the daemon's to add.
  public init(_ transition: Transition, in window: Window) {
    self.init()
    transitionID = transition.id.rawValue
    windowID = window.id.rawValue
    kind = transition.kind.rawValue
    containerID = transition.container.rawValue
    fromID = transition.context.fromController?.rawValue ?? 0
    toID = transition.context.toController?.rawValue ?? 0
    percent = transition.percentComplete(at: window.time)
    interactive = transition.isInteractive
    animated = transition.context.isAnimated
    duration = transition.duration
    ownerClientID =
      (transition.isInteractive ? transition.owner : transition.initiator)?.rawValue ?? 0
  }
}

extension Curtain_V1_TapHit {
  /// The wire form of what a tap reached and did.
  public init(_ hit: TapHit) {
    self.init()
    point = Curtain_V1_Point(hit.point)
    viewID = hit.view.rawValue
    role = hit.role.rawValue
    controllerID = hit.controller?.rawValue ?? 0
    switch hit.effect {
    case .none:
      effect = .none
    case .passthrough(let presented):
      effect = .passthrough
      presentedID = presented.rawValue
    case .dismissed(let presented):
      effect = .dismissed
      presentedID = presented.rawValue
    case .refused(let presented):
      effect = .refused
      presentedID = presented.rawValue
    case .selected(let tabBar, let tab):
      (effect, tabBarID, tabID) = (.selected, tabBar.rawValue, tab.rawValue)
    case .reselected(let tabBar, let tab):
      (effect, tabBarID, tabID) = (.reselected, tabBar.rawValue, tab.rawValue)
    case .selectionDeclined(let tabBar, let tab):
      (effect, tabBarID, tabID) = (.declined, tabBar.rawValue, tab.rawValue)
    }
  }
}
