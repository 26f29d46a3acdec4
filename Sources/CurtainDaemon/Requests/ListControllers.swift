// `ListControllers`: the session's controllers by id: all of them, those in
// one window, or those in no window.

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
      var controllers = context.session.controllers.values.sorted { $0.id < $1.id }
      if let window = context.window {
        controllers = controllers.filter { $0.window === window }
      } else if body.detached {
        controllers = controllers.filter { $0.window == nil }
      }
      var list = Curtain_V1_ControllerList()
      list.controllers = controllers.map(Curtain_V1_ControllerInfo.init)
      return .ok(.controllers(list))
    })
}
