// `ListControllers`: the session's controllers by id: all of them, those in
// one window, or those in no window; with `past`, as they were at a moment
// of a window's past (Server+Past.swift).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let listControllers = RequestHandler.session(
    .listControllers, mutates: false, window: { $0.listControllers.windowID },
    run: { context in
      let body = context.request.listControllers
      if body.detached, context.window != nil {
        return .invalid("ListControllers takes a window or detached, not both")
      }
      var session = context.session
      var window = context.window
      if body.hasPast {
        // Event numbers and times are per window: the past's, the listed
        // one, else the session's first.
        let id = body.past.windowID != 0 ? body.past.windowID : context.window?.id.rawValue ?? 0
        if let window, id != 0, window.id.rawValue != id {
          return .invalid(
            "ListControllers' past names window \(id), not the listed window "
              + "\(window.id.rawValue)")
        }
        guard let moment = PastMoment(body.past) else {
          return .invalid("ListControllers' past needs a seq or a time")
        }
        let live = try context.server.resolveWindow(id, in: session)
        let past = try context.server.past(of: live, in: session, at: moment)
        session = past.session
        window = window == nil ? nil : past.window
      }
      var controllers = session.controllers.values.sorted { $0.id < $1.id }
      if let window {
        controllers = controllers.filter { $0.window === window }
      } else if body.detached {
        controllers = controllers.filter { $0.window == nil }
      }
      var list = Curtain_V1_ControllerList()
      list.controllers = controllers.map(Curtain_V1_ControllerInfo.init)
      return .ok(.controllers(list))
    })
}
