// What a handler receives: the request, the client that sent it and the
// server, plus what the dispatcher resolved for its declared target. Each
// target kind has its own context type whose resolved values are not
// optional, so a handler never unwraps what the dispatcher already checked.

import CurtainCore
import CurtainWire

/// The request and who sent it.
protocol RequestContext {
  /// The server.
  var server: Server { get }
  /// The client that sent the request.
  var client: ClientState { get }
  /// The request.
  var request: WireRequest { get }
}

/// A request addressed to a session.
protocol SessionRequestContext: RequestContext {
  /// The request's session.
  var session: Session { get }
}

extension RequestContext {
  /// Operation options from the request envelope.
  var operationOptions: OperationOptions {
    OperationOptions(
      traceID: request.traceID.isEmpty ? nil : request.traceID,
      expectedRevision: request.hasExpectedRevision ? request.expectedRevision : nil,
      owner: client.ownsInteractions ? OwnerID(client.id) : nil)
  }
}

extension SessionRequestContext {
  /// Resolves another controller reference of the request.
  func controller(_ ref: Curtain_V1_ControllerRef) throws -> ViewController {
    try server.resolveController(ref, in: session)
  }
}

/// A request about the server itself.
struct ServerContext: RequestContext {
  let server: Server
  let client: ClientState
  let request: WireRequest
}

/// A request addressed to a session (and perhaps, optionally, one of its
/// windows).
struct SessionContext: SessionRequestContext {
  let server: Server
  let client: ClientState
  let request: WireRequest
  let session: Session
  /// The window the request names where a window is optional (a storyboard
  /// loaded with a root for one); `nil` when it names none.
  let window: Window?
}

/// A request addressed to a window.
struct WindowContext: SessionRequestContext {
  let server: Server
  let client: ClientState
  let request: WireRequest
  let session: Session
  /// The window.
  let window: Window
}

/// A request addressed to a controller.
struct ControllerContext: SessionRequestContext {
  let server: Server
  let client: ClientState
  let request: WireRequest
  let session: Session
  /// The controller.
  let controller: ViewController
}

/// A request addressed to a controller that names a second one (the
/// controller a navigation controller pushes, a presenter presents, a
/// container adds).
struct ControllerPairContext: SessionRequestContext {
  let server: Server
  let client: ClientState
  let request: WireRequest
  let session: Session
  /// The controller the request is addressed to.
  let controller: ViewController
  /// The other controller it names.
  let other: ViewController
}

/// A request about a running transition of a session.
struct TransitionTargetContext: SessionRequestContext {
  let server: Server
  let client: ClientState
  let request: WireRequest
  let session: Session
  /// The window running the transition.
  let window: Window
  /// The transition.
  let transition: Transition
}
