// The window's operation queue, and how an operation runs once it is here:
//
//   submit ─ idle? ──────────────► startOrAsk ─ a delegate to ask? ──► ask (the queue waits)
//            └ busy: check, queue                └ no: start             │
//   (the window becomes idle) ──► startQueuedOperations ─► run ─┐        │
//   (the delegate answers or falls back) ── resumeAfterDelegate ─┴─► startOrAsk
//
// `startOrAsk` checks the operation against the state as it is when its
// turn comes (ResolvedOperation.check), then asks the delegates registered
// for it one question at a time, in UIKit's order (Window+Delegates.swift
// lists them); their answers change what the operation does
// (`DelegateAnswers`). `start` prepares the change (the container's
// `prepare…` method, which throws before changing anything), commits the
// window's revision, emits `started` and runs the change for the
// operation (`OperationContext`), which may begin a transition. The
// operation completes when that transition does, or at once; the window
// records each phase as an `OperationOutcome`.

/// An operation whose turn came and that waits for a delegate's answer.
struct AwaitingDelegate {
  var pending: PendingOperation
  let call: DelegateCall
}

extension Window {
  /// Submits a resolved operation: it starts now when the window is idle,
  /// else it waits in the queue. Fails (changing nothing) with `CONFLICT`
  /// on a revision mismatch, `BUSY` when the queue is full, or the
  /// operation's own error when it cannot run.
  func submit(_ operation: ResolvedOperation, options: OperationOptions) throws -> OperationTicket {
    if let expected = options.expectedRevision, expected != revision {
      throw CurtainError(
        .conflict, "Window \(id) is at revision \(revision), not \(expected)")
    }
    // Refused at once when it cannot run now; a queued one is checked
    // again when its turn comes, since the state moves meanwhile.
    try operation.check(in: self, of: session)
    if isIdle {
      let pending = PendingOperation(
        id: session.ids.operation(), operation: operation, options: options)
      return try emitting(trace: options.traceID) { try startOrAsk(pending) }
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
    emitting(trace: options.traceID) {
      append(.operation(pending.id, .queued(position: queue.count)))
    }
    return OperationTicket(
      queued: pending.id, window: id, position: queue.count, revision: revision,
      destination: pending.destination)
  }

  /// Starts waiting operations while the window is free. An operation that
  /// can no longer run when its turn comes fails with an event.
  func startQueuedOperations() {
    guard !operationsInFlight.values.contains(where: \.isStarting) else { return }
    while transitions.isEmpty, awaitingDelegate == nil, !queue.isEmpty {
      run(queue.removeFirst())
    }
  }

  /// Checks an operation whose turn came (or whose delegate answered)
  /// against the state as it is now, and starts it or asks its next
  /// question; one that can no longer run fails with an event.
  func run(_ pending: PendingOperation) {
    emitting(trace: pending.options.traceID) {
      do {
        if pending.ownerLeft { throw Self.ownerLeft(pending) }
        try pending.operation.check(in: self, of: session)
        _ = try startOrAsk(pending)
      } catch {
        fail(pending, (error as? CurtainError) ?? CurtainError(.internalError, "\(error)"))
      }
    }
  }

  /// Records that an operation that did not start failed.
  private func fail(_ pending: PendingOperation, _ failure: CurtainError) {
    append(.operation(pending.id, .failed(failure)))
    session.record(
      OperationOutcome(
        operation: pending.id, window: id, phase: .failed(failure), revision: revision))
  }

  /// Why an interactive begin of a client that disconnected never starts.
  private static func ownerLeft(_ pending: PendingOperation) -> CurtainError {
    CurtainError(
      .notOwner,
      "Operation \(pending.id) was dropped: the client that began the interactive transition"
        + " disconnected before it started")
  }

  /// `owner` disconnected: its interactive begins that have not started
  /// never will (nobody would update or end them, and the window would
  /// stay busy for good). Those in the queue fail now, each with an
  /// event; one waiting for a delegate's answer fails when the answer
  /// comes. Its other operations run as requested. Returns whether any
  /// was dropped.
  func dropInteractiveBegins(of owner: OwnerID) -> Bool {
    func begunBy(_ pending: PendingOperation) -> Bool {
      pending.options.owner == owner && pending.operation.beginsInteraction
    }
    var dropped = false
    if let awaiting = awaitingDelegate, begunBy(awaiting.pending), !awaiting.pending.ownerLeft {
      awaitingDelegate?.pending.ownerLeft = true
      dropped = true
    }
    guard queue.contains(where: begunBy) else { return dropped }
    let gone = queue.filter(begunBy)
    queue.removeAll(where: begunBy)
    for pending in gone {
      emitting(trace: pending.options.traceID) { fail(pending, Self.ownerLeft(pending)) }
    }
    return true
  }

  /// Asks a checked operation's next delegate question, if it has one
  /// (the operation then waits, holding the queue, and its ticket says
  /// so), or starts it.
  func startOrAsk(_ pending: PendingOperation) throws -> OperationTicket {
    guard let (method, registration, question) = nextDelegateQuestion(for: pending) else {
      return try start(pending)
    }
    var pending = pending
    var arguments = question
    // An operation that cannot run fails now, before any delegate is asked.
    if pending.answers.isEmpty {
      try session.dryRun(reserving: pending.destination) { _ = try prepare(pending) }
    }
    if method == .prepareForSegue {
      // The destination exists while `prepare(for:sender:)` is asked: the
      // client may configure it; the segue then shows it.
      pending.destination = try instantiateSegueDestination(for: pending)
      arguments.to = pending.destination
    }
    let call = session.ask(method, of: registration, arguments, in: self)
    awaitingDelegate = AwaitingDelegate(pending: pending, call: call)
    emitting(trace: pending.options.traceID) {
      append(.delegate(registration.controller, .called(call: call.id, method, arguments)))
    }
    return OperationTicket(
      awaiting: pending.id, window: id, revision: revision, call: call.id,
      destination: pending.destination)
  }

  /// The open question got `event` (an answer or a fallback): the
  /// operation asks its next question or starts, then the queue moves on.
  func resumeAfterDelegate(_ event: DelegateEvent) {
    guard var awaiting = awaitingDelegate else { return }
    session.closeDelegateCall(awaiting.call.id)
    awaitingDelegate = nil
    emitting(trace: awaiting.pending.options.traceID) {
      append(.delegate(awaiting.call.controller, event))
      awaiting.pending.answers.take(event, to: awaiting.call, fallbacks: &session.delegates)
      run(awaiting.pending)
      if let transition = operationsInFlight[awaiting.pending.id]?.transition {
        session.delegates.started[awaiting.call.id] = (id, transition)
        session.delegates.started = session.delegates.started.filter {
          $0.key + 64 > awaiting.call.id
        }
      }
      startQueuedOperations()
    }
  }

  /// Prepares and runs an operation that was checked when its turn came.
  /// Throws, changing nothing, when it cannot run.
  func start(_ pending: PendingOperation) throws -> OperationTicket {
    // Its events carry its trace id.
    try emitting(trace: pending.options.traceID) {
      let (running, created) = try session.recordingCreations(reserving: pending.destination) {
        let change = try prepare(pending)
        let running = RunningOperation(
          id: pending.id, traceID: pending.options.traceID, change: change,
          initiator: pending.options.owner, interactionOwner: pending.answers.interactionOwner)
        commit()
        append(.operation(pending.id, .started))
        operationsInFlight[pending.id] = running
        change.run(OperationContext(operation: running))
        // A split view controller that the operation brought into the window
        // off screen (a hidden window) collapses or expands to the window's
        // size class now; one on screen did as it began to appear.
        updateSplitViewControllers()
        return running
      }
      layout()
      running.created = created
      running.isStarting = false
      let started = running.outcome(.started, window: id, revision: revision)
      session.record(started)
      if let cancelled = running.completedWhileStarting {
        operationsInFlight[pending.id] = nil
        session.record(
          running.outcome(.completed(cancelled: cancelled), window: id, revision: revision))
        return OperationTicket(started: started, isCompleted: true)
      }
      let transitionRunning = running.transition.flatMap { transition($0) } != nil
      if !transitionRunning { finishOperation(pending.id, cancelled: false) }
      return OperationTicket(started: started, isCompleted: !transitionRunning)
    }
  }

  /// The change `pending` makes, as its delegates' answers shape it.
  func prepare(_ pending: PendingOperation) throws -> PreparedChange {
    if pending.isDeclinedByDelegate {
      return PreparedChange(declined: true, changesNothing: true) { [self] _ in
        attemptedToDismiss(pending.operation)
      }
    }
    for case (let controller, .frame(let frame)) in pending.answers.frames {
      session.controllers[controller]?.presentation?.custom?.frame = frame
    }
    return try pending.operation.prepare(
      answers: pending.answers, owner: pending.options.owner, destination: pending.destination)
  }

  /// Emits an operation's completion and records its outcome.
  /// One that completes while it is starting (its transition ended at
  /// once) stays in flight, holding the queue, until `start` has recorded
  /// its start.
  func finishOperation(_ id: OperationID, cancelled: Bool) {
    guard let running = operationsInFlight[id], running.completedWhileStarting == nil else {
      return
    }
    let phase = OperationOutcome.Phase.completed(cancelled: cancelled)
    emitting(trace: running.traceID) {
      append(.operation(id, .completed(cancelled: cancelled, removed: running.removed(in: phase))))
    }
    if running.isStarting {
      running.completedWhileStarting = cancelled
    } else {
      operationsInFlight[id] = nil
      session.record(
        running.outcome(.completed(cancelled: cancelled), window: self.id, revision: revision))
    }
  }

  /// `presentationControllerDidAttemptToDismiss`, for a pulled-down sheet
  /// whose adaptive delegate declined the dismissal.
  private func attemptedToDismiss(_ operation: ResolvedOperation) {
    guard case .beginInteractiveDismiss(let controller, _) = operation,
      let presentation = controller.dismissalTarget?.presentation
    else { return }
    presentation.presenting.emitPresentation(presentation.presented, .didAttemptToDismiss)
  }

  /// Instantiates the destination of a segue about to ask
  /// `prepare(for:sender:)` (with the id set aside for it, if one was),
  /// unless it already exists.
  private func instantiateSegueDestination(for pending: PendingOperation) throws
    -> ControllerID?
  {
    if let id = pending.destination, session.controllers[id] != nil { return id }
    guard let (storyboard, scene) = pending.segueDestinationScene(in: session) else {
      return pending.destination
    }
    return try session.instantiateScene(scene, of: storyboard, id: pending.destination).id
  }
}

extension DelegateAnswers {
  /// Takes what the delegate of `call` did (`event`): its answer, or the
  /// default when it fell back (the reason is noted in `book`).
  mutating func take(
    _ event: DelegateEvent, to call: DelegateCall, fallbacks book: inout DelegateBook
  ) {
    switch event {
    case .answered(_, let method, .remoteAnimator(let duration)):
      byMethod[method] = .animator(
        .remote(
          duration: duration,
          driver: RemoteDriver(
            delegate: call.delegate, call: call.id, controller: call.controller,
            method: method, grace: call.timeout)))
    case .answered(_, .frameOfPresentedView, let answer):
      frames[call.controller] = answer
    case .fallback(_, .frameOfPresentedView, let reason):
      frames[call.controller] = .useDefault
      book.fallbacks.append(reason.name)
    case .answered(_, let method, .interactive):
      byMethod[method] = .interactive
      interactionOwner = call.delegate
    case .answered(_, let method, let answer):
      byMethod[method] = answer
    case .fallback(_, let method, let reason):
      byMethod[method] = .useDefault
      book.fallbacks.append(reason.name)
    case .called(_, let method, _):
      byMethod[method] = .useDefault
    }
  }
}

extension PendingOperation {
  /// Whether a delegate declined the operation
  /// (`presentationControllerShouldDismiss` answered no to a pulled-down
  /// sheet).
  var isDeclinedByDelegate: Bool {
    // A tap still lands: its dismissal becomes an attempt, its selection of
    // a tab bar item (the only one `shouldSelect` is asked about) does not
    // happen (Window+Tap.swift).
    if case .tap = operation { return false }
    return answers.declinedDismissal
  }

  /// The storyboard and scene a segue operation instantiates, when it will
  /// show a destination: not an unwind, not a triggered segue that
  /// `shouldPerformSegue` declines.
  func segueDestinationScene(in session: Session) -> (Storyboard, String)? {
    guard case .performSegue(let source, let identifier, let triggered, _) = operation,
      let (storyboard, segue) = try? session.segue(identifier, from: source),
      let scene = segue.destination
    else { return nil }
    if triggered {
      let answer =
        answers.shouldPerformSegue ?? source.shouldPerformAnswers[identifier]
        ?? segue.shouldPerform
      guard answer else { return nil }
    }
    return (storyboard, scene)
  }
}
