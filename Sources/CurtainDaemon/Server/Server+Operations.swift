// Submitting a core operation for a request and answering per wait_until:
// when accepted (queued or started), when started, or when completed.

import CurtainCore
import CurtainWire

#if canImport(Glibc)
  import Glibc
#endif

extension Server {
  /// Submits `operation` with the request's options and returns the answer
  /// now or a waiter for later.
  func submit(
    _ operation: WindowOperation, _ context: RequestContext,
    waitUntil: Curtain_V1_WaitUntil? = nil
  ) throws -> HandlerResult {
    let session = context.resolvedSession
    let ticket = try session.submit(operation, options: context.operationOptions)
    var result = Curtain_V1_OperationResult()
    result.operationID = ticket.operation.rawValue
    result.windowID = ticket.window?.rawValue ?? 0
    result.queuePosition = UInt32(clamping: ticket.position)
    result.revision = ticket.revision
    result.transitionID = ticket.transition?.rawValue ?? 0
    result.completed = ticket.isCompleted
    result.removedIds = ticket.removed.map(\.rawValue)
    guard !ticket.isCompleted, let windowID = ticket.window, let window = session.windows[windowID]
    else { return .ok(.operation(result)) }
    let condition: Waiter.Condition
    switch waitUntil ?? context.request.waitUntil {
    case .accepted, .UNRECOGNIZED:
      return .ok(.operation(result))
    case .started:
      if ticket.position == 0 { return .ok(.operation(result)) }
      condition = .started(ticket.operation)
    case .completed:
      condition = .completed(ticket.operation)
    }
    return .deferred(
      Waiter(
        clientID: context.client.id, requestID: context.request.requestID,
        traceID: context.request.traceID, key: key(of: window), condition: condition,
        result: result, cursor: window.log.lastSeq))
  }
}

/// This process's id.
func currentProcessID() -> Int32 {
  getpid()
}
