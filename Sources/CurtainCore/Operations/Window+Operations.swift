// The window's operation queue: submit, start, complete, and start the next
// waiting operation once the window is idle again.

extension Window {
  /// Submits an operation: it starts now when the window is idle, else it
  /// waits in the queue. Fails (changing nothing) with `CONFLICT` on a
  /// revision mismatch, `BUSY` when the queue is full, or the operation's
  /// own error when it starts now and cannot.
  func submit(_ operation: WindowOperation, options: OperationOptions) throws -> OperationTicket {
    if let expected = options.expectedRevision, expected != revision {
      throw CurtainError(
        .conflict, "Window \(id) is at revision \(revision), not \(expected)")
    }
    try session.validateStatically(operation, in: self)
    if isIdle {
      let id = session.ids.operation()
      return try session.withActiveWindow(self) {
        try startOrAsk(PendingOperation(id: id, operation: operation, options: options))
      }
    }
    let limit = session.configuration.operationQueueLimit
    guard queue.count < limit else {
      throw CurtainError(
        .busy,
        "Window \(id) is busy: \(limit) operation\(limit == 1 ? " is" : "s are") already waiting")
    }
    let pending = PendingOperation(
      id: session.ids.operation(), operation: operation, options: options,
      destination: session.reserveDestination(for: operation))
    queue.append(pending)
    session.withActiveWindow(self) {
      currentTraceID = options.traceID
      append(.operation(pending.id, .queued(position: queue.count)))
      currentTraceID = nil
    }
    return OperationTicket(
      queued: pending.id, window: id, position: queue.count, revision: revision,
      destination: pending.destination)
  }

  /// Prepares and runs an operation. Throws, changing nothing, when it
  /// cannot run.
  func start(_ pending: PendingOperation) throws -> OperationTicket {
    currentTraceID = pending.options.traceID
    defer { currentTraceID = nil }
    let (running, created) = try session.recordingCreations {
      // What was checked at submission may no longer hold when a queued
      // operation's turn comes: another window's transition may have taken
      // one of its controllers meanwhile.
      try session.checkNotHeldElsewhere(pending.operation, target: self)
      try session.validateStatically(pending.operation, in: self)
      let change = try prepare(pending)
      let running = RunningOperation(
        id: pending.id, traceID: pending.options.traceID, change: change)
      running.initiator = pending.options.owner
      running.interactionOwner = pending.interactionOwner
      commit()
      append(.operation(pending.id, .started))
      operationsInFlight[pending.id] = running
      let previous = currentOperation
      currentOperation = running
      isStartingOperation = true
      change.run()
      // A split view controller that the operation brought into the window
      // off screen (a hidden window) collapses or expands to the window's
      // size class now; one on screen did as it began to appear.
      updateSplitViewControllers()
      isStartingOperation = false
      currentOperation = previous
      return running
    }
    layout()
    running.created = created
    running.isStarting = false
    let started = running.outcome(.started, window: id, revision: revision)
    session.record(started)
    if let cancelled = running.completedWhileStarting {
      session.record(
        running.outcome(.completed(cancelled: cancelled), window: id, revision: revision))
    }
    let transitionRunning = running.transition.flatMap { transition($0) } != nil
    if !transitionRunning { finishOperation(pending.id, cancelled: false) }
    return OperationTicket(started: started, isCompleted: !transitionRunning)
  }

  /// Emits an operation's completion and records its outcome.
  func finishOperation(_ id: OperationID, cancelled: Bool) {
    guard let running = operationsInFlight.removeValue(forKey: id) else { return }
    let previous = currentTraceID
    currentTraceID = running.traceID
    let phase = OperationOutcome.Phase.completed(cancelled: cancelled)
    append(.operation(id, .completed(cancelled: cancelled, removed: running.removed(in: phase))))
    currentTraceID = previous
    if running.isStarting {
      running.completedWhileStarting = cancelled
    } else {
      session.record(
        running.outcome(.completed(cancelled: cancelled), window: self.id, revision: revision))
    }
  }

  /// `presentationControllerDidAttemptToDismiss`, for a pulled-down sheet
  /// whose adaptive delegate declined the dismissal.
  private func attemptedToDismiss(_ operation: WindowOperation) {
    guard case .beginInteractiveDismiss(let controller, _) = operation,
      let presentation = session.controllers[controller]?.dismissalTarget?.presentation
    else { return }
    presentation.presenting.emitPresentation(presentation.presented, .didAttemptToDismiss)
  }

  /// Starts waiting operations while the window is free. An operation that
  /// can no longer run when its turn comes fails with an event.
  func startQueuedOperations() {
    guard !isStartingOperation else { return }
    while transitions.isEmpty, awaitingDelegate == nil, !queue.isEmpty {
      run(queue.removeFirst())
    }
  }

  /// The change `pending` makes, as its delegates' answers shape it.
  func prepare(_ pending: PendingOperation) throws -> PreparedChange {
    if pending.isDeclinedByDelegate {
      return PreparedChange(declined: true, changesNothing: true) { [self] in
        attemptedToDismiss(pending.operation)
      }
    }
    session.segueDelegateAnswer = pending.segueAnswer
    defer { session.segueDelegateAnswer = nil }
    declinedTapDismissal = pending.answers[.presentationControllerShouldDismiss] == .bool(false)
    defer { declinedTapDismissal = false }
    pending.applyAnsweredFrames(in: session)
    return try session.prepare(
      pending.answeredOperation, in: self, owner: pending.options.owner,
      destination: pending.destination)
  }
}
