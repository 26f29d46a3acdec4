// Responses leave in the order their requests arrived: each request takes a
// slot, answered now or later (wait_until, WaitIdle); filled slots at the
// front are written.

import CurtainCore
import CurtainWire

/// What a handler produced.
enum ResponseOutcome {
  /// A typed payload.
  case success(WireResponse.OneOf_Result)
  /// An error response.
  case failure(CurtainError)
}

extension Server {
  /// Reserves the next response slot for a request whose response waits
  /// for journal record `commit` (0: none).
  func reserveSlot(for client: ClientState, requestID: UInt64, commit: UInt64 = 0) -> Int {
    client.responseSlots.append((requestID, nil, commit))
    return client.responseSlots.count - 1
  }

  /// Fills the slot of `requestID` and writes every answered slot at the front.
  func fill(
    _ client: ClientState, requestID: UInt64, traceID: String, _ outcome: ResponseOutcome
  ) {
    var response = WireResponse()
    response.requestID = requestID
    response.traceID = traceID
    switch outcome {
    case .success(let result): response.result = result
    case .failure(let error): response.result = .error(WireError(error))
    }
    var message = ServerMessage()
    message.response = response
    if let index = client.responseSlots.firstIndex(where: {
      $0.requestID == requestID && $0.message == nil
    }) {
      client.responseSlots[index].message = message
    } else {
      client.responseSlots.append((requestID, message, 0))
    }
    flushResponses(of: client)
  }

  /// Answers at once (reserving and filling a slot), once journal record
  /// `commit` is committed.
  func respond(
    to client: ClientState, requestID: UInt64, traceID: String, commit: UInt64 = 0,
    _ outcome: ResponseOutcome
  ) {
    _ = reserveSlot(for: client, requestID: requestID, commit: commit)
    fill(client, requestID: requestID, traceID: traceID, outcome)
  }

  /// Writes answered responses whose records are committed from the front,
  /// then activates subscriptions whose Subscribe response went out.
  func flushResponses(of client: ClientState) {
    while let first = client.responseSlots.first, let message = first.message,
      first.commit <= journalCommitted
    {
      client.responseSlots.removeFirst()
      client.link.sendControl(message)
      if case .subscribed(let result)? = message.response.result {
        subscriptions[result.subscriptionID]?.isActive = true
        subscriptionsAwaitingBacklog.insert(result.subscriptionID)
      }
    }
  }
}
