// What goes back to a client waits in its outbox (docs/durability.md,
// "Nothing leaves before its record"). Responses leave in the order their
// requests arrived: each request takes a slot, answered now or later
// (wait_until, WaitIdle), and answered slots at the front are written.
// Responses and events also wait for the journal: each message remembers
// the last record queued when it was made (it may show every change up to
// that one) and leaves only once that record is committed, so a client
// never sees a change that a kill -9 could still take back. Events keep
// their order with the responses around them, except that they never wait
// for a response that is not answered yet (a request waiting for a
// transition): they pass it, as they always did. Without a journal
// (`--ephemeral`) nothing waits for commits.

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
  /// The record a message made now must wait for: the last one queued,
  /// unless it is committed already or the journal failed (0: none).
  var commitBarrier: UInt64 {
    journalFailure == nil && journalRecorded > journalCommitted ? journalRecorded : 0
  }

  /// Reserves the next response slot for a request; it waits for journal
  /// record `commit`, or for the last one queued if that is later.
  func reserveSlot(
    for client: ClientState, requestID: UInt64, commit: UInt64 = 0, recorded: Bool = false
  ) {
    client.outbox.append(
      OutboundMessage(
        kind: .response(recorded: recorded), requestID: requestID, message: nil,
        commit: max(commit, commitBarrier), session: answeringSession))
  }

  /// Fills the slot of `requestID` and writes what may leave.
  func fill(
    _ client: ClientState, requestID: UInt64, traceID: String, _ outcome: ResponseOutcome
  ) {
    let message = responseMessage(requestID: requestID, traceID: traceID, outcome)
    if let index = client.outbox.firstIndex(where: {
      $0.requestID == requestID && $0.message == nil
    }) {
      client.outbox[index].message = message
      // A response answered later shows the state as it is now.
      client.outbox[index].commit = max(client.outbox[index].commit, commitBarrier)
    } else {
      client.outbox.append(
        OutboundMessage(
          kind: .response(recorded: false), requestID: requestID, message: message,
          commit: commitBarrier, session: answeringSession))
    }
    flushResponses(of: client)
  }

  /// Answers at once (reserving and filling a slot), once journal record
  /// `commit` (and every record before the answer) is committed.
  func respond(
    to client: ClientState, requestID: UInt64, traceID: String, commit: UInt64 = 0,
    recorded: Bool = false, _ outcome: ResponseOutcome
  ) {
    // Nothing is queued before it and it waits for no record: it would
    // leave at once, so it goes straight out, never stored in the outbox.
    if client.outbox.isEmpty, commitBarrier == 0, commit <= journalCommitted {
      return deliverResponse(requestID: requestID, traceID: traceID, outcome, to: client)
    }
    // It waits for a record not committed yet (a durable mutating
    // request): it joins the outbox answered, and nothing else can leave
    // because of it (everything that could has left), so the outbox is not
    // searched and flushed for it. A slot of the same request id still
    // unanswered would take the answer instead (`fill`).
    let waitsFor = max(commit, commitBarrier)
    if waitsFor > journalCommitted,
      !client.outbox.contains(where: { $0.requestID == requestID && $0.message == nil })
    {
      client.outbox.append(
        OutboundMessage(
          kind: .response(recorded: recorded), requestID: requestID,
          message: responseMessage(requestID: requestID, traceID: traceID, outcome),
          commit: waitsFor, session: answeringSession))
      return
    }
    reserveSlot(for: client, requestID: requestID, commit: commit, recorded: recorded)
    fill(client, requestID: requestID, traceID: traceID, outcome)
  }

  /// The message answering `requestID`.
  private func responseMessage(requestID: UInt64, traceID: String, _ outcome: ResponseOutcome)
    -> ServerMessage
  {
    var response = WireResponse()
    response.requestID = requestID
    response.traceID = traceID
    switch outcome {
    case .success(let result): response.result = result
    case .failure(let error): response.result = .error(WireError(error))
    }
    var message = ServerMessage()
    message.kind = .response(response)
    return message
  }

  /// Writes a response that may leave now, its envelope encoded directly
  /// (WireCodec.framedResponse: the bytes `deliver` would write); a
  /// Subscribe response activates its subscription.
  private func deliverResponse(
    requestID: UInt64, traceID: String, _ outcome: ResponseOutcome, to client: ClientState
  ) {
    let result: WireResponse.OneOf_Result
    switch outcome {
    case .success(let payload): result = payload
    case .failure(let error): result = .error(WireError(error))
    }
    guard
      let bytes = try? WireCodec.framedResponse(
        requestID: requestID, traceID: traceID, result: result)
    else {
      return deliver(responseMessage(requestID: requestID, traceID: traceID, outcome), to: client)
    }
    client.link.sendControl(bytes: bytes)
    if case .subscribed(let subscribed) = result {
      subscriptions[subscribed.subscriptionID]?.isActive = true
      subscriptionsAwaitingBacklog.insert(subscribed.subscriptionID)
    }
  }

  /// Writes a response or an event that may leave now; a Subscribe
  /// response activates its subscription.
  private func deliver(_ message: ServerMessage, to client: ClientState) {
    client.link.sendControl(message)
    if case .response(let response)? = message.kind,
      case .subscribed(let result)? = response.result
    {
      subscriptions[result.subscriptionID]?.isActive = true
      subscriptionsAwaitingBacklog.insert(result.subscriptionID)
    }
  }

  /// Queues an event for `client`: it leaves once the records before it
  /// are committed, after the responses answered before it.
  func send(event message: ServerMessage, to client: ClientState) {
    let commit = commitBarrier
    if client.outbox.isEmpty, commit == 0 {
      client.link.sendControl(message)
      return
    }
    client.outbox.append(
      OutboundMessage(kind: .event, requestID: 0, message: message, commit: commit))
    // One that cannot leave yet lets nothing else leave (as in `respond`).
    if commit > journalCommitted { return }
    flushResponses(of: client)
  }

  /// Writes what may leave: answered responses whose records are committed,
  /// in request order, and events whose records are committed, in their
  /// order; an event passes only responses held up by an earlier response
  /// not answered yet (see the file's header). Then activates
  /// subscriptions whose Subscribe response went out.
  func flushResponses(of client: ClientState) {
    guard !client.outbox.isEmpty else { return }
    var kept: [OutboundMessage] = []
    // A response before is still here; an event before is.
    var responseWaits = false
    var eventWaits = false
    for slot in client.outbox {
      let isEvent: Bool
      switch slot.kind {
      case .event: isEvent = true
      case .response: isEvent = false
      }
      guard let message = slot.message, slot.commit <= journalCommitted,
        isEvent ? !eventWaits : !responseWaits
      else {
        if isEvent { eventWaits = true } else { responseWaits = true }
        kept.append(slot)
        continue
      }
      deliver(message, to: client)
    }
    client.outbox = kept
  }
}
