// The outbox: what goes back to each client, and when (docs/durability.md,
// "Nothing leaves before its record"). A part of the server that owns its
// state: the clients' waiting messages and the journal's progress as the
// answers see it.
//
// Responses leave in the order their requests arrived: each request takes a
// slot, answered now or later (wait_until, WaitIdle), and answered slots at
// the front are written. Responses and events also wait for the journal:
// each message remembers the last record queued when it was made (it may
// show every change up to that one) and leaves only once that record is
// committed, so a client never sees a change that a kill -9 could still take
// back. Events keep their order with the responses around them, except that
// they never wait for a response that is not answered yet (a request
// waiting for a transition): they pass it, as they always did. Without a
// journal (`--ephemeral`) nothing waits for commits.
//
// What a message costs does not depend on what waits (issue 33): a client's
// responses wait in one queue in request order and its events in another,
// each message stamped with its place in the client's order; the slot of a
// deferred request is found through an index by request id, and a flush
// looks only at the fronts of the two queues, handing out the messages that
// may leave in stamp order, which is what a walk over one list in order
// would hand out. A client whose responses waiting reach `maxUnanswered`
// (`--max-unanswered`) is not read from until they drain to half of that:
// a deep pipeline slows its sender, not the daemon.

import CurtainCore
import CurtainWire
import DequeModule

/// What a handler produced.
enum ResponseOutcome {
  /// A typed payload.
  case success(WireResponse.OneOf_Result)
  /// An error response.
  case failure(CurtainError)
}

/// A deferred request the outbox answered itself (its record was lost, its
/// session went to another node): its waiter must go.
struct AnsweredRequest {
  let clientID: UInt64
  let requestID: UInt64
  /// The error it was answered with.
  let code: ErrorCode
}

/// The clients' responses and events waiting to leave.
final class Outbox {
  /// Records the writer has committed.
  private(set) var committed: UInt64 = 0
  /// The number of the last record queued.
  private(set) var recorded: UInt64 = 0
  /// Why the last commit failed; from then on messages wait for no record.
  private(set) var failure: String?
  /// Responses of one client that may wait before the daemon stops reading
  /// from it (`--max-unanswered`).
  let maxUnanswered: Int
  /// Called with a subscription's id when its Subscribe response has left
  /// (the publisher activates it).
  var subscribed: (UInt64) -> Void = { _ in }
  /// Messages looked at (queued, found, handed out or kept), in all: what
  /// answering costs, which OutboxTests keep constant per message however
  /// many wait.
  private(set) var visits = 0

  /// One client's waiting messages. A class: the outbox changes it in
  /// place after one lookup.
  private final class Box {
    let link: ClientLink
    /// Responses not handed out yet, in request order.
    var responses = Deque<Response>()
    /// The number of `responses.first` (numbers count a client's slots).
    var firstNumber: UInt64 = 0
    /// The numbers of the slots not answered yet, by request id, oldest
    /// first (a client may reuse an id).
    var unanswered: [UInt64: [UInt64]] = [:]
    /// Events not handed out yet, in order.
    var events = Deque<Event>()
    /// The stamp of the next message.
    var nextOrder: UInt64 = 0
    /// Reading from the client is paused (`maxUnanswered`).
    var isReadingPaused = false

    init(link: ClientLink) {
      self.link = link
    }

    var isEmpty: Bool { responses.isEmpty && events.isEmpty }

    func stamp() -> UInt64 {
      defer { nextOrder += 1 }
      return nextOrder
    }
  }

  /// A response slot.
  private struct Response {
    let order: UInt64
    let requestID: UInt64
    var traceID: String
    /// `nil` until answered.
    var outcome: ResponseOutcome?
    /// The record it waits for (0: none).
    var commit: UInt64
    /// Whether the request itself was recorded (its answer becomes an
    /// error if its record is lost).
    let recorded: Bool
    /// Cluster mode: the session the request was routed by, so that a
    /// session dropped as another node's takes its unsent answers along.
    let session: String?
  }

  /// An event, a delegate call or a lease event.
  private struct Event {
    let order: UInt64
    let message: ServerMessage
    var commit: UInt64
  }

  /// Outboxes by client id.
  private var boxes: [UInt64: Box] = [:]
  /// Clients with messages waiting.
  private var holding: Set<UInt64> = []

  /// An outbox whose clients may have `maxUnanswered` responses waiting.
  init(maxUnanswered: Int) {
    self.maxUnanswered = max(1, maxUnanswered)
  }

  // MARK: Clients

  /// A client connected.
  func open(_ link: ClientLink) {
    boxes[link.clientID] = Box(link: link)
  }

  /// A client is gone: what waited for it is dropped.
  func close(_ clientID: UInt64) {
    boxes[clientID] = nil
    holding.remove(clientID)
  }

  /// The responses of `clientID` not handed out yet.
  func waitingResponses(of clientID: UInt64) -> Int {
    boxes[clientID]?.responses.count ?? 0
  }

  /// The most responses any client has waiting.
  var mostWaitingResponses: Int {
    holding.reduce(0) { max($0, boxes[$1]?.responses.count ?? 0) }
  }

  // MARK: The journal

  /// The record a message made now must wait for: the last one queued,
  /// unless it is committed already or the journal failed (0: none).
  var barrier: UInt64 {
    failure == nil && recorded > committed ? recorded : 0
  }

  /// Record `number` was queued.
  func noteRecorded(_ number: UInt64) {
    recorded = max(recorded, number)
  }

  /// The writer committed the records up to `committed`, or failed with
  /// `failure`: what waited for those records leaves. After a failure every
  /// response to a request whose record is not committed is answered with
  /// `UNAVAILABLE` and nothing waits for a record any more (what the
  /// messages show stays in memory until a restart). Returns the requests
  /// answered so, for their waiters to go.
  func progressed(committed: UInt64, failure: String?) -> [AnsweredRequest] {
    self.committed = max(self.committed, committed)
    if let failure, self.failure == nil { self.failure = failure }
    guard let failure = self.failure else {
      flushAll()
      return []
    }
    let error = CurtainError(
      .unavailable,
      "The change was applied but could not be recorded; it will not survive a restart: "
        + failure)
    let committed = self.committed
    return answerUnsent(
      of: nil, { commit, _, recorded in recorded && commit > committed ? error : nil },
      releasing: { $0 > committed })
  }

  // MARK: Responses

  /// Answers a request now; the answer leaves once journal record `commit`
  /// (and every record queued before it) is committed and the responses
  /// before it have left.
  func respond(
    to clientID: UInt64, requestID: UInt64, traceID: String, commit: UInt64 = 0,
    recorded: Bool = false, session: String? = nil, _ outcome: ResponseOutcome
  ) {
    guard let box = boxes[clientID] else { return }
    visits += 1
    let waitsFor = max(commit, barrier)
    // Nothing waits before it and it waits for no record: it leaves now.
    if box.responses.isEmpty, waitsFor <= committed {
      return deliver(requestID: requestID, traceID: traceID, outcome, to: box)
    }
    // An unanswered slot of the same request id takes the answer (the
    // oldest), and this request waits in a new slot for the next.
    if box.unanswered[requestID] != nil {
      reserve(
        box, clientID: clientID, requestID: requestID, traceID: traceID, commit: commit,
        recorded: recorded, session: session)
      return fill(box, clientID: clientID, requestID: requestID, traceID: traceID, outcome)
    }
    append(
      Response(
        order: box.stamp(), requestID: requestID, traceID: traceID, outcome: outcome,
        commit: waitsFor, recorded: recorded, session: session),
      to: box, clientID: clientID)
    // What could leave has left, so nothing else can leave because of it
    // unless it can leave itself.
    if waitsFor <= committed { flush(box, clientID: clientID) }
  }

  /// Reserves the slot of a request answered later (`fill`); it waits for
  /// journal record `commit`, or for the last one queued if that is later.
  func reserve(
    for clientID: UInt64, requestID: UInt64, traceID: String, commit: UInt64 = 0,
    recorded: Bool = false, session: String? = nil
  ) {
    guard let box = boxes[clientID] else { return }
    visits += 1
    reserve(
      box, clientID: clientID, requestID: requestID, traceID: traceID, commit: commit,
      recorded: recorded, session: session)
  }

  /// Answers the oldest reserved slot of `requestID` (or, without one,
  /// queues the answer) and hands out what may leave.
  func fill(
    _ clientID: UInt64, requestID: UInt64, traceID: String, _ outcome: ResponseOutcome
  ) {
    guard let box = boxes[clientID] else { return }
    visits += 1
    fill(box, clientID: clientID, requestID: requestID, traceID: traceID, outcome)
  }

  /// Lets every message of `clientID` leave without waiting for records,
  /// and hands out what may (a connection that closes now: its last answer,
  /// a refused Hello, shows nothing of the sessions).
  func release(_ clientID: UInt64) {
    guard let box = boxes[clientID] else { return }
    for index in box.responses.indices { box.responses[index].commit = 0 }
    for index in box.events.indices { box.events[index].commit = 0 }
    visits += box.responses.count + box.events.count
    flush(box, clientID: clientID)
  }

  /// Answers the responses not handed out yet (of `clientID`, or of every
  /// client) that `error` gives an error for, from the number of the
  /// record they wait for, their session (cluster mode) and whether their
  /// request was recorded (else the number is only the last record queued
  /// before it), with that error, keeping their trace ids: they wait for no
  /// record any more. Returns the requests answered, for their waiters to
  /// go. Rare (a lost record, a fenced session): it looks at every waiting
  /// message.
  func answerUnsent(
    of clientID: UInt64? = nil,
    _ error: (_ commit: UInt64, _ session: String?, _ recorded: Bool) -> CurtainError?
  ) -> [AnsweredRequest] {
    answerUnsent(of: clientID, error) { _ in false }
  }

  // MARK: Events

  /// Queues an event (or a delegate call, a lease event) for `clientID`: it
  /// leaves once the records before it are committed, after the responses
  /// answered before it.
  func send(event message: ServerMessage, to clientID: UInt64) {
    guard let box = boxes[clientID] else { return }
    visits += 1
    let commit = barrier
    if box.events.isEmpty, commit <= committed {
      box.link.sendControl(message)
      return
    }
    box.events.append(Event(order: box.stamp(), message: message, commit: commit))
    holding.insert(clientID)
    if commit <= committed { flush(box, clientID: clientID) }
  }

  // MARK: Inside

  private func reserve(
    _ box: Box, clientID: UInt64, requestID: UInt64, traceID: String, commit: UInt64,
    recorded: Bool, session: String?
  ) {
    let number = box.firstNumber + UInt64(box.responses.count)
    box.unanswered[requestID, default: []].append(number)
    append(
      Response(
        order: box.stamp(), requestID: requestID, traceID: traceID, outcome: nil,
        commit: max(commit, barrier), recorded: recorded, session: session),
      to: box, clientID: clientID)
  }

  private func fill(
    _ box: Box, clientID: UInt64, requestID: UInt64, traceID: String,
    _ outcome: ResponseOutcome
  ) {
    guard var numbers = box.unanswered[requestID], !numbers.isEmpty else {
      append(
        Response(
          order: box.stamp(), requestID: requestID, traceID: traceID, outcome: outcome,
          commit: barrier, recorded: false, session: nil),
        to: box, clientID: clientID)
      return flush(box, clientID: clientID)
    }
    let number = numbers.removeFirst()
    box.unanswered[requestID] = numbers.isEmpty ? nil : numbers
    let index = Int(number - box.firstNumber)
    box.responses[index].outcome = outcome
    box.responses[index].traceID = traceID
    // A response answered later shows the state as it is now.
    box.responses[index].commit = max(box.responses[index].commit, barrier)
    if index == 0 { flush(box, clientID: clientID) }
  }

  /// Queues a response slot; past `maxUnanswered` waiting, the client is
  /// not read from any more.
  private func append(_ response: Response, to box: Box, clientID: UInt64) {
    box.responses.append(response)
    holding.insert(clientID)
    if !box.isReadingPaused, box.responses.count >= maxUnanswered {
      box.isReadingPaused = true
      box.link.pauseReading()
    }
  }

  /// Hands out what may leave from the fronts of `box`'s queues, in stamp
  /// order: answered responses whose records are committed, in request
  /// order, and events whose records are committed, in their order.
  private func flush(_ box: Box, clientID: UInt64) {
    while true {
      visits += 1
      var response: Response?
      if let first = box.responses.first, first.outcome != nil, first.commit <= committed {
        response = first
      }
      var event: Event?
      if let first = box.events.first, first.commit <= committed { event = first }
      if let next = event, response.map({ next.order < $0.order }) ?? true {
        box.events.removeFirst()
        box.link.sendControl(next.message)
      } else if let next = response, let outcome = next.outcome {
        box.responses.removeFirst()
        box.firstNumber += 1
        deliver(requestID: next.requestID, traceID: next.traceID, outcome, to: box)
      } else {
        break
      }
    }
    if box.isEmpty { holding.remove(clientID) }
    if box.isReadingPaused, box.responses.count <= maxUnanswered / 2 {
      box.isReadingPaused = false
      box.link.resumeReading()
    }
  }

  /// Hands out what may leave for every client with messages waiting.
  private func flushAll() {
    for clientID in holding {
      guard let box = boxes[clientID] else { continue }
      flush(box, clientID: clientID)
    }
  }

  /// `answerUnsent(of:_:)`; also lets every message whose record
  /// `releasing` picks wait for none.
  private func answerUnsent(
    of clientID: UInt64? = nil,
    _ error: (_ commit: UInt64, _ session: String?, _ recorded: Bool) -> CurtainError?,
    releasing: (UInt64) -> Bool
  ) -> [AnsweredRequest] {
    var answered: [AnsweredRequest] = []
    for id in clientID.map({ [$0] }) ?? holding.sorted() {
      guard let box = boxes[id] else { continue }
      visits += box.responses.count + box.events.count
      for index in box.responses.indices {
        let response = box.responses[index]
        if let failure = error(response.commit, response.session, response.recorded) {
          if response.outcome == nil {
            let number = box.firstNumber + UInt64(index)
            let numbers = (box.unanswered[response.requestID] ?? []).filter { $0 != number }
            box.unanswered[response.requestID] = numbers.isEmpty ? nil : numbers
            answered.append(
              AnsweredRequest(clientID: id, requestID: response.requestID, code: failure.code))
          }
          box.responses[index].outcome = .failure(failure)
          box.responses[index].commit = 0
        } else if releasing(response.commit) {
          box.responses[index].commit = 0
        }
      }
      for index in box.events.indices where releasing(box.events[index].commit) {
        box.events[index].commit = 0
      }
      flush(box, clientID: id)
    }
    return answered
  }

  /// Writes a response, its envelope encoded directly
  /// (`WireCodec.framedResponse`); a Subscribe response activates its
  /// subscription.
  private func deliver(
    requestID: UInt64, traceID: String, _ outcome: ResponseOutcome, to box: Box
  ) {
    let result: WireResponse.OneOf_Result
    switch outcome {
    case .success(let payload): result = payload
    case .failure(let error): result = .error(WireError(error))
    }
    if let bytes = try? WireCodec.framedResponse(
      requestID: requestID, traceID: traceID, result: result)
    {
      box.link.sendControl(bytes: bytes)
    } else {
      var response = WireResponse()
      response.requestID = requestID
      response.traceID = traceID
      response.result = result
      var message = ServerMessage()
      message.kind = .response(response)
      box.link.sendControl(message)
    }
    if case .subscribed(let subscribed) = result { self.subscribed(subscribed.subscriptionID) }
  }
}
