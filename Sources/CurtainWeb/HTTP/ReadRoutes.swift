// The read side of the JSON API: one route per read request of the
// protocol, answering what the CLI's `--json` prints for the same request
// (docs/web.md lists them with examples). Each route asks the daemon
// through the bridge; nothing is cached.
//
//   GET /api/inspector                  curtain-web itself: read-write?, the daemon's state
//   GET /api/status                     GetStatus         (curtain status --json)
//   GET /api/metrics                    GetMetrics        (curtain metrics --json)
//   GET /api/sessions                   ListSessions
//   GET /api/windows                    ListWindows       (curtain list-windows --json)
//   GET /api/windows/{w}                one window of ListWindows
//   GET /api/windows/{w}/tree           GetTree           (curtain tree --json; ?views=1, ?presentation=1)
//   GET /api/windows/{w}/scene          GetTree + ListControllers + ListTransitions, for drawing
//
// The tree, the scene (without transitions) and the snapshot of a window
// take `?at_seq=N` or `?at=SECONDS`: the window at a moment of its past.
//   GET /api/windows/{w}/transitions    ListTransitions of one window
//   GET /api/windows/{w}/snapshot.svg   curtain snapshot --svg
//   GET /api/windows/{w}/trace.json     GetTrace          (curtain trace -o -; ?clock=wall)
//   GET /api/controllers                ListControllers
//   GET /api/controllers/{c}            one controller of ListControllers
//   GET /api/transitions                ListTransitions   (curtain list-transitions --json)

import CurtainCLIKit
import CurtainWire
import Hummingbird

/// The read-only routes of the JSON API.
struct ReadRoutes {
  let bridge: Bridge

  func add<Context: RequestContext>(to router: Router<Context>) {
    let api = router.group("api")
    api.get("inspector") { _, _ in
      let (_, state) = await bridge.mainState()
      return WebResponse.json(
        .object([
          ("read_write", .bool(bridge.readWrite)),
          ("socket", .string(bridge.endpoint.description)),
          ("daemon", DaemonLink.stateJSON(state)),
        ]))
    }
    api.get("status") { request, context in
      let response = try await bridge.call(.getStatus(Curtain_V1_GetStatus()))
      guard case .status(let status)? = response.result else { throw unexpected(response) }
      return WebResponse.json(OutputFormat.json(status))
    }
    api.get("metrics") { request, context in
      let response = try await bridge.call(.getMetrics(Curtain_V1_GetMetrics()))
      guard case .metrics(let metrics)? = response.result else { throw unexpected(response) }
      return WebResponse.json(OutputFormat.json(metrics))
    }
    api.get("sessions") { _, _ in
      let response = try await bridge.call(.listSessions(Curtain_V1_ListSessions()))
      guard case .sessions(let list)? = response.result else { throw unexpected(response) }
      return WebResponse.json(.array(list.sessions.map(OutputFormat.json)))
    }
    api.get("windows") { request, context in
      let windows = try await listWindows(APIRequest(request, context).session)
      return WebResponse.json(.array(windows.map(OutputFormat.json)))
    }
    api.get("windows/:window") { request, context in
      let api = APIRequest(request, context)
      let id = try api.window
      guard let window = try await listWindows(api.session).first(where: { $0.id == id }) else {
        throw APIError.notFound("No window w\(id) in session '\(api.session)'")
      }
      return WebResponse.json(OutputFormat.json(window))
    }
    api.get("windows/:window/tree") { request, context in
      let api = APIRequest(request, context)
      let tree = try await tree(
        api, views: api.flag("views") || api.flag("presentation"),
        presentation: api.flag("presentation"))
      return WebResponse.json(OutputFormat.json(tree))
    }
    api.get("windows/:window/scene") { request, context in
      let api = APIRequest(request, context)
      let tree = try await tree(api, views: true, presentation: true)
      let past = try api.past
      // The transitions of the past are not kept: a past scene has none.
      return WebResponse.json(
        Scene.json(
          tree, controllers: try await controllers(api.session, past: past),
          transitions: past != nil ? [] : try await transitions(api.session, window: tree.window.id)
        ))
    }
    api.get("windows/:window/transitions") { request, context in
      let api = APIRequest(request, context)
      let list = try await transitions(api.session, window: try api.window)
      return WebResponse.json(.array(list.map(OutputFormat.json)))
    }
    api.get("transitions") { request, context in
      let list = try await transitions(APIRequest(request, context).session, window: 0)
      return WebResponse.json(.array(list.map(OutputFormat.json)))
    }
    api.get("windows/:window/snapshot.svg") { request, context in
      let api = APIRequest(request, context)
      let tree = try await tree(api, views: true, presentation: true)
      let time = OutputFormat.decimal(tree.window.time, fixed: 3)
      let document = SVGSnapshot.document(
        of: tree, caption: "w\(tree.window.id) at t=\(time)",
        controllers: try await controllers(api.session, past: try api.past))
      return WebResponse.text(document, type: "image/svg+xml; charset=utf-8")
    }
    api.get("windows/:window/trace.json") { request, context in
      let api = APIRequest(request, context)
      var getTrace = Curtain_V1_GetTrace()
      getTrace.windowID = try api.window
      switch request.uri.queryParameters.get("clock") {
      case nil, "window": getTrace.clock = .window
      case "wall": getTrace.clock = .wall
      case let other?:
        throw APIError.invalid("clock must be window or wall, got \(other)")
      }
      var document = TraceDocument()
      while true {
        let response = try await bridge.call(.getTrace(getTrace), session: api.session)
        guard case .trace(let trace)? = response.result else { throw unexpected(response) }
        try document.add(trace.json)
        getTrace.sinceSeq = trace.lastSeq
        getTrace.sinceFrameSeq = trace.lastFrameSeq
        if !trace.more { break }
      }
      var response = WebResponse.text(
        try document.json(), type: "application/json; charset=utf-8")
      response.headers[.contentDisposition] =
        "attachment; filename=\"w\(getTrace.windowID).trace.json\""
      return response
    }
    api.get("controllers") { request, context in
      let list = try await controllers(APIRequest(request, context).session)
      return WebResponse.json(.array(list.map(OutputFormat.json)))
    }
    api.get("controllers/:controller") { request, context in
      let api = APIRequest(request, context)
      let ref = try api.controller
      let list = try await controllers(api.session)
      let found = list.first { info in
        switch ref.ref {
        case .id(let id): return info.id == id
        case .identifier(let identifier): return info.identifier == identifier
        case nil: return false
        }
      }
      guard let found else {
        throw APIError.notFound("No view controller \(Self.name(ref)) in session '\(api.session)'")
      }
      return WebResponse.json(OutputFormat.json(found))
    }
  }

  private func listWindows(_ session: String) async throws -> [Curtain_V1_WindowInfo] {
    let response = try await bridge.call(.listWindows(Curtain_V1_ListWindows()), session: session)
    guard case .windows(let list)? = response.result else { throw unexpected(response) }
    return list.windows
  }

  private func controllers(_ session: String, past: Curtain_V1_PastPoint? = nil) async throws
    -> [Curtain_V1_ControllerInfo]
  {
    var list = Curtain_V1_ListControllers()
    if let past { list.past = past }
    let response = try await bridge.call(.listControllers(list), session: session)
    guard case .controllers(let list)? = response.result else { throw unexpected(response) }
    return list.controllers
  }

  private func transitions(_ session: String, window: UInt64) async throws
    -> [Curtain_V1_TransitionInfo]
  {
    var request = Curtain_V1_ListTransitions()
    request.windowID = window
    let response = try await bridge.call(.listTransitions(request), session: session)
    guard case .transitions(let list)? = response.result else { throw unexpected(response) }
    return list.transitions
  }

  private func tree(_ api: APIRequest, views: Bool, presentation: Bool) async throws
    -> Curtain_V1_Tree
  {
    var getTree = Curtain_V1_GetTree()
    getTree.windowID = try api.window
    getTree.includeViews = views
    getTree.presentation = presentation
    if let past = try api.past { getTree.past = past }
    let response = try await bridge.call(.getTree(getTree), session: api.session)
    guard case .tree(let tree)? = response.result else { throw unexpected(response) }
    return tree
  }

  static func name(_ ref: Curtain_V1_ControllerRef) -> String {
    switch ref.ref {
    case .id(let id): return "c\(id)"
    case .identifier(let identifier): return "@\(identifier)"
    case nil: return "?"
    }
  }
}

/// The error for a response of the wrong kind.
func unexpected(_ response: WireResponse) -> BridgeError {
  .unexpected("curtaind answered with \(response.resultName)")
}
