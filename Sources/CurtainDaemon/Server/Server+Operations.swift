// Submitting a core operation for a request and answering per wait_until:
// when accepted (queued or started), when started, or when completed. A
// later answer is a waiter, resolved by the operation's outcomes.

import CurtainCore
import CurtainWire

#if canImport(Glibc)
  import Glibc
#endif

extension Server {
  /// Submits `operation` with the request's options and returns the answer
  /// now or a waiter for later; `segue` answers a SegueResult around the
  /// operation's result.
  func submit(
    _ operation: WindowOperation, _ context: some SessionRequestContext,
    waitUntil: Curtain_V1_WaitUntil? = nil, segue: Bool = false
  ) throws -> HandlerResult {
    try checkLeases(touchedBy: operation, in: context.session, for: context.client)
    let options = context.operationOptions
    let ticket = try context.session.submit(operation, options: options)
    if let window = ticket.window {
      recordTrace(of: ticket, window: window, session: context.session, context: context)
    }
    if options.owner != nil, let window = ticket.window {
      // It may begin an interaction that belongs to the client, now or
      // when it leaves the window's queue.
      noteInteractions(
        of: context.client, in: WindowKey(session: context.session.name, window: window))
    }
    let result = Curtain_V1_OperationResult(ticket)
    let segueResult = segue ? Curtain_V1_SegueResult(ticket) : nil
    let payload = Waiter.payload(result, segue: segueResult)
    guard !ticket.isCompleted, let windowID = ticket.window else { return .ok(payload) }
    let condition: Waiter.Condition
    switch waitUntil ?? context.request.waitUntil {
    case .accepted, .UNRECOGNIZED:
      return .ok(payload)
    case .started:
      if ticket.position == 0, ticket.delegateCall == nil { return .ok(payload) }
      condition = .started(ticket.operation)
    case .completed:
      condition = .completed(ticket.operation)
    }
    return .deferred(
      Waiter(
        for: context, key: WindowKey(session: context.session.name, window: windowID),
        condition: condition, result: result, segue: segueResult))
  }
}

extension Server {
  /// `client` may own an interactive transition in `window` from now on:
  /// its departure looks there (`release`).
  func noteInteractions(of client: ClientState, in window: WindowKey) {
    client.interactionWindows.insert(window)
  }

  /// `client` registered delegates in `session`: its departure ends them
  /// (`release`).
  func noteDelegates(of client: ClientState, in session: Session) {
    client.delegateSessions.insert(session.name)
  }
}

extension Server {
  /// The answer to a request that lets go of an interactive transition
  /// (finish, cancel): at once, or with wait_until COMPLETED once the
  /// transition ended (when the operation that started it completed).
  func answerLettingGo(_ context: TransitionTargetContext) -> HandlerResult {
    let transition = context.transition
    let result = Curtain_V1_TransitionResult(transition.id, in: context.window, accepted: true)
    guard context.request.waitUntil == .completed, !transition.isCompleted,
      let operation = transition.operationID
    else { return .ok(.transition(result)) }
    return .deferred(
      Waiter(
        for: context, key: key(of: context.window), condition: .completed(operation),
        transition: result))
  }
}

/// This process's id.
func currentProcessID() -> Int32 {
  getpid()
}
