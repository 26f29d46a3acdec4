// Request processing: the handshake gate, the read-only gate, the access
// checks (Server+Access.swift), target resolution (tmux-style: by the time a
// handler runs its targets exist), the handler, the response, and one log
// line per request.

import CurtainCore
import CurtainWire
import Logging

extension Server {
  func handle(
    _ request: WireRequest, from client: ClientState, bytes: Int? = nil,
    oversized: RequestSize.Violation? = nil
  ) {
    let start = clock()
    let kind = request.body.map(RequestKind.init)
    if !client.isWelcomed, kind != .hello {
      let seconds = clock() - start
      logRequest(request, kind, target: nil, from: client, outcome: "CLOSED", seconds: seconds)
      measureRequest(kind, outcome: "CLOSED", seconds: seconds)
      return client.link.close(
        reason: .protocolError,
        message: kind.map { "The first message must be Hello, not \($0.rawValue)" }
          ?? "The first message must be Hello")
    }
    var target: RequestTarget?
    // Cluster mode: the session the request is routed by, noted on its
    // response while that waits in the outbox, so that a session dropped as
    // another node's takes its unsent answers with it.
    let session =
      router != nil ? kind.flatMap { ClusterRouter.routedSession(of: request, $0) } : nil
    // An input of the sessions: journalled (durable) and kept for the past
    // (SessionHistory.swift).
    let recordable = (journal != nil || history != nil) && isRecordable(kind, from: client)
    var recorded = journal != nil && recordable
    let result: HandlerResult
    var commit: UInt64 = 0
    if let refusal = router?.refusal(of: request, kind, recorded: recorded, now: clock()) {
      // Nothing changed here: nothing is recorded.
      recorded = false
      result = refusal
    } else if recorded, let failure = outbox.failure {
      result = .failed(.unavailable, "The daemon cannot record changes: \(failure)")
    } else if let refusal = limitRefusal(
      of: request, kind, from: client, bytes: bytes, oversized: oversized)
    {
      result = refusal
    } else {
      // The request's time: the model's clock is pinned at it.
      let time = start
      result = pinningClock(at: time) { dispatch(request, kind, from: client, target: &target) }
      // A refusal of access changed nothing and depends on connections, not
      // on the model: it is not journalled (Server+Access.swift).
      if recordable, !result.isPermissionDenied {
        commit = recordRequest(request, at: time, from: client, result: result)
      }
      // A handler whose answer waits for another record of the writer
      // (MoveSession's hand-over) says so in its result.
      if case .ok(_, let waitsFor) = result, waitsFor > 0 {
        commit = max(commit, waitsFor)
        recorded = true
      }
    }
    let outcome: String
    let (requestID, traceID) = (request.requestID, request.traceID)
    func respond(_ answer: ResponseOutcome) {
      outbox.respond(
        to: client.id, requestID: requestID, traceID: traceID, commit: commit,
        recorded: recorded, session: session, answer)
    }
    switch result {
    case .ok(let payload, _):
      outcome = "OK"
      respond(.success(payload))
    case .invalid(let message):
      outcome = ErrorCode.invalidArgument.rawValue
      respond(.failure(CurtainError(.invalidArgument, message)))
    case .failed(let code, let message, let details):
      outcome = code.rawValue
      respond(.failure(CurtainError(code, message, details: details)))
    case .failedAndClose(let code, let message, let reason):
      outcome = code.rawValue
      respond(.failure(CurtainError(code, message)))
      // The connection closes now, so its last answer (a refused Hello,
      // which shows nothing of the sessions) cannot wait for the journal.
      outbox.release(client.id)
      client.link.close(reason: reason, message: message)
    case .deferred(let waiter):
      outcome = "DEFERRED"
      outbox.reserve(
        for: client.id, requestID: requestID, traceID: traceID, commit: commit,
        recorded: recorded, session: session)
      waiters.append(waiter)
    }
    let seconds = clock() - start
    logRequest(request, kind, target: target, from: client, outcome: outcome, seconds: seconds)
    // A deferred request is timed at its final answer (`noteDeferredAnswer`).
    measureRequest(kind, outcome: outcome, seconds: outcome == "DEFERRED" ? nil : seconds)
  }

  /// Runs the gates, resolves the handler's target and runs the handler.
  func dispatch(
    _ request: WireRequest, _ kind: RequestKind?, from client: ClientState,
    target: inout RequestTarget?
  ) -> HandlerResult {
    guard let kind else { return .invalid("Unknown or empty request") }
    guard let handler = RequestTable.handler(for: kind) else {
      return .failed(.internalError, "No handler for \(kind.rawValue)")
    }
    let resolving = handler.target(request)
    target = resolving
    if handler.mutates, client.isReadOnly {
      return .failed(.permissionDenied, "A read-only client cannot send \(kind.rawValue)")
    }
    advanceRealtimeWindows(
      advanceScope(
        of: request, target: resolving, mutates: handler.mutates, catchUp: handler.catchUp),
      sendingFrames: false,
      changing: handler.mutates)
    do {
      try checkScope(kind, request, target: resolving, client: client)
      expireLeases()
      let bound = try handler.bind(self, client, request)
      if handler.mutates {
        try checkWindowAccess(kind, request, window: bound.window, client: client)
      }
      if handler.mutates, request.hasExpectedRevision {
        try checkRevision(request.expectedRevision, bound.window)
      }
      return try bound.run()
    } catch let error as CurtainError {
      return .failed(error.code, error.message, details: error.details)
    } catch {
      logger.error(
        "request failed unexpectedly",
        metadata: ["kind": "\(kind.rawValue)", "error": "\(error)"])
      return .failed(.internalError, "\(error)")
    }
  }

  /// One debug line per request (client, request, kind, target, trace id,
  /// outcome, whether deferred, and the time it took on the loop), and a
  /// warning for a request that held the loop longer than
  /// `slowRequestSeconds`.
  private func logRequest(
    _ request: WireRequest, _ kind: RequestKind?, target: RequestTarget?,
    from client: ClientState, outcome: String, seconds: Double
  ) {
    let slow = seconds > Self.slowRequestSeconds
    guard slow || logger.logLevel <= .debug else { return }
    var metadata: Logger.Metadata = [
      "client": "\(client.id)",
      "client_name": "\(client.name)",
      "request_id": "\(request.requestID)",
      "kind": "\(kind?.rawValue ?? "empty")",
      "target": "\(target?.description ?? "-")",
      "outcome": "\(outcome)",
      "deferred": "\(outcome == "DEFERRED")",
      "loop_ms": "\((seconds * 1_000_000).rounded() / 1_000)",
    ]
    if !request.traceID.isEmpty { metadata["trace_id"] = "\(request.traceID)" }
    if slow {
      logger.warning("slow request", metadata: metadata)
    } else {
      logger.debug("request", metadata: metadata)
    }
  }

  /// Gives a deferred request (`wait_until` STARTED or COMPLETED,
  /// `WaitIdle`) its final answer, logged and timed.
  func answer(_ waiter: Waiter, _ outcome: ResponseOutcome) {
    outbox.fill(waiter.clientID, requestID: waiter.requestID, traceID: waiter.traceID, outcome)
    switch outcome {
    case .success: noteDeferredAnswer(waiter, outcome: "OK")
    case .failure(let error): noteDeferredAnswer(waiter, outcome: error.code.rawValue)
    }
  }

  /// The final answer of a deferred request: the time from the request to
  /// it goes into `curtain_request_seconds` (the request's own count did
  /// not time it), and a debug line says what it was (the request's own
  /// line said `DEFERRED`).
  func noteDeferredAnswer(_ waiter: Waiter, outcome: String) {
    let seconds = max(0, clock() - waiter.since)
    meters.requests.seconds.recordSeconds(seconds)
    guard logger.logLevel <= .debug else { return }
    var metadata: Logger.Metadata = [
      "client": "\(waiter.clientID)",
      "request_id": "\(waiter.requestID)",
      "kind": "\(waiter.kind?.rawValue ?? "empty")",
      "outcome": "\(outcome)",
      "answer_ms": "\((seconds * 1_000_000).rounded() / 1_000)",
    ]
    if !waiter.traceID.isEmpty { metadata["trace_id"] = "\(waiter.traceID)" }
    logger.debug("deferred answer", metadata: metadata)
  }

  /// `expected_revision` on any mutating request: the target's window must be
  /// at that revision (`CONFLICT` otherwise, before anything changes); a
  /// request whose target is in no window cannot carry one.
  private func checkRevision(_ expected: UInt64, _ window: Window?) throws {
    guard let window else {
      throw CurtainError(
        .invalidArgument,
        "expected_revision needs a request whose target is in a window; this one is not")
    }
    if window.revision != expected {
      throw CurtainError(
        .conflict, "Window \(window.id) is at revision \(window.revision), not \(expected)")
    }
  }

  /// The request's session (empty means "default"), created when `create`
  /// and the name is valid.
  func resolveSession(of request: WireRequest, create: Bool) throws -> Session {
    let name = request.session.isEmpty ? "default" : request.session
    guard let session = try session(named: name, create: create) else {
      throw CurtainError(.notFound, "No session '\(name)'")
    }
    return session
  }

  /// The session with this name, created when asked, the name is valid and
  /// the daemon has room for it (max-sessions: `LIMIT_EXCEEDED`).
  func session(named name: String, create: Bool) throws(CurtainError) -> Session? {
    if let session = sessions[name] { return session }
    guard create, Self.isValidSessionName(name) else { return nil }
    try checkSessionLimit()
    let session = Session(name: name, configuration: sessionConfiguration())
    sessions[name] = session
    return session
  }

  /// Session names: 1 to 64 of letters, digits, `_`, `-`, `.`.
  static func isValidSessionName(_ name: String) -> Bool {
    (1...64).contains(name.count)
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "_-.".unicodeScalars.contains($0)
      }
  }

  /// A window of `session`; 0 names the first window.
  func resolveWindow(_ id: UInt64, in session: Session) throws -> Window {
    if id == 0 {
      guard let first = session.orderedWindows.first else {
        throw CurtainError(.notFound, "Session '\(session.name)' has no window")
      }
      return first
    }
    guard let window = session.windows[WindowID(id)] else {
      throw CurtainError(.notFound, "No window w\(id) in session '\(session.name)'")
    }
    return window
  }

  /// A controller of `session` by id or identifier.
  func resolveController(_ ref: Curtain_V1_ControllerRef, in session: Session) throws
    -> ViewController
  {
    switch ref.ref {
    case .id(let id):
      guard let controller = session.controllers[ControllerID(id)] else {
        throw CurtainError(.notFound, "No view controller c\(id)")
      }
      return controller
    case .identifier(let identifier):
      guard let controller = session.controller(identifier: identifier) else {
        throw CurtainError(.notFound, "No view controller @\(identifier)")
      }
      return controller
    case nil:
      throw CurtainError(.invalidArgument, "A view controller (id or identifier) is required")
    }
  }

  /// The window behind a key, if it still exists.
  func window(for key: WindowKey) -> Window? {
    sessions[key.session]?.windows[key.window]
  }

  /// The key of a window.
  func key(of window: Window) -> WindowKey {
    WindowKey(session: window.session.name, window: window.id)
  }

  /// Marks the server as stopping; the transport does the rest.
  func requestShutdown() {
    guard !shutdown.began else { return }
    shutdown.began = true
    shutdown.onShutdown?()
  }
}
