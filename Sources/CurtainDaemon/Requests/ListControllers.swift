// `ListControllers`: every controller of the session.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let listControllers = RequestHandler.session(
    .listControllers, mutates: false,
    run: { context in
      var list = Curtain_V1_ControllerList()
      list.controllers = context.session.controllers.values.sorted { $0.id < $1.id }.map(
        Curtain_V1_ControllerInfo.init)
      return .ok(.controllers(list))
    })
}
