// `DeleteController`: destroys a controller in no window, with everything it
// contains; answers what was destroyed, as it was.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let deleteController = RequestHandler.controller(
    .deleteController, mutates: true, { $0.deleteController.controller },
    run: { context in
      let session = context.session
      let doomed = session.heldTree(of: [context.controller]).map(
        Curtain_V1_ControllerInfo.init)
      try session.deleteController(context.controller.id)
      var list = Curtain_V1_ControllerList()
      list.controllers = doomed
      return .ok(.controllers(list))
    })
}
