// Durability on the server's side (docs/durability.md). Every input that
// may change the sessions is recorded in the journal with the clock time
// at which it was applied: a mutating request (whatever its answer, since
// even a refused one may have created its session), a client going away
// while it owned interactive transitions (they are cancelled), and the
// settling of a restore. What happens by itself (time
// passing, interaction timeouts) is not recorded: the model recomputes it
// from the clock. The response to a recorded request leaves only once the
// writer reports its record committed.
//
// A restore replays the records, in order, through the same request code
// at the same clock times, then settles the transitions that were running
// (`Session.settle`) and records that too.

import CurtainCore
public import CurtainWire

/// Where the server records its inputs: the daemon's `Persistence`.
public protocol JournalSink: AnyObject {
  /// Queues a record; returns its number (1, 2, … in the order queued).
  func record(session: String, entry: [UInt8]) -> UInt64
  /// What `GetStatus` reports about the state directory.
  var storageStatus: Curtain_V1_StorageStatus { get }
  /// What was measured since the last call (the daemon's metrics).
  func takeMeasurements() -> JournalMeasurements
  /// A session was put in place without records (claimed in cluster
  /// mode): it is snapshotted at the next checkpoint, which comes at once.
  func needsSnapshot(_ session: String)
}

/// A record a restore could not apply.
public struct ReplayFailure: Error, CustomStringConvertible {
  /// Why.
  public let description: String
}

extension Server {
  /// Whether the request is an input of the sessions, which the journal
  /// and the past (SessionHistory.swift) keep.
  func isRecordable(_ kind: RequestKind?, from client: ClientState) -> Bool {
    // Leases belong to connections: a restarted daemon has none.
    guard let kind, kind != .shutdown, kind != .lease, kind != .release,
      !client.isReadOnly,
      let handler = RequestTable.handler(for: kind)
    else { return false }
    return handler.mutates
  }

  /// Records a request applied at `time` with its outcome; returns the
  /// record's number (0 when nothing is recorded).
  func recordRequest(
    _ request: WireRequest, at time: Double, from client: ClientState, result: HandlerResult
  ) -> UInt64 {
    guard journal != nil || history != nil else { return 0 }
    var entry = Curtain_V1_JournalEntry()
    entry.clock = time
    entry.request = request
    entry.clientID = client.id
    entry.ownsInteractions = client.ownsInteractions
    let session = journalSession(of: request, result: result)
    entry.check = check(after: request, result: result, in: session)
    return record(session: session, entry)
  }

  /// Queues a record; returns its number.
  private func record(session: String, _ entry: Curtain_V1_JournalEntry) -> UInt64 {
    history?.record(entry, session: session, live: sessions) { image(of: $0) }
    guard let journal else { return 0 }
    let number = journal.record(session: session, entry: (try? entry.serializedBytes()) ?? [])
    outbox.noteRecorded(number)
    return number
  }

  /// The session a request's record belongs to: the request's session,
  /// except for an import, which makes the session it names.
  private func journalSession(of request: WireRequest, result: HandlerResult) -> String {
    if case .ok(.imported(let entry), _) = result { return entry.name }
    return request.session.isEmpty ? "default" : request.session
  }

  /// Records a client going away whose interactive transitions were
  /// cancelled or whose delegate registrations ended, in `sessions`: one
  /// record for every session, or in cluster mode (where each session has
  /// a journal of its own, and may move to another node) one per session.
  func recordClientGone(_ client: ClientState, at time: Double, in sessions: Set<String>) {
    guard journal != nil || history != nil else { return }
    var entry = Curtain_V1_JournalEntry()
    entry.clock = time
    entry.clientGone = Curtain_V1_ClientGone()
    entry.clientID = client.id
    guard router != nil else {
      _ = record(session: "", entry)
      return
    }
    for name in sessions.sorted() { _ = record(session: name, entry) }
  }

  /// Records a delegate question that timed out at `time`.
  func recordDelegateTimeout(session: String, call: UInt64, at time: Double) {
    guard journal != nil || history != nil else { return }
    var entry = Curtain_V1_JournalEntry()
    entry.clock = time
    var timeout = Curtain_V1_DelegateTimeout()
    timeout.session = session
    timeout.callID = call
    entry.delegateTimeout = timeout
    _ = record(session: session, entry)
  }

  /// What a request left behind: its error code and its session's counters.
  private func check(after request: WireRequest, result: HandlerResult, in session: String)
    -> Curtain_V1_JournalCheck
  {
    var check = Curtain_V1_JournalCheck()
    switch result {
    case .ok, .deferred: break
    case .invalid: check.errorCode = Int32(ErrorCode.invalidArgument.wire.rawValue)
    case .failed(let code, _, _), .failedAndClose(let code, _, _):
      check.errorCode = Int32(code.wire.rawValue)
    }
    if let session = sessions[session] {
      let ids = session.identifierCounters
      check.nextIds.window = ids.window
      check.nextIds.controller = ids.controller
      check.nextIds.view = ids.view
      check.nextIds.transition = ids.transition
      check.nextIds.operation = ids.operation
    }
    return check
  }

  /// Ends what a client that went away held in the model, once its
  /// sessions' realtime windows are brought up to date: its interactive
  /// transitions are cancelled in the windows where it may own some, and
  /// in every window of the sessions where it registered delegates (an
  /// interaction controller it vends makes transitions its own), and its
  /// delegate registrations end. Returns the sessions where anything
  /// ended. A replay of its departure looks at every window and session
  /// (`Window.release(_:)`, `dropDelegates(of:)`) and finds the
  /// same, in the same order.
  func release(_ client: ClientState) -> Set<String> {
    let owner = OwnerID(client.id)
    let names = Set(client.interactionWindows.map(\.session)).union(client.delegateSessions)
      .sorted()
    advanceRealtimeWindows(.sessions(names), sendingFrames: false)
    var ended: Set<String> = []
    for name in names {
      guard let session = sessions[name] else { continue }
      let windows =
        client.delegateSessions.contains(name)
        ? session.orderedWindows
        : client.interactionWindows.filter { $0.session == name }.map(\.window).sorted()
          .compactMap { session.windows[$0] }
      for window in windows where window.release(owner) {
        ended.insert(name)
      }
    }
    for name in client.delegateSessions.sorted()
    where sessions[name]?.dropDelegates(of: owner) == true {
      ended.insert(name)
    }
    return ended
  }

  /// Cancels the interactive transitions `owner` holds in every window;
  /// returns the sessions where there were any.
  @discardableResult
  func cancelInteractions(ownedBy owner: UInt64) -> Set<String> {
    var cancelled: Set<String> = []
    for name in sessions.keys.sorted() {
      for window in sessions[name]?.orderedWindows ?? []
      where window.release(OwnerID(owner)) {
        cancelled.insert(name)
      }
    }
    return cancelled
  }

  // MARK: Commits

  /// What the writer reported (taken at one instant): the fenced records'
  /// answers are sent on, the failed ones' refused, then the answers the
  /// committed count releases go out. In that order: a record that failed
  /// is counted as committed too, and must be failed first.
  public func journalReported(_ report: JournalReport) {
    journalFenced(report.fenced)
    journalUnstored(report.unstored, failure: report.unstoredFailure)
    journalProgressed(committed: report.committed, failure: report.failure)
  }

  /// The writer committed records up to `committed`, or failed: responses
  /// and events waiting for those records go out (as `UNAVAILABLE` errors
  /// for the responses to requests whose records were lost), and after a
  /// failure mutating requests are refused.
  public func journalProgressed(committed: UInt64, failure: String?) {
    if let measurements = journal?.takeMeasurements() { measureJournal(measurements) }
    if let failure, outbox.failure == nil {
      logger.error(
        "cannot write the state database; refusing mutating requests",
        metadata: ["error": "\(failure)"])
    }
    dropWaiters(of: outbox.progressed(committed: committed, failure: failure))
    // A Subscribe answered only now (behind a response that waited for its
    // record) gets the events it is owed at once.
    if !publisher.awaitingBacklog.isEmpty { publish() }
  }

  /// The records the writer has committed.
  var journalCommitted: UInt64 { outbox.committed }

  /// Forgets the waiters of requests the outbox answered already (their
  /// records were lost, their sessions moved), logging their answers.
  func dropWaiters(of answered: [AnsweredRequest]) {
    guard !answered.isEmpty else { return }
    var codes: [UInt64: [UInt64: ErrorCode]] = [:]
    for request in answered {
      codes[request.clientID, default: [:]][request.requestID] = request.code
    }
    for waiter in waiters.removeAll(where: { codes[$0.clientID]?[$0.requestID] != nil }) {
      if let code = codes[waiter.clientID]?[waiter.requestID] {
        noteDeferredAnswer(waiter, outcome: code.rawValue)
      }
    }
  }

  // MARK: Restore

  /// Applies one journal record of a restore, to every session but
  /// `ahead` (sessions restored from a snapshot taken after it). Throws when
  /// the record cannot be decoded or its replay does not end as recorded.
  public func replay(_ bytes: [UInt8], ahead: Set<String> = []) throws(ReplayFailure) {
    let entry: Curtain_V1_JournalEntry
    do {
      entry = try Curtain_V1_JournalEntry(serializedBytes: bytes)
    } catch {
      throw ReplayFailure(description: "undecodable record: \(error)")
    }
    let hidden = sessions.filter { ahead.contains($0.key) }
    for name in hidden.keys { sessions[name] = nil }
    defer { sessions.merge(hidden) { current, _ in current } }
    let session = try replay(entry: entry)
    // The restored sessions' past goes on with the records after their
    // snapshots (SessionHistory.swift).
    history?.record(entry, session: session, live: sessions) { _ in nil }
  }

  /// Applies one decoded record (a restore's, or the past's in a scratch
  /// server, Server+Past.swift) to the sessions in place; returns the
  /// session it concerns ("": every session).
  @discardableResult
  func replay(entry: Curtain_V1_JournalEntry) throws(ReplayFailure) -> String {
    var concerns = ""
    guard entry.clock.isFinite, entry.clock >= 0 else {
      throw ReplayFailure(description: "record with clock \(entry.clock)")
    }
    switch entry.input {
    case .request(let request):
      guard let body = request.body else {
        throw ReplayFailure(description: "record without a request")
      }
      let client = ClientState(
        link: ReplayLink(clientID: entry.clientID), connectedAt: entry.clock)
      client.isWelcomed = true
      client.ownsInteractions = entry.ownsInteractions
      var target: RequestTarget?
      replay.scope = request.session.isEmpty ? "default" : request.session
      defer { replay.scope = nil }
      let result = pinningClock(at: entry.clock) {
        dispatch(request, RequestKind(body), from: client, target: &target)
      }
      concerns = journalSession(of: request, result: result)
      let replayed = check(after: request, result: result, in: concerns)
      // As publish() does after a request that is answered live (the check
      // was taken before it).
      removeKilledSessions()
      guard replayed == entry.check else {
        throw ReplayFailure(
          description:
            "\(RequestKind(body).rawValue) replayed differently (recorded "
            + "\(entry.check.textFormatString()), replayed \(replayed.textFormatString()))")
      }
    case .clientGone:
      pinningClock(at: entry.clock) {
        advanceRealtimeWindows(sendingFrames: false)
        cancelInteractions(ownedBy: entry.clientID)
        _ = dropDelegates(of: entry.clientID)
      }
    case .delegateTimeout(let timeout):
      concerns = timeout.session
      guard let session = sessions[timeout.session] else {
        throw ReplayFailure(description: "delegate timeout in unknown session '\(timeout.session)'")
      }
      replay.scope = timeout.session
      defer { replay.scope = nil }
      let failed = pinningClock(at: entry.clock) {
        advanceRealtimeWindows(sendingFrames: false)
        return session.failDelegateCall(timeout.callID, .timeout)
      }
      guard failed else {
        throw ReplayFailure(
          description: "delegate call \(timeout.callID) of '\(timeout.session)' was not open")
      }
    case .settled:
      _ = pinningClock(at: entry.clock) { settleSessions() }
    case nil:
      throw ReplayFailure(description: "record without an input")
    }
    replay.lastRecordClock = max(replay.lastRecordClock, entry.clock)
    return concerns
  }

  /// Finishes a restore: the clock continues from the last record, the
  /// transitions that were running are settled (recorded), and what the
  /// replay produced is published.
  public func finishRestore() {
    clocks.setBase(max(0, replay.lastRecordClock - clocks.loopNow()))
    // Delegates belong to connections: none survives a restart.
    let settledBefore = sessions.values.allSatisfy { $0.isQuiescent && !$0.hasDelegates }
    if !settledBefore {
      let time = clock()
      let end = pinningClock(at: time) { settleSessions() }
      var entry = Curtain_V1_JournalEntry()
      entry.clock = time
      entry.settled = Curtain_V1_Settled()
      // In cluster mode each session has a journal of its own.
      for name in router == nil ? [""] : sessions.keys.sorted() {
        _ = record(session: name, entry)
      }
      clocks.setBase(clocks.base + max(0, end - clock()))
    }
    clocks.startTime = clock()
    publisher.restored()
  }

  /// Settles every session (`Session.settle`); returns the clock time at
  /// which the realtime windows are settled.
  func settleSessions() -> Double {
    let now = clock()
    var end = now
    for name in sessions.keys.sorted() {
      guard let session = sessions[name] else { continue }
      end = max(end, session.settle(clockedWindows(of: session), at: now))
    }
    return end
  }
}

/// The client of a replayed request: nothing is sent anywhere.
final class ReplayLink: ClientLink {
  let clientID: UInt64
  var transportKind: TransportKind { .unix }

  init(clientID: UInt64) {
    self.clientID = clientID
  }

  func sendControl(_ message: ServerMessage) {}
  func sendFrame(_ frame: SharedFrame, subscription: UInt64, policy: FramePolicy) {}
  var unwrittenBytes: Int { 0 }
  func close(reason: Goodbye.Reason, message: String, details: [String: String]) {}
}
