// Request processing: the handshake gate, the read-only gate, target
// resolution (tmux-style: by the time a handler runs its targets exist), the
// handler, and the response.

import CurtainCore
import CurtainWire

extension Server {
  func handle(_ request: WireRequest, from client: ClientState) {
    let requestID = request.requestID
    let traceID = request.traceID
    guard let body = request.body else {
      guard client.isWelcomed else {
        return client.link.close(reason: .protocolError, message: "The first message must be Hello")
      }
      return respond(
        to: client, requestID: requestID, traceID: traceID,
        .failure(CurtainError(.invalidArgument, "Unknown or empty request")))
    }
    let kind = RequestKind(body)
    if !client.isWelcomed, kind != .hello {
      return client.link.close(
        reason: .protocolError, message: "The first message must be Hello, not \(kind.rawValue)")
    }
    guard let handler = RequestTable.handler(for: kind) else {
      return respond(
        to: client, requestID: requestID, traceID: traceID,
        .failure(CurtainError(.internalError, "No handler for \(kind.rawValue)")))
    }
    if handler.mutates, client.isReadOnly {
      return respond(
        to: client, requestID: requestID, traceID: traceID,
        .failure(
          CurtainError(.permissionDenied, "A read-only client cannot send \(kind.rawValue)")))
    }
    advanceRealtimeWindows()
    let outcome: HandlerResult
    do {
      let context = try resolve(handler, request, for: client)
      if handler.mutates, request.hasExpectedRevision {
        try checkRevision(request.expectedRevision, context)
      }
      outcome = try handler.run(context)
    } catch let error as CurtainError {
      outcome = .failed(error.code, error.message)
    } catch {
      logger.error("\(kind.rawValue) failed unexpectedly: \(error)")
      outcome = .failed(.internalError, "\(error)")
    }
    switch outcome {
    case .ok(let result):
      respond(to: client, requestID: requestID, traceID: traceID, .success(result))
    case .invalid(let message):
      respond(
        to: client, requestID: requestID, traceID: traceID,
        .failure(CurtainError(.invalidArgument, message)))
    case .failed(let code, let message):
      respond(
        to: client, requestID: requestID, traceID: traceID,
        .failure(CurtainError(code, message)))
    case .deferred(let waiter):
      _ = reserveSlot(for: client, requestID: requestID)
      waiters.append(waiter)
    }
    if let close = client.pendingClose {
      client.link.close(reason: close.reason, message: close.message)
    }
  }

  /// `expected_revision` on any mutating request: the target's window must be
  /// at that revision (`CONFLICT` otherwise, before anything changes); a
  /// request whose target is in no window cannot carry one.
  private func checkRevision(_ expected: UInt64, _ context: RequestContext) throws {
    guard let window = context.window ?? context.controller?.window else {
      throw CurtainError(
        .invalidArgument,
        "expected_revision needs a request whose target is in a window; this one is not")
    }
    if window.revision != expected {
      throw CurtainError(
        .conflict, "Window \(window.id) is at revision \(window.revision), not \(expected)")
    }
  }

  /// Resolves the handler's declared target.
  private func resolve(_ handler: RequestHandler, _ request: WireRequest, for client: ClientState)
    throws -> RequestContext
  {
    let target = handler.target(request)
    if case .server = target {
      return RequestContext(
        server: self, client: client, request: request, session: nil, window: nil,
        controller: nil)
    }
    let name = request.session.isEmpty ? "default" : request.session
    guard let session = session(named: name, create: handler.mutates) else {
      throw CurtainError(.notFound, "No session '\(name)'")
    }
    switch target {
    case .server, .session:
      return RequestContext(
        server: self, client: client, request: request, session: session, window: nil,
        controller: nil)
    case .window(let id):
      guard id != 0 else { throw CurtainError(.invalidArgument, "A window id is required") }
      return RequestContext(
        server: self, client: client, request: request, session: session,
        window: try resolveWindow(id, in: session), controller: nil)
    case .windowOrFirst(let id):
      return RequestContext(
        server: self, client: client, request: request, session: session,
        window: try resolveWindow(id, in: session), controller: nil)
    case .controller(let ref):
      return RequestContext(
        server: self, client: client, request: request, session: session, window: nil,
        controller: try resolveController(ref, in: session))
    }
  }

  /// The session with this name, created when asked and the name is valid.
  func session(named name: String, create: Bool) -> Session? {
    if let session = sessions[name] { return session }
    guard create, Self.isValidSessionName(name) else { return nil }
    let session = Session(
      name: name,
      configuration: SessionConfiguration(
        operationQueueLimit: configuration.operationQueueLimit,
        eventLogCapacity: configuration.eventRing,
        interactionTimeout: configuration.interactionTimeout))
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
    guard !isShuttingDown else { return }
    isShuttingDown = true
    onShutdown?()
  }
}
