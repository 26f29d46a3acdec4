// A request handler is a declarative entry (which request, whether it
// mutates, which target the dispatcher must resolve first) and a function
// from a resolved context to a result. Handlers never write to sockets.

import CurtainCore
import CurtainWire

/// Every request of the protocol, one case per `Request.body` field.
enum RequestKind: String, CaseIterable {
  case addChild, advanceClock, animateAlongside, beginAppearanceTransition, beginInteractive
  case cancelInteractive, closeWindow, configureController, configureSplit, createController
  case createWindow, deleteController, dismiss, endAppearanceTransition, exportSession
  case finishInteractive, getMetrics, getStatus, getTrace, getTree, hello, importSession,
    instantiateScene
  case killSession, listNodes, moveSession, record, checkRecording
  case listControllers, listSessions, listTransitions, listWindows, loadStoryboard, pauseTransition,
    performSegue
  case pop, popTo, popToRoot, present, push, removeFromParent, resizeWindow, selectTab, setPages
  case setCollectionLayout
  case setRoot, setSplitColumns, setStack, setTabs, setWindowSpeed, setWindowVisible, show
  case showDetail, shutdown
  case subscribe, sync, tap, transitionChildren, turnPage, unloadStoryboard, unsubscribe, unwind
  case updateInteractive, waitIdle, lease, release, setDelegate, clearDelegate, delegateReply
  case transitionFrame, completeTransition

  /// The kind of a request body. Exhaustive: a new proto request does not
  /// compile until it is named here.
  init(_ body: WireRequest.OneOf_Body) {
    switch body {
    case .hello: self = .hello
    case .sync: self = .sync
    case .getStatus: self = .getStatus
    case .getMetrics: self = .getMetrics
    case .listNodes: self = .listNodes
    case .moveSession: self = .moveSession
    case .shutdown: self = .shutdown
    case .listSessions: self = .listSessions
    case .killSession: self = .killSession
    case .exportSession: self = .exportSession
    case .importSession: self = .importSession
    case .createWindow: self = .createWindow
    case .listWindows: self = .listWindows
    case .listTransitions: self = .listTransitions
    case .closeWindow: self = .closeWindow
    case .resizeWindow: self = .resizeWindow
    case .setWindowVisible: self = .setWindowVisible
    case .setWindowSpeed: self = .setWindowSpeed
    case .createController: self = .createController
    case .configureController: self = .configureController
    case .listControllers: self = .listControllers
    case .deleteController: self = .deleteController
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
    case .record: self = .record
    case .checkRecording: self = .checkRecording
    case .getTrace: self = .getTrace
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
    case .unloadStoryboard: self = .unloadStoryboard
    case .instantiateScene: self = .instantiateScene
    case .configureSplit: self = .configureSplit
    case .setSplitColumns: self = .setSplitColumns
    case .setPages: self = .setPages
    case .turnPage: self = .turnPage
    case .setCollectionLayout: self = .setCollectionLayout
    case .beginAppearanceTransition: self = .beginAppearanceTransition
    case .endAppearanceTransition: self = .endAppearanceTransition
    case .tap: self = .tap
    case .lease: self = .lease
    case .release: self = .release
    case .setDelegate: self = .setDelegate
    case .clearDelegate_p: self = .clearDelegate
    case .delegateReply: self = .delegateReply
    case .transitionFrame: self = .transitionFrame
    case .completeTransition: self = .completeTransition
    }
  }
}

extension RequestKind: Hashable {
  /// The case's position in `allCases` (declaration order), read from the
  /// enum's one-byte tag (RequestKindTests checks both). Tables keyed by
  /// kind hash and compare it, not the raw value's string, which a
  /// `String`-backed enum otherwise hashes on every request.
  var ordinal: Int { withUnsafeBytes(of: self) { Int($0[0]) } }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ordinal)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ordinal == rhs.ordinal
  }
}

/// What a handler declares the dispatcher must resolve first, read from
/// the request.
enum RequestTarget: Sendable, CustomStringConvertible {
  /// Nothing: the request is about the server.
  case server
  /// The request's session.
  case session
  /// A window of the request's session (0 is an error).
  case window(UInt64)
  /// A window of the request's session, 0 naming its first window.
  case windowOrFirst(UInt64)
  /// The request's session and, unless 0, a window of it.
  case sessionOrWindow(UInt64)
  /// A controller of the request's session.
  case controller(Curtain_V1_ControllerRef)
  /// A controller of the request's session and another one the request
  /// names (the controller a push pushes).
  case controllers(Curtain_V1_ControllerRef, Curtain_V1_ControllerRef)
  /// A transition of the request's session, found in the window running
  /// it; a window id other than 0 must name that window.
  case transition(UInt64, window: UInt64)

  /// The target as the log names it: `w3`, `c5`, `@Nav`, `t2`.
  var description: String {
    func name(_ ref: Curtain_V1_ControllerRef) -> String {
      switch ref.ref {
      case .id(let id): return "c\(id)"
      case .identifier(let identifier): return "@\(identifier)"
      case nil: return "?"
      }
    }
    switch self {
    case .server: return "server"
    case .session: return "session"
    case .window(let id), .windowOrFirst(let id), .sessionOrWindow(let id):
      return id == 0 ? "session" : "w\(id)"
    case .controller(let ref): return name(ref)
    case .controllers(let first, let second): return "\(name(first)) \(name(second))"
    case .transition(let id, let window): return window == 0 ? "t\(id)" : "t\(id) w\(window)"
    }
  }

  /// The window the request names by id, if it names one (not 0).
  var namedWindow: UInt64? {
    switch self {
    case .window(let id), .windowOrFirst(let id), .sessionOrWindow(let id):
      return id == 0 ? nil : id
    case .transition(_, let window): return window == 0 ? nil : window
    case .server, .session, .controller, .controllers: return nil
    }
  }
}

/// What a handler returns.
enum HandlerResult {
  /// Success with a typed payload; the answer also waits for record
  /// `waitsFor` of the journal writer (0: none but its own), as an answer
  /// whose change another record makes durable (MoveSession's hand-over).
  case ok(WireResponse.OneOf_Result, waitsFor: UInt64 = 0)
  /// The request is wrong (INVALID_ARGUMENT).
  case invalid(String)
  /// The request is valid but the state does not allow it.
  case failed(ErrorCode, String, details: [String: String]? = nil)
  /// An error response, then the connection closes with a goodbye saying
  /// the same (a Hello that cannot be accepted).
  case failedAndClose(ErrorCode, String, Goodbye.Reason)
  /// The answer comes later.
  case deferred(Waiter)

  /// Whether it refuses access (PERMISSION_DENIED).
  var isPermissionDenied: Bool {
    if case .failed(.permissionDenied, _, _) = self { return true }
    return false
  }
}

/// One request's declaration and implementation. Handlers are made by the
/// factories of `RequestHandler+Targets.swift`, one per target kind, which
/// resolve the declared target and hand the handler a context of its own
/// type with the resolved values.
struct RequestHandler: Sendable {
  /// The request it handles.
  let kind: RequestKind
  /// Whether it changes state (read-only clients may not send it).
  let mutates: Bool
  /// What the dispatcher resolves first.
  let target: @Sendable (WireRequest) -> RequestTarget
  /// Which realtime windows it brings up to date first.
  var catchUp: CatchUp = .target
  /// Resolves the target (NOT_FOUND or INVALID_ARGUMENT when it cannot)
  /// and returns the handler bound to what it found.
  let bind: @Sendable (Server, ClientState, WireRequest) throws -> BoundRequest
}

/// Which realtime windows a request brings up to date before it runs
/// (`Server.advanceScope`).
enum CatchUp: Sendable {
  /// Those of its target: the window it names, else its session's.
  case target
  /// Only those whose deadline has come: a read of summaries that holds
  /// nothing a window's clock changes but the clock's time, which it takes
  /// from the clock (`ListWindows`).
  case due
}

/// A handler bound to its resolved targets, ready to run.
struct BoundRequest {
  /// The window `expected_revision` is checked against, if the target is
  /// in one.
  let window: Window?
  /// Runs the handler.
  let run: () throws -> HandlerResult
}
