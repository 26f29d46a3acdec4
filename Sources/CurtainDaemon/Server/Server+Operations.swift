// Submitting a core operation for a request and answering per wait_until:
// when accepted (queued or started), when started, or when completed.

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
    _ operation: WindowOperation, _ context: RequestContext,
    waitUntil: Curtain_V1_WaitUntil? = nil, segue: Bool = false
  ) throws -> HandlerResult {
    let session = context.resolvedSession
    let ticket = try session.submit(operation, options: context.operationOptions)
    let result = Curtain_V1_OperationResult(ticket)
    var segueResult: Curtain_V1_SegueResult?
    if segue {
      var answer = Curtain_V1_SegueResult()
      answer.performed = !ticket.declined
      answer.destinationID = ticket.destination?.rawValue ?? 0
      segueResult = answer
    }
    let payload = Waiter.payload(result, segue: segueResult)
    guard !ticket.isCompleted, let windowID = ticket.window, let window = session.windows[windowID]
    else { return .ok(payload) }
    let condition: Waiter.Condition
    switch waitUntil ?? context.request.waitUntil {
    case .accepted, .UNRECOGNIZED:
      return .ok(payload)
    case .started:
      if ticket.position == 0 { return .ok(payload) }
      condition = .started(ticket.operation)
    case .completed:
      condition = .completed(ticket.operation)
    }
    return .deferred(
      Waiter(
        clientID: context.client.id, requestID: context.request.requestID,
        traceID: context.request.traceID, key: key(of: window), condition: condition,
        result: result, cursor: window.log.lastSeq, segue: segueResult))
  }
}

extension Curtain_V1_OperationResult {
  /// The answer to an operation, as its ticket says.
  init(_ ticket: OperationTicket) {
    self.init()
    operationID = ticket.operation.rawValue
    windowID = ticket.window?.rawValue ?? 0
    queuePosition = UInt32(clamping: ticket.position)
    revision = ticket.revision
    transitionID = ticket.transition?.rawValue ?? 0
    completed = ticket.isCompleted
    removedIds = ticket.removed.map(\.rawValue)
    createdIds = ticket.created.map(\.rawValue)
  }
}

/// This process's id.
func currentProcessID() -> Int32 {
  getpid()
}
