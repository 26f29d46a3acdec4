// A request handler is a declarative entry (which request, whether it
// mutates, which target the dispatcher must resolve first) and a function
// from a resolved context to a result. Handlers never write to sockets.

import CurtainCore
import CurtainWire

/// Every request of the protocol, one case per `Request.body` field.
enum RequestKind: String, CaseIterable {
  case addChild, advanceClock, animateAlongside, beginInteractive, cancelInteractive
  case closeWindow, configureController, configureSplit, createController, createWindow, dismiss
  case finishInteractive, getStatus, getTree, hello, listControllers, listSessions, listWindows
  case loadStoryboard, pauseTransition, performSegue, pop, popTo, popToRoot, present, push
  case removeFromParent, resizeWindow, selectTab, setPages, setRoot, setSplitColumns, setStack
  case setTabs, setWindowVisible, show, showDetail, shutdown, subscribe, sync
  case transitionChildren, turnPage, unsubscribe, unwind, updateInteractive, waitIdle

  /// The kind of a request body. Exhaustive: a new proto request does not
  /// compile until it is named here.
  init(_ body: WireRequest.OneOf_Body) {
    switch body {
    case .hello: self = .hello
    case .sync: self = .sync
    case .getStatus: self = .getStatus
    case .shutdown: self = .shutdown
    case .listSessions: self = .listSessions
    case .createWindow: self = .createWindow
    case .listWindows: self = .listWindows
    case .closeWindow: self = .closeWindow
    case .resizeWindow: self = .resizeWindow
    case .setWindowVisible: self = .setWindowVisible
    case .createController: self = .createController
    case .configureController: self = .configureController
    case .listControllers: self = .listControllers
    case .setRoot: self = .setRoot
    case .addChild: self = .addChild
    case .removeFromParent: self = .removeFromParent
    case .transitionChildren: self = .transitionChildren
    case .push: self = .push
    case .pop: self = .pop
    case .popTo: self = .popTo
    case .popToRoot: self = .popToRoot
    case .setStack: self = .setStack
    case .selectTab: self = .selectTab
    case .setTabs: self = .setTabs
    case .beginInteractive: self = .beginInteractive
    case .updateInteractive: self = .updateInteractive
    case .pauseTransition: self = .pauseTransition
    case .finishInteractive: self = .finishInteractive
    case .cancelInteractive: self = .cancelInteractive
    case .animateAlongside: self = .animateAlongside
    case .getTree: self = .getTree
    case .subscribe: self = .subscribe
    case .unsubscribe: self = .unsubscribe
    case .advanceClock: self = .advanceClock
    case .waitIdle: self = .waitIdle
    case .present: self = .present
    case .dismiss: self = .dismiss
    case .show: self = .show
    case .showDetail: self = .showDetail
    case .loadStoryboard: self = .loadStoryboard
    case .performSegue: self = .performSegue
    case .unwind: self = .unwind
    case .configureSplit: self = .configureSplit
    case .setSplitColumns: self = .setSplitColumns
    case .setPages: self = .setPages
    case .turnPage: self = .turnPage
    }
  }
}

/// What the dispatcher resolves before a handler runs.
enum RequestTarget: Sendable {
  /// Nothing: the request is about the server.
  case server
  /// The request's session.
  case session
  /// A window of the request's session (0 is an error).
  case window(UInt64)
  /// A window of the request's session, 0 naming its first window.
  case windowOrFirst(UInt64)
  /// A controller of the request's session.
  case controller(Curtain_V1_ControllerRef)
}

/// What a handler returns.
enum HandlerResult {
  /// Success with a typed payload.
  case ok(Curtain_V1_Response.OneOf_Result)
  /// The request is wrong (INVALID_ARGUMENT).
  case invalid(String)
  /// The request is valid but the state does not allow it.
  case failed(ErrorCode, String)
  /// The answer comes later.
  case deferred(Waiter)
}

/// A request with its resolved targets.
struct RequestContext {
  let server: Server
  let client: ClientState
  let request: WireRequest
  /// The session, unless the target is `.server`.
  let session: Session?
  /// The resolved window, for `.window` targets.
  let window: Window?
  /// The resolved controller, for `.controller` targets.
  let controller: ViewController?

  /// The session (the dispatcher resolved it for every target but `.server`).
  var resolvedSession: Session { session! }

  /// Operation options from the request envelope.
  var operationOptions: OperationOptions {
    OperationOptions(
      traceID: request.traceID.isEmpty ? nil : request.traceID,
      expectedRevision: request.hasExpectedRevision ? request.expectedRevision : nil,
      owner: client.ownsInteractions ? OwnerID(client.id) : nil)
  }

  /// Resolves another controller reference of the request.
  func controller(_ ref: Curtain_V1_ControllerRef) throws -> ViewController {
    try server.resolveController(ref, in: resolvedSession)
  }

  /// Resolves a window id of the request's session.
  func window(_ id: UInt64) throws -> Window {
    try server.resolveWindow(id, in: resolvedSession)
  }
}

/// One request's declaration and implementation.
struct RequestHandler: Sendable {
  /// The request it handles.
  let kind: RequestKind
  /// Whether it changes state (read-only clients may not send it).
  let mutates: Bool
  /// What the dispatcher resolves first.
  let target: @Sendable (WireRequest) -> RequestTarget
  /// The handler.
  let run: @Sendable (RequestContext) throws -> HandlerResult
}
