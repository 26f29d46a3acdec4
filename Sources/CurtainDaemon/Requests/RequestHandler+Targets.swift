// The factories of request handlers, one per target kind (tmux's
// `cmd_entry` target flags): each declares what the dispatcher resolves
// before the handler runs, resolves it, and gives the handler a context in
// which the resolved session, window, controllers or transition are plain
// values.

import CurtainCore
import CurtainWire

extension RequestHandler {
  /// A request about the server itself.
  static func server(
    _ kind: RequestKind, mutates: Bool,
    run: @escaping @Sendable (ServerContext) throws -> HandlerResult
  ) -> RequestHandler {
    RequestHandler(
      kind: kind, mutates: mutates, target: { _ in .server },
      bind: { server, client, request in
        let context = ServerContext(server: server, client: client, request: request)
        return BoundRequest(window: nil) { try run(context) }
      })
  }

  /// A request addressed to a session; with `window`, also to the window
  /// it names when that id is not 0 (`SessionContext.window`).
  static func session(
    _ kind: RequestKind, mutates: Bool, catchUp: CatchUp = .target,
    window: (@Sendable (WireRequest) -> UInt64)? = nil,
    run: @escaping @Sendable (SessionContext) throws -> HandlerResult
  ) -> RequestHandler {
    RequestHandler(
      kind: kind, mutates: mutates,
      target: { request in window.map { .sessionOrWindow($0(request)) } ?? .session },
      catchUp: catchUp,
      bind: { server, client, request in
        let session = try server.resolveSession(of: request, create: mutates)
        let id = window?(request) ?? 0
        let named = id == 0 ? nil : try server.resolveWindow(id, in: session)
        let context = SessionContext(
          server: server, client: client, request: request, session: session, window: named)
        return BoundRequest(window: named) { try run(context) }
      })
  }

  /// A request addressed to a window; with `firstWhenZero`, id 0 names
  /// the session's first window, else it is an error.
  static func window(
    _ kind: RequestKind, mutates: Bool, firstWhenZero: Bool = false,
    _ id: @escaping @Sendable (WireRequest) -> UInt64,
    run: @escaping @Sendable (WindowContext) throws -> HandlerResult
  ) -> RequestHandler {
    RequestHandler(
      kind: kind, mutates: mutates,
      target: { firstWhenZero ? .windowOrFirst(id($0)) : .window(id($0)) },
      bind: { server, client, request in
        let session = try server.resolveSession(of: request, create: mutates)
        let windowID = id(request)
        guard windowID != 0 || firstWhenZero else {
          throw CurtainError(.invalidArgument, "A window id is required")
        }
        let window = try server.resolveWindow(windowID, in: session)
        let context = WindowContext(
          server: server, client: client, request: request, session: session, window: window)
        return BoundRequest(window: window) { try run(context) }
      })
  }

  /// A request addressed to a controller.
  static func controller(
    _ kind: RequestKind, mutates: Bool,
    _ ref: @escaping @Sendable (WireRequest) -> Curtain_V1_ControllerRef,
    run: @escaping @Sendable (ControllerContext) throws -> HandlerResult
  ) -> RequestHandler {
    RequestHandler(
      kind: kind, mutates: mutates, target: { .controller(ref($0)) },
      bind: { server, client, request in
        let session = try server.resolveSession(of: request, create: mutates)
        let controller = try server.resolveController(ref(request), in: session)
        let context = ControllerContext(
          server: server, client: client, request: request, session: session,
          controller: controller)
        return BoundRequest(window: controller.window) { try run(context) }
      })
  }

  /// A request addressed to a controller that names a second one; both
  /// are resolved, the first before the second.
  static func controllers(
    _ kind: RequestKind, mutates: Bool,
    _ refs:
      @escaping @Sendable (WireRequest) -> (Curtain_V1_ControllerRef, Curtain_V1_ControllerRef),
    run: @escaping @Sendable (ControllerPairContext) throws -> HandlerResult
  ) -> RequestHandler {
    RequestHandler(
      kind: kind, mutates: mutates,
      target: { request in
        let (first, second) = refs(request)
        return .controllers(first, second)
      },
      bind: { server, client, request in
        let session = try server.resolveSession(of: request, create: mutates)
        let (first, second) = refs(request)
        let controller = try server.resolveController(first, in: session)
        let other = try server.resolveController(second, in: session)
        let context = ControllerPairContext(
          server: server, client: client, request: request, session: session,
          controller: controller, other: other)
        return BoundRequest(window: controller.window) { try run(context) }
      })
  }

  /// A request about a running transition. Transition ids are unique in a
  /// session, so the dispatcher finds the window running it; a window id
  /// other than 0 (accepted for clients that send one) must name that
  /// window. A transition that runs nowhere is NOT_FOUND (saying why it
  /// ended, while the session remembers), unless the handler answers for
  /// one that ended (`ended`, given the session and the window the request
  /// named, if any).
  static func transition(
    _ kind: RequestKind,
    _ ids: @escaping @Sendable (WireRequest) -> (transition: UInt64, window: UInt64),
    run: @escaping @Sendable (TransitionTargetContext) throws -> HandlerResult,
    ended: (@Sendable (SessionContext, TransitionID) throws -> HandlerResult)? = nil
  ) -> RequestHandler {
    RequestHandler(
      kind: kind, mutates: true,
      target: { request in
        let (transition, window) = ids(request)
        return .transition(transition, window: window)
      },
      bind: { server, client, request in
        let session = try server.resolveSession(of: request, create: true)
        let (transitionNumber, windowNumber) = ids(request)
        guard transitionNumber != 0 else {
          throw CurtainError(.invalidArgument, "A transition id is required")
        }
        let id = TransitionID(transitionNumber)
        let named = windowNumber == 0 ? nil : try server.resolveWindow(windowNumber, in: session)
        let running = session.orderedWindows.lazy.compactMap { window in
          window.transition(id).map { (window, $0) }
        }.first
        guard let (window, transition) = running else {
          if let ended {
            let context = SessionContext(
              server: server, client: client, request: request, session: session, window: named)
            return BoundRequest(window: named) { try ended(context, id) }
          }
          if let ending = session.ending(of: id) {
            throw CurtainError(.notFound, "Transition \(id) is no longer running: it \(ending)")
          }
          if let named {
            throw CurtainError(.notFound, "No running transition \(id) in window \(named.id)")
          }
          throw CurtainError(
            .notFound,
            "No window of the session is running transition \(id) (it may have ended or been "
              + "cancelled)")
        }
        if let named, named !== window {
          throw CurtainError(
            .invalidArgument, "Transition \(id) runs in window \(window.id), not in \(named.id)")
        }
        let context = TransitionTargetContext(
          server: server, client: client, request: request, session: session, window: window,
          transition: transition)
        return BoundRequest(window: window) { try run(context) }
      })
  }
}
