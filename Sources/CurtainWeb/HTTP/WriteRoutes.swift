// The changing side of the JSON API, for the page's buttons and slider;
// only with --read-write (otherwise 403, and the daemon knows curtain-web
// as a read-only client anyway). Operations answer as soon as the daemon
// accepts them (the page watches them happen on the WebSocket), with the
// OperationResult as `curtain --json` prints it. Bodies are JSON objects;
// `animated` defaults to true.
//
//   POST /api/windows/{w}/advance              {"seconds": 0.1} or {"to": 0.5}
//   POST /api/controllers/{c}/push             {"controller": "@X"} (absent: a new content controller)
//   POST /api/controllers/{c}/pop
//   POST /api/controllers/{c}/present          {"controller": "@X", "style": "pageSheet"}
//   POST /api/controllers/{c}/dismiss
//   POST /api/controllers/{c}/select-tab       {"tab": "1" | "@X" | "more"}
//   POST /api/controllers/{c}/interactive-pop  begins a percent-driven pop: {"transition": 3, …}
//   POST /api/transitions/{t}/update           {"percent": 0.4}
//   POST /api/transitions/{t}/finish           {"speed": 1}
//   POST /api/transitions/{t}/cancel           {"speed": 1}

import CurtainCLIKit
import CurtainWire
import Hummingbird

/// The routes that change windows.
struct WriteRoutes {
  let bridge: Bridge

  func add<Context: RequestContext>(to router: Router<Context>) {
    let api = router.group("api")
    api.post("windows/:window/advance") { request, context in
      let (api, body) = try await parse(request, context)
      var advance = Curtain_V1_AdvanceClock()
      advance.windowID = try api.window
      if let to = try body.number("to") {
        advance.toTime = to
      } else {
        advance.seconds = try body.number("seconds") ?? 1.0 / 60
      }
      let response = try await bridge.call(.advanceClock(advance), session: api.session)
      guard case .clock(let clock)? = response.result else { throw unexpected(response) }
      return WebResponse.json(OutputFormat.json(clock))
    }
    api.post("controllers/:controller/push") { request, context in
      let (api, body) = try await parse(request, context)
      var push = Curtain_V1_Push()
      push.navigation = try api.controller
      push.controller = try await controllerOrNew(body, api.session, title: "Pushed")
      push.notAnimated = !(try body.bool("animated", true))
      return try await operation(.push(push), api.session)
    }
    api.post("controllers/:controller/pop") { request, context in
      let (api, body) = try await parse(request, context)
      var pop = Curtain_V1_Pop()
      pop.navigation = try api.controller
      pop.notAnimated = !(try body.bool("animated", true))
      return try await operation(.pop(pop), api.session)
    }
    api.post("controllers/:controller/present") { request, context in
      let (api, body) = try await parse(request, context)
      var present = Curtain_V1_Present()
      present.presenter = try api.controller
      present.controller = try await controllerOrNew(body, api.session, title: "Presented")
      present.notAnimated = !(try body.bool("animated", true))
      if let name = try body.string("style") {
        guard let style = Curtain_V1_ModalPresentationStyle.nameTable.value(looselyNamed: name)
        else {
          throw APIError.invalid(
            "'style' must be \(Curtain_V1_ModalPresentationStyle.nameTable.list())")
        }
        present.style = style
      }
      return try await operation(.present(present), api.session)
    }
    api.post("controllers/:controller/dismiss") { request, context in
      let (api, body) = try await parse(request, context)
      var dismiss = Curtain_V1_Dismiss()
      dismiss.controller = try api.controller
      dismiss.notAnimated = !(try body.bool("animated", true))
      return try await operation(.dismiss(dismiss), api.session)
    }
    api.post("controllers/:controller/select-tab") { request, context in
      let (api, body) = try await parse(request, context)
      var select = Curtain_V1_SelectTab()
      select.tabBar = try api.controller
      guard let tab = try body.string("tab") else {
        throw APIError.invalid("'tab' is required: an index, a controller or 'more'")
      }
      do {
        select.selection = try TargetName.tab(tab)
      } catch {
        throw APIError.invalid("'tab': \(error)")
      }
      return try await operation(.selectTab(select), api.session)
    }
    api.post("controllers/:controller/interactive-pop") { request, context in
      let (api, _) = try await parse(request, context)
      var begin = Curtain_V1_BeginInteractive()
      begin.kind = .pop
      begin.controller = try api.controller
      // The operation's result names the transition the slider drives.
      return try await operation(.beginInteractive(begin), api.session)
    }
    api.post("transitions/:transition/update") { request, context in
      let (api, body) = try await parse(request, context)
      var update = Curtain_V1_UpdateInteractive()
      update.transitionID = try api.transition
      guard let percent = try body.number("percent") else {
        throw APIError.invalid("'percent' is required: a number from 0 to 1")
      }
      update.percent = percent
      return try await transition(.updateInteractive(update), api.session)
    }
    api.post("transitions/:transition/finish") { request, context in
      let (api, body) = try await parse(request, context)
      var finish = Curtain_V1_FinishInteractive()
      finish.transitionID = try api.transition
      finish.completionSpeed = try body.number("speed") ?? 1
      return try await transition(.finishInteractive(finish), api.session)
    }
    api.post("transitions/:transition/cancel") { request, context in
      let (api, body) = try await parse(request, context)
      var cancel = Curtain_V1_CancelInteractive()
      cancel.transitionID = try api.transition
      cancel.completionSpeed = try body.number("speed") ?? 1
      return try await transition(.cancelInteractive(cancel), api.session)
    }
  }

  /// The request's parts and body, once it is known that changes are
  /// allowed.
  private func parse(_ request: Request, _ context: some RequestContext) async throws -> (
    APIRequest, JSONBody
  ) {
    guard bridge.readWrite else { throw APIError.readOnly }
    return (APIRequest(request, context), try await JSONBody(request))
  }

  /// `controller` of the body, or a new content controller titled
  /// `title` (and its number).
  private func controllerOrNew(_ body: JSONBody, _ session: String, title: String) async throws
    -> Curtain_V1_ControllerRef
  {
    if let ref = try body.controller("controller") { return ref }
    var create = Curtain_V1_CreateController()
    create.kind = .content
    create.title = try body.string("title") ?? title
    let response = try await bridge.call(.createController(create), session: session)
    guard case .controller(let info)? = response.result else { throw unexpected(response) }
    var ref = Curtain_V1_ControllerRef()
    ref.id = info.id
    return ref
  }

  private func operation(_ body: WireRequest.OneOf_Body, _ session: String) async throws
    -> Response
  {
    let response = try await bridge.call(body, session: session)
    guard case .operation(let result)? = response.result else { throw unexpected(response) }
    return WebResponse.json(OutputFormat.json(result))
  }

  private func transition(_ body: WireRequest.OneOf_Body, _ session: String) async throws
    -> Response
  {
    let response = try await bridge.call(body, session: session)
    switch response.result {
    case .transition(let result)?: return WebResponse.json(OutputFormat.json(result))
    case .operation(let result)?: return WebResponse.json(OutputFormat.json(result))
    case .empty?: return WebResponse.json(.object([]))
    default: throw unexpected(response)
    }
  }
}
